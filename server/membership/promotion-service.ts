import { say } from '../../domain/error-message'
import { sql, type Selectable } from 'kysely'
import { ACCOUNT_TIERS, TIER_NAMES, type AccountTier } from '../../domain/card-issuing'
import { DomainError } from '../../domain/errors'
import { isQualifyingSpend, monthOf, nextMonthStart } from '../../domain/membership'
import { toDecimal } from '../../domain/money'
import { balanceOf } from '../../domain/ledger-chart'
import { campaignIneligibility } from '../cashback/cashback-service'
import type { CashbackCampaignsTable } from '../db/schema'
import type { Deps } from '../http/route-table'
import { ledgerAccountId, postJournal } from '../ledger/ledger-service'
import type { Tx } from '../db/connect'
import { title } from '../../domain/movement-title'

async function poolAvailable(db: Tx): Promise<bigint> {
  const pool = await db
    .selectFrom('ledger_accounts')
    .selectAll()
    .where('account_id', 'is', null)
    .where('code', '=', 'cashback_pool')
    .where('asset', '=', 'USDC')
    .executeTakeFirst()
  return pool ? balanceOf(pool.normal, pool.debits_posted + pool.debits_pending, pool.credits_posted) : 0n
}

type CampaignRow = Selectable<CashbackCampaignsTable>

/** The campaign of a kind running at `now` (the latest started), else the next one to start; null when neither. */
export async function currentCampaign(
  db: Tx,
  kind: 'summer_mint' | 'membership_rewards',
  now: Date,
): Promise<CampaignRow | null> {
  const running = await db
    .selectFrom('cashback_campaigns')
    .selectAll()
    .where('kind', '=', kind)
    .where('starts_at', '<=', now)
    .where('ends_at', '>', now)
    .orderBy('starts_at', 'desc')
    .executeTakeFirst()
  if (running) return running
  return (
    (await db
      .selectFrom('cashback_campaigns')
      .selectAll()
      .where('kind', '=', kind)
      .where('starts_at', '>', now)
      .orderBy('starts_at')
      .executeTakeFirst()) ?? null
  )
}

const isRunning = (c: CampaignRow | null, now: Date): c is CampaignRow => !!c && c.starts_at <= now && c.ends_at > now

/** A campaign's reward per tier in USDC base units (0 for a tier it does not name). */
function tierRewards(c: CampaignRow | null): Record<AccountTier, bigint> {
  const v = c?.tier_rewards ?? {}
  return Object.fromEntries(ACCOUNT_TIERS.map((t) => [t, BigInt(v[t] ?? '0')])) as Record<AccountTier, bigint>
}

/** What the running membership-rewards campaign pays per tier (all zero when none runs): the benefits table. */
export async function runningTierRewards(db: Tx, now: Date): Promise<Record<AccountTier, bigint>> {
  const c = await currentCampaign(db, 'membership_rewards', now)
  return tierRewards(isRunning(c, now) ? c : null)
}

async function claimedTotal(db: Tx, campaignId: string, accountId?: string): Promise<bigint> {
  let q = db
    .selectFrom('membership_reward_claims')
    .select(sql<bigint>`COALESCE(sum(amount), 0)`.as('total'))
    .where('campaign_id', '=', campaignId)
  if (accountId) q = q.where('account_id', '=', accountId)
  return BigInt((await q.executeTakeFirstOrThrow()).total)
}

/** membership-rewards: the running campaign's reward for the account's tier this month, and whether it was claimed. */
export async function membershipRewardView(deps: Deps, db: Tx, accountId: string) {
  const account = await db.selectFrom('accounts').select('tier').where('id', '=', accountId).executeTakeFirstOrThrow()
  const now = deps.now()
  const month = monthOf(now)
  const campaign = await currentCampaign(db, 'membership_rewards', now)
  const running = isRunning(campaign, now)
  const claim = await db
    .selectFrom('membership_reward_claims')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('month', '=', month)
    .executeTakeFirst()
  const rewards = tierRewards(running ? campaign : null)
  const amount = rewards[account.tier]
  return {
    running,
    campaign: campaign
      ? {
          id: campaign.id,
          name: campaign.name,
          startsAt: campaign.starts_at.toISOString(),
          endsAt: campaign.ends_at.toISOString(),
        }
      : null,
    month,
    tier: account.tier,
    tierName: TIER_NAMES[account.tier],
    amount: toDecimal(amount, 'USDC'),
    rewards: running
      ? ACCOUNT_TIERS.map((tier) => ({ tier, tierName: TIER_NAMES[tier], amount: toDecimal(rewards[tier], 'USDC') }))
      : [],
    claimed: claim
      ? { amount: toDecimal(claim.amount, 'USDC'), tier: claim.tier, claimedAt: claim.created_at.toISOString() }
      : null,
    nextClaimFrom: nextMonthStart(now).toISOString(),
    poolShort: amount > 0n && (await poolAvailable(db)) < amount,
  }
}

/**
 * Claims this month's reward once from the running membership-rewards campaign, paid in USDC from the cashback
 * pool at the claim; refused clearly when no campaign runs, the account is not eligible, a cap is reached or
 * the pool is short.
 */
export async function claimMembershipReward(deps: Deps, db: Tx, accountId: string, userId: string) {
  const account = await db
    .selectFrom('accounts')
    .select('tier')
    .where('id', '=', accountId)
    .forNoKeyUpdate()
    .executeTakeFirstOrThrow()
  const now = deps.now()
  const month = monthOf(now)
  const campaign = await currentCampaign(db, 'membership_rewards', now)
  if (!isRunning(campaign, now)) throw new DomainError('reward_not_available', say('no_membership_rewards'))
  const claimed = await db
    .selectFrom('membership_reward_claims')
    .select('id')
    .where('account_id', '=', accountId)
    .where('month', '=', month)
    .executeTakeFirst()
  if (claimed) throw new DomainError('reward_already_claimed')
  const amount = tierRewards(campaign)[account.tier]
  if (amount <= 0n)
    throw new DomainError(
      'reward_not_available',
      amount === 0n && account.tier === 'core' ? undefined : say('tier_no_reward', { tier: TIER_NAMES[account.tier] }),
    )
  const reason = await campaignIneligibility(db, campaign, accountId)
  if (reason) throw new DomainError('reward_not_available', say(reason))
  // The campaign's row locked: claims from other accounts at the same time are counted against its total one after
  // the other, not each against what was claimed before either.
  await db.selectFrom('cashback_campaigns').select('id').where('id', '=', campaign.id).forNoKeyUpdate().execute()
  if ((await claimedTotal(db, campaign.id, accountId)) + amount > campaign.per_holder_cap)
    throw new DomainError('reward_not_available', say('promotion_holder_cap'))
  if ((await claimedTotal(db, campaign.id)) + amount > campaign.total_cap)
    throw new DomainError('reward_not_available', say('promotion_paid_out'))
  if ((await poolAvailable(db)) < amount) throw new DomainError('rewards_pool_short')
  const journalId = deps.newId()
  await postJournal(db, {
    id: journalId,
    kind: 'membership_reward',
    accountId,
    title: title('membership_reward', { tier: account.tier, month }),
    entries: [
      {
        ledgerAccountId: await ledgerAccountId(db, deps.newId, {
          accountId: null,
          code: 'cashback_pool',
          asset: 'USDC',
        }),
        side: 'debit',
        amount,
        asset: 'USDC',
      },
      {
        ledgerAccountId: await ledgerAccountId(db, deps.newId, { accountId, code: 'cash', asset: 'USDC' }),
        side: 'credit',
        amount,
        asset: 'USDC',
      },
    ],
  })
  await db
    .insertInto('membership_reward_claims')
    .values({
      id: deps.newId(),
      account_id: accountId,
      month,
      tier: account.tier,
      amount,
      journal_id: journalId,
      claimed_by: userId,
      created_at: deps.now(),
      campaign_id: campaign.id,
    })
    .execute()
  return membershipRewardView(deps, db, accountId)
}

/** Qualifying cleared spend inside a summer-mint campaign's window (net of refunds). */
async function summerMintSpent(db: Tx, accountId: string, c: CampaignRow): Promise<bigint> {
  const rows = await db
    .selectFrom('card_authorizations')
    .select(['mcc', sql<string>`COALESCE(cleared_amount, 0) - refunded_amount`.as('net')])
    .where('account_id', '=', accountId)
    .where('status', 'in', ['cleared', 'refunded'])
    .where('created_at', '>=', c.starts_at)
    .where('created_at', '<', c.ends_at)
    .execute()
  return rows.filter((r) => isQualifyingSpend(r.mcc)).reduce((sum, r) => sum + BigInt(r.net), 0n)
}

/**
 * After a cleared purchase: in each running summer-mint campaign the account is eligible for, mints the badge once the
 * goal is reached (kept for good).
 */
export async function recordSummerMintProgress(deps: Deps, db: Tx, accountId: string) {
  const now = deps.now()
  const running = await db
    .selectFrom('cashback_campaigns')
    .selectAll()
    .where('kind', '=', 'summer_mint')
    .where('starts_at', '<=', now)
    .where('ends_at', '>', now)
    .execute()
  for (const c of running) {
    if (!c.spend_goal) continue
    if (
      c.opt_in_required &&
      !(await db
        .selectFrom('campaign_opt_ins')
        .select('account_id')
        .where('campaign_id', '=', c.id)
        .where('account_id', '=', accountId)
        .executeTakeFirst())
    )
      continue
    if (await campaignIneligibility(db, c, accountId)) continue
    const spent = await summerMintSpent(db, accountId, c)
    if (spent < c.spend_goal) continue
    const has = await db
      .selectFrom('summer_mint_badges')
      .select('account_id')
      .where('account_id', '=', accountId)
      .where('campaign_id', '=', c.id)
      .executeTakeFirst()
    if (!has)
      await db
        .insertInto('summer_mint_badges')
        .values({ account_id: accountId, campaign_id: c.id, spent, earned_at: now })
        .execute()
  }
}

export async function summerMintView(deps: Deps, db: Tx, accountId: string) {
  const now = deps.now()
  const c = await currentCampaign(db, 'summer_mint', now)
  if (!c?.spend_goal)
    return {
      state: 'none' as const,
      campaign: null,
      startsAt: null,
      endsAt: null,
      goal: '0',
      spent: '0',
      progressPercent: 0,
      badge: null,
    }
  const spent = await summerMintSpent(db, accountId, c)
  const badge = await db
    .selectFrom('summer_mint_badges')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('campaign_id', '=', c.id)
    .executeTakeFirst()
  const state = now < c.starts_at ? 'upcoming' : now >= c.ends_at ? 'ended' : 'running'
  return {
    state: state as 'upcoming' | 'running' | 'ended',
    campaign: { id: c.id, name: c.name },
    startsAt: c.starts_at.toISOString(),
    endsAt: c.ends_at.toISOString(),
    goal: toDecimal(c.spend_goal, 'USDC'),
    spent: toDecimal(spent, 'USDC'),
    progressPercent: Math.min(100, Number((spent * 100n) / c.spend_goal)),
    badge: badge ? { earnedAt: badge.earned_at.toISOString() } : null,
  }
}
