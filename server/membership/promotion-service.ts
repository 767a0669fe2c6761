import { sql } from 'kysely'
import { TIER_NAMES } from '../../domain/card-issuing'
import { DomainError } from '../../domain/errors'
import { inSummerMintWindow, isQualifyingSpend, MONTHLY_TIER_REWARD, monthOf, nextMonthStart, SUMMER_MINT } from '../../domain/membership'
import { toDecimal } from '../../domain/money'
import { balanceOf } from '../../domain/ledger-chart'
import type { Deps } from '../http/route-table'
import { ledgerAccountId, postJournal, type Tx } from '../ledger/ledger-service'

async function poolAvailable(db: Tx): Promise<bigint> {
  const pool = await db.selectFrom('ledger_accounts').selectAll().where('account_id', 'is', null).where('code', '=', 'cashback_pool').where('asset', '=', 'USDC').executeTakeFirst()
  return pool ? balanceOf(pool.normal, pool.debits_posted + pool.debits_pending, pool.credits_posted) : 0n
}

/** membership-rewards: this month's reward for the account's tier, and whether it was claimed. */
export async function membershipRewardView(deps: Deps, db: Tx, accountId: string) {
  const account = await db.selectFrom('accounts').select('tier').where('id', '=', accountId).executeTakeFirstOrThrow()
  const now = deps.now()
  const month = monthOf(now)
  const claim = await db.selectFrom('membership_reward_claims').selectAll().where('account_id', '=', accountId).where('month', '=', month).executeTakeFirst()
  const amount = MONTHLY_TIER_REWARD[account.tier]
  return {
    month,
    tier: account.tier,
    tierName: TIER_NAMES[account.tier],
    amount: toDecimal(amount, 'USDC'),
    rewards: Object.entries(MONTHLY_TIER_REWARD).map(([tier, value]) => ({ tier: tier as keyof typeof TIER_NAMES, tierName: TIER_NAMES[tier as keyof typeof TIER_NAMES], amount: toDecimal(value, 'USDC') })),
    claimed: claim ? { amount: toDecimal(claim.amount, 'USDC'), tier: claim.tier, claimedAt: claim.created_at.toISOString() } : null,
    nextClaimFrom: nextMonthStart(now).toISOString(),
    poolShort: amount > 0n && (await poolAvailable(db)) < amount,
  }
}

/** Claims this month's reward once, paid in USDC from the cashback pool; refused clearly when the pool is short. */
export async function claimMembershipReward(deps: Deps, db: Tx, accountId: string, userId: string) {
  const account = await db.selectFrom('accounts').select('tier').where('id', '=', accountId).forNoKeyUpdate().executeTakeFirstOrThrow()
  const month = monthOf(deps.now())
  const claimed = await db.selectFrom('membership_reward_claims').select('id').where('account_id', '=', accountId).where('month', '=', month).executeTakeFirst()
  if (claimed) throw new DomainError('reward_already_claimed')
  const amount = MONTHLY_TIER_REWARD[account.tier]
  if (amount <= 0n) throw new DomainError('reward_not_available')
  if ((await poolAvailable(db)) < amount) throw new DomainError('rewards_pool_short')
  const journalId = deps.newId()
  await postJournal(db, {
    id: journalId,
    kind: 'membership_reward',
    accountId,
    description: `${TIER_NAMES[account.tier]} membership reward · ${month}`,
    entries: [
      { ledgerAccountId: await ledgerAccountId(db, deps.newId, { accountId: null, code: 'cashback_pool', asset: 'USDC' }), side: 'debit', amount, asset: 'USDC' },
      { ledgerAccountId: await ledgerAccountId(db, deps.newId, { accountId, code: 'cash', asset: 'USDC' }), side: 'credit', amount, asset: 'USDC' },
    ],
  })
  await db.insertInto('membership_reward_claims').values({ id: deps.newId(), account_id: accountId, month, tier: account.tier, amount, journal_id: journalId, claimed_by: userId, created_at: deps.now() }).execute()
  return membershipRewardView(deps, db, accountId)
}

/** Qualifying cleared spend inside the Summer Mint window (net of refunds). */
async function summerMintSpent(db: Tx, accountId: string): Promise<bigint> {
  const rows = await db
    .selectFrom('card_authorizations')
    .select(['mcc', sql<string>`COALESCE(cleared_amount, 0) - refunded_amount`.as('net')])
    .where('account_id', '=', accountId)
    .where('status', 'in', ['cleared', 'refunded'])
    .where('created_at', '>=', SUMMER_MINT.startsAt)
    .where('created_at', '<', SUMMER_MINT.endsAt)
    .execute()
  return rows.filter((r) => isQualifyingSpend(r.mcc)).reduce((sum, r) => sum + BigInt(r.net), 0n)
}

/** After a cleared purchase in the window: mints the badge once the goal is reached (kept for good). */
export async function recordSummerMintProgress(deps: Deps, db: Tx, accountId: string) {
  if (!inSummerMintWindow(deps.now())) return
  const spent = await summerMintSpent(db, accountId)
  if (spent < SUMMER_MINT.goal) return
  await db.insertInto('summer_mint_badges').values({ account_id: accountId, spent, earned_at: deps.now() }).onConflict((oc) => oc.column('account_id').doNothing()).execute()
}

export async function summerMintView(deps: Deps, db: Tx, accountId: string) {
  const now = deps.now()
  const spent = await summerMintSpent(db, accountId)
  const badge = await db.selectFrom('summer_mint_badges').selectAll().where('account_id', '=', accountId).executeTakeFirst()
  const state = now < SUMMER_MINT.startsAt ? 'upcoming' : now >= SUMMER_MINT.endsAt ? 'ended' : 'running'
  return {
    state: state as 'upcoming' | 'running' | 'ended',
    startsAt: SUMMER_MINT.startsAt.toISOString(),
    endsAt: SUMMER_MINT.endsAt.toISOString(),
    goal: toDecimal(SUMMER_MINT.goal, 'USDC'),
    spent: toDecimal(spent, 'USDC'),
    progressPercent: Math.min(100, Number((spent * 100n) / SUMMER_MINT.goal)),
    badge: badge ? { earnedAt: badge.earned_at.toISOString() } : null,
  }
}
