import { say } from '../../domain/error-message'
import { sql } from 'kysely'
import { type AccountTier, TIER_NAMES } from '../../domain/card-issuing'
import { DomainError } from '../../domain/errors'
import {
  holdingPoints,
  isQualifyingSpend,
  monthOf,
  nextMonthStart,
  nextTier,
  previousMonth,
  requalifiedTier,
  spendPoints,
  tierAfterPoints,
  tierBenefits,
  tierForPoints,
  TIER_THRESHOLDS,
} from '../../domain/membership'
import { toDecimal } from '../../domain/money'
import { title, type MovementTitle } from '../../domain/movement-title'
import { usdValue } from '../../domain/prices'
import type { Deps } from '../http/route-table'
import { scheduleRecurring } from '../jobs/job-queue'
import { accountBalance } from '../ledger/ledger-service'
import type { Tx } from '../db/connect'
import { accrueReferral, payReferrals, refreshPendingQualifications } from './referral-service'
import { recordSummerMintProgress, runningTierRewards } from './promotion-service'

export const MEMBERSHIP_DAILY_JOB = 'membership.daily'

type Authorization = { id: string; account_id: string; card_id: string; mcc: string; merchant_name: string }

/** The points an account collected in a month. */
export async function monthPoints(db: Tx, accountId: string, month: string): Promise<number> {
  const row = await db
    .selectFrom('membership_points')
    .select(sql<string>`COALESCE(sum(points), 0)`.as('total'))
    .where('account_id', '=', accountId)
    .where('month', '=', month)
    .executeTakeFirst()
  return Number(row?.total ?? 0)
}

/**
 * Records one point movement (once per reference) and upgrades the tier at once when the month's points cross
 * a threshold. A lower total never downgrades here: that waits for the month's re-qualification.
 */
export async function recordPoints(
  deps: Pick<Deps, 'newId' | 'now'>,
  db: Tx,
  p: {
    accountId: string
    month: string
    points: number
    reason: 'card_spend' | 'card_refund' | 'weeth_holding'
    reference: string
    title: MovementTitle
  },
) {
  if (p.points === 0) return
  const inserted = await db
    .insertInto('membership_points')
    .values({
      id: deps.newId(),
      account_id: p.accountId,
      month: p.month,
      points: p.points,
      reason: p.reason,
      reference: p.reference,
      title: JSON.stringify(p.title),
      created_at: deps.now(),
    })
    .onConflict((oc) => oc.columns(['account_id', 'reason', 'reference']).doNothing())
    .returning('id')
    .executeTakeFirst()
  if (!inserted || p.points < 0 || p.month !== monthOf(deps.now())) return
  const account = await db
    .selectFrom('accounts')
    .select('tier')
    .where('id', '=', p.accountId)
    .forNoKeyUpdate()
    .executeTakeFirstOrThrow()
  const total = await monthPoints(db, p.accountId, p.month)
  const tier = tierAfterPoints(account.tier, total)
  if (tier !== account.tier) await changeTier(deps, db, p.accountId, account.tier, tier, 'upgrade', p.month, total)
}

async function changeTier(
  deps: Pick<Deps, 'newId' | 'now'>,
  db: Tx,
  accountId: string,
  from: AccountTier,
  to: AccountTier,
  reason: 'upgrade' | 'requalification' | 'vip_set' | 'vip_removed',
  month: string,
  points: number,
) {
  await db.updateTable('accounts').set({ tier: to }).where('id', '=', accountId).execute()
  await db
    .insertInto('membership_tier_changes')
    .values({
      id: deps.newId(),
      account_id: accountId,
      from_tier: from,
      to_tier: to,
      reason,
      month,
      points,
      created_at: deps.now(),
    })
    .execute()
}

/** A cleared card purchase: points, Summer Mint progress and the referrer's 1 %, all in the clearing's transaction. */
export async function onPurchaseCleared(deps: Deps, db: Tx, auth: Authorization, amount: bigint) {
  if (!isQualifyingSpend(auth.mcc)) return
  const now = deps.now()
  await recordPoints(deps, db, {
    accountId: auth.account_id,
    month: monthOf(now),
    points: spendPoints(amount),
    reason: 'card_spend',
    reference: auth.id,
    title: title('card', { merchant: auth.merchant_name }),
  })
  await recordSummerMintProgress(deps, db, auth.account_id)
  await accrueReferral(deps, db, auth, amount)
}

/**
 * A refund takes back the points its amount earned (in the month of the refund; it never downgrades before
 * re-qualification).
 */
export async function onPurchaseRefunded(
  deps: Deps,
  db: Tx,
  auth: Authorization & { refunded_amount: bigint },
  amount: bigint,
) {
  if (!isQualifyingSpend(auth.mcc)) return
  const before = spendPoints(auth.refunded_amount)
  const after = spendPoints(auth.refunded_amount + amount)
  await recordPoints(deps, db, {
    accountId: auth.account_id,
    month: monthOf(deps.now()),
    points: before - after,
    reason: 'card_refund',
    reference: `${auth.id}:${auth.refunded_amount + amount}`,
    title: title('card_refund', { merchant: auth.merchant_name }),
  })
}

/**
 * Holdings that earn daily points: weETH in the account's cash (Liquid vaults come later: add them here), and
 * wallets linked in settings, which count as 0 until a chain reader exists (the sandbox has no on-chain balances).
 */
async function heldUsd(deps: Deps, db: Tx, accountId: string): Promise<bigint> {
  const weeth = await db
    .selectFrom('ledger_accounts')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('code', '=', 'cash')
    .where('asset', '=', 'weETH')
    .executeTakeFirst()
  const inCash = weeth ? usdValue(accountBalance(weeth).balance, 'weETH', deps.prices()) : 0n
  return inCash + linkedWalletHoldingsUsd(accountId)
}

/** The hook for linked wallets' holdings: 0 until a chain reader exists. */
export function linkedWalletHoldingsUsd(_accountId: string): bigint {
  return 0n
}

/** The day's holding points for every account holding weETH (once per account and day). */
export async function creditHoldingPoints(deps: Deps, day: string) {
  const db = deps.db.kysely
  const holders = await db
    .selectFrom('ledger_accounts')
    .select('account_id')
    .where('code', '=', 'cash')
    .where('asset', '=', 'weETH')
    .where('account_id', 'is not', null)
    .execute()
  for (const { account_id: accountId } of holders) {
    const usd = await heldUsd(deps, db, accountId!)
    const points = holdingPoints(usd)
    await db.transaction().execute((tx) =>
      recordPoints(deps, tx, {
        accountId: accountId!,
        month: day.slice(0, 7),
        points,
        reason: 'weeth_holding',
        reference: `weeth:${day}`,
        title: title('weeth_held', { day, usd: String(usd) }),
      }),
    )
  }
}

/** At a month's start: every account's tier from last month's points; VIP is kept. Once per month. */
export async function requalify(deps: Deps, month: string): Promise<number> {
  return deps.db.kysely.transaction().execute(async (tx) => {
    const done = await tx
      .insertInto('membership_requalifications')
      .values({ month, accounts: 0, created_at: deps.now() })
      .onConflict((oc) => oc.column('month').doNothing())
      .returning('month')
      .executeTakeFirst()
    if (!done) return 0
    const last = previousMonth(month)
    const accounts = await tx.selectFrom('accounts').select(['id', 'tier']).execute()
    let changed = 0
    for (const a of accounts) {
      const points = await monthPoints(tx, a.id, last)
      const tier = requalifiedTier(a.tier, points)
      if (tier === a.tier) continue
      await changeTier(deps, tx, a.id, a.tier, tier, 'requalification', month, points)
      changed += 1
    }
    await tx.updateTable('membership_requalifications').set({ accounts: changed }).where('month', '=', month).execute()
    return changed
  })
}

/**
 * The daily job: holding points for the UTC day that ended; on a month's first day, re-qualification and referral
 * payouts. Then the next midnight.
 */
export async function runMembershipDaily(deps: Deps, day: string, self?: string) {
  await creditHoldingPoints(deps, day)
  await refreshPendingQualifications(deps)
  const now = deps.now()
  const month = monthOf(now)
  if (day.slice(0, 7) !== month) {
    const changed = await requalify(deps, month)
    const paid = await payReferrals(deps)
    deps.log.info('membership re-qualified', { month, changed, referralPayouts: paid })
  }
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1))
  await scheduleRecurring(deps, {
    kind: MEMBERSHIP_DAILY_JOB,
    payload: { day: new Date(next.getTime() - 1).toISOString().slice(0, 10) },
    runAt: next,
    from: 'run',
    self,
  })
}

/** Makes sure the daily membership job has a pending run (at start, after a restart): one, however many start. */
export async function scheduleMembershipJobs(deps: Deps) {
  const now = deps.now()
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1))
  await scheduleRecurring(deps, {
    kind: MEMBERSHIP_DAILY_JOB,
    payload: { day: now.toISOString().slice(0, 10) },
    runAt: next,
    from: 'start',
  })
}

/** VIP by invitation: an admin sets it; removing it sets the tier this month's points earn. */
export async function setVip(deps: Deps, db: Tx, accountId: string, vip: boolean) {
  const account = await db
    .selectFrom('accounts')
    .select(['tier'])
    .where('id', '=', accountId)
    .forNoKeyUpdate()
    .executeTakeFirst()
  if (!account) throw new DomainError('not_found', say('no_such_account'))
  const month = monthOf(deps.now())
  const points = await monthPoints(db, accountId, month)
  if (vip && account.tier !== 'vip')
    await changeTier(deps, db, accountId, account.tier, 'vip', 'vip_set', month, points)
  if (!vip && account.tier === 'vip')
    await changeTier(deps, db, accountId, 'vip', tierForPoints(points), 'vip_removed', month, points)
  return membershipView(deps, db, accountId)
}

export async function membershipView(deps: Deps, db: Tx, accountId: string) {
  const account = await db.selectFrom('accounts').select(['tier']).where('id', '=', accountId).executeTakeFirstOrThrow()
  const now = deps.now()
  const month = monthOf(now)
  const points = await monthPoints(db, accountId, month)
  const next = nextTier(account.tier, points)
  return {
    tier: account.tier,
    tierName: TIER_NAMES[account.tier],
    month,
    points,
    next: next
      ? { tier: next.tier, tierName: TIER_NAMES[next.tier], threshold: next.threshold, pointsNeeded: next.pointsNeeded }
      : null,
    /** The tier this month's points would keep at the next re-qualification. */
    requalifiesTo: requalifiedTier(account.tier, points),
    requalifiesAt: nextMonthStart(now).toISOString(),
    thresholds: TIER_THRESHOLDS,
    benefits: tierBenefits(await runningTierRewards(db, now)).map((b) => ({
      ...b,
      monthlyReward: toDecimal(b.monthlyReward, 'USDC'),
    })),
  }
}

/** Every point movement and tier change, newest first. */
export async function membershipActivity(db: Tx, accountId: string) {
  const points = await db
    .selectFrom('membership_points')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('created_at', 'desc')
    .limit(200)
    .execute()
  const changes = await db
    .selectFrom('membership_tier_changes')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('created_at', 'desc')
    .limit(50)
    .execute()
  const items = [
    ...points.map((p) => ({
      id: p.id,
      kind: 'points' as const,
      reason: p.reason,
      points: p.points,
      month: p.month,
      title: p.title,
      at: p.created_at.toISOString(),
      fromTier: null,
      toTier: null,
    })),
    ...changes.map((c) => ({
      id: c.id,
      kind: 'tier' as const,
      reason: c.reason,
      points: c.points,
      month: c.month,
      title: null,
      at: c.created_at.toISOString(),
      fromTier: c.from_tier,
      toTier: c.to_tier,
    })),
  ]
  return { items: items.sort((a, b) => b.at.localeCompare(a.at)) }
}
