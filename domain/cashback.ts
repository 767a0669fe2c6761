import { categoryOf } from './authorization'
import type { AccountTier } from './card-issuing'
import { applyBps, minBig } from './money'

/** Cashback by membership tier, in basis points (PRODUCT.md "Rewards"); corporate accounts earn the Core rate. */
export const TIER_CASHBACK_BPS: Record<AccountTier, number> = { core: 200, luxe: 300, pinnacle: 300, vip: 400 }
export const CORPORATE_CASHBACK_BPS = 200
/** Everything a purchase earns (tier + rules + campaigns) never exceeds 10 % of it. */
export const MAX_CASHBACK_BPS = 1_000
/** The most cashback one account earns per calendar month (UTC), across regular and promotion lines: $200. */
export const MONTHLY_CASHBACK_CAP = 200_000_000n
/** A line waits out the refund window before it is paid. */
export const CASHBACK_PENDING_DAYS = 14
/** A rule change that lowers or removes cashback takes effect no sooner than this after it is announced. */
export const CASHBACK_CUT_NOTICE_DAYS = 30

export const CASHBACK_LINE_TYPES = ['regular', 'promotion', 'referral'] as const
export type CashbackLineType = (typeof CASHBACK_LINE_TYPES)[number]
export const CASHBACK_LINE_STATES = ['pending', 'paid', 'cancelled'] as const
export type CashbackLineState = (typeof CASHBACK_LINE_STATES)[number]

/** Merchant categories a cashback rule or a splashback campaign may name. */
export const CASHBACK_CATEGORIES = ['restaurants', 'groceries', 'hotel', 'car_rental', 'other'] as const
export type CashbackCategory = (typeof CASHBACK_CATEGORIES)[number]

/** Person-to-person transfers and account funding by card (MoneySend, quasi-cash funding). */
const P2P_MCCS = new Set(['4829', '6012', '6536', '6537', '6538', '6540'])

/** Whether a card purchase earns cashback: not gambling, ATM or cash equivalents, P2P or account funding. */
export function qualifiesForCashback(mcc: string): boolean {
  if (P2P_MCCS.has(mcc)) return false
  const c = categoryOf(mcc)
  return c !== 'gambling' && c !== 'cash_equivalent'
}

export function tierRateBps(accountKind: 'personal' | 'corporate', tier: AccountTier): number {
  return accountKind === 'corporate' ? CORPORATE_CASHBACK_BPS : TIER_CASHBACK_BPS[tier]
}

/** One version of a cashback rule: it adds `bps` to purchases in its category / at its merchant within its dates. */
export type CashbackRuleVersion = {
  ruleId: string
  version: number
  category: string | null
  merchantName: string | null
  startsAt: Date | null
  endsAt: Date | null
  bps: number
  removed: boolean
  effectiveFrom: Date
}

/** The version of each rule in force at `at` (the latest whose effective time has come), removed rules left out. */
export function rulesInForce(versions: readonly CashbackRuleVersion[], at: Date): CashbackRuleVersion[] {
  const latest = new Map<string, CashbackRuleVersion>()
  for (const v of versions) {
    if (v.effectiveFrom.getTime() > at.getTime()) continue
    const cur = latest.get(v.ruleId)
    if (!cur || v.version > cur.version) latest.set(v.ruleId, v)
  }
  return [...latest.values()].filter((v) => !v.removed)
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

/** Whether a rule (in force) matches a purchase: its category, its merchant and its date range, each when set. */
export function ruleMatches(
  rule: Pick<CashbackRuleVersion, 'category' | 'merchantName' | 'startsAt' | 'endsAt'>,
  purchase: { mcc: string; merchantName: string; at: Date },
): boolean {
  if (rule.category !== null && rule.category !== categoryOf(purchase.mcc)) return false
  if (rule.merchantName !== null && !sameName(rule.merchantName, purchase.merchantName)) return false
  if (rule.startsAt !== null && purchase.at.getTime() < rule.startsAt.getTime()) return false
  if (rule.endsAt !== null && purchase.at.getTime() >= rule.endsAt.getTime()) return false
  return true
}

/**
 * Whether replacing `before` with `after` lowers or removes cashback for some purchase: removed, fewer bps,
 * a different category or merchant, or a shorter date range. Such a change needs CASHBACK_CUT_NOTICE_DAYS.
 */
export function isCashbackCut(
  before: Omit<CashbackRuleVersion, 'ruleId' | 'version' | 'effectiveFrom'> | null,
  after: Omit<CashbackRuleVersion, 'ruleId' | 'version' | 'effectiveFrom'>,
): boolean {
  if (!before || before.removed) return false
  if (after.removed || after.bps < before.bps) return true
  // A different scope leaves some purchases that earned before without the rule: counted as a cut.
  if (after.category !== before.category) return true
  if ((after.merchantName ?? '').toLowerCase() !== (before.merchantName ?? '').toLowerCase()) return true
  const t = (d: Date | null, none: number) => (d ? d.getTime() : none)
  if (t(after.startsAt, -Infinity) > t(before.startsAt, -Infinity)) return true
  if (t(after.endsAt, Infinity) < t(before.endsAt, Infinity)) return true
  return false
}

/** The earliest a change may take effect when announced at `now`. */
export function earliestEffective(cut: boolean, now: Date): Date {
  return cut ? new Date(now.getTime() + CASHBACK_CUT_NOTICE_DAYS * 86_400_000) : now
}

export const CAMPAIGN_KINDS = ['splashback', 'triple_dip', 'summer_mint', 'membership_rewards'] as const
export type CampaignKind = (typeof CAMPAIGN_KINDS)[number]
/** The kinds that add promotion cashback to purchases (the others have their own reward: a badge, a monthly claim). */
export const CASHBACK_CAMPAIGN_KINDS = ['splashback', 'triple_dip'] as const
export type CashbackCampaignKind = (typeof CASHBACK_CAMPAIGN_KINDS)[number]
/** Without a payout date, a campaign's promotion cashback is paid this long after its window ends. */
export const CAMPAIGN_PAYOUT_DAYS = 14

/** When a campaign's promotion cashback is paid: its payout date, else its window's end + CAMPAIGN_PAYOUT_DAYS. */
export function campaignPayoutAt(c: { endsAt: Date; payoutAt: Date | null }): Date {
  return c.payoutAt ?? new Date(c.endsAt.getTime() + CAMPAIGN_PAYOUT_DAYS * 86_400_000)
}

/** A campaign as the engine needs it; `eligible` is decided by the server (KYC, active card, personal only, opt-in). */
export type CampaignInput = {
  id: string
  kind: CashbackCampaignKind
  /** Splashback: the category it boosts and by how many bps. */
  category: string | null
  bps: number
  /** Triple-dip: the tier rate is multiplied by this for the window (3 → two extra tier rates as promotion). */
  multiplier: number
  startsAt: Date
  endsAt: Date
  eligible: boolean
  /** What is left of the campaign's total cap and of this holder's cap, in USDC base units. */
  remainingTotal: bigint
  remainingForHolder: bigint
}

/** The extra bps a campaign adds to a purchase (before the caps), or 0 when it does not apply. */
export function campaignBps(c: CampaignInput, purchase: { mcc: string; at: Date }, tierBps: number): number {
  if (!c.eligible) return 0
  if (purchase.at.getTime() < c.startsAt.getTime() || purchase.at.getTime() >= c.endsAt.getTime()) return 0
  if (c.kind === 'splashback') return c.category === categoryOf(purchase.mcc) ? c.bps : 0
  return Math.max(0, c.multiplier - 1) * tierBps
}

export type CashbackInput = {
  amount: bigint
  mcc: string
  merchantName: string
  /** When the purchase was authorized: rule versions, rule dates and campaign windows are read at this time. */
  at: Date
  accountKind: 'personal' | 'corporate'
  tier: AccountTier
  rules: readonly CashbackRuleVersion[]
  campaigns: readonly CampaignInput[]
  /** Cashback this account already earned this month (net of clawbacks). */
  earnedThisMonth: bigint
}

export type CashbackLineDraft = {
  type: CashbackLineType
  amount: bigint
  bps: number
  campaignId: string | null
  ruleIds: string[]
}

/**
 * The cashback a cleared purchase earns, as typed lines: regular (tier rate + matching rules) first, then a
 * promotion line per campaign. Rates add in bps, the total is held to MAX_CASHBACK_BPS, each amount rounds
 * down, promotions to their campaign's caps, and everything to what is left of the monthly cap.
 */
export function computeCashback(input: CashbackInput): CashbackLineDraft[] {
  if (input.amount <= 0n || !qualifiesForCashback(input.mcc)) return []
  const tierBps = tierRateBps(input.accountKind, input.tier)
  const purchase = { mcc: input.mcc, merchantName: input.merchantName, at: input.at }
  const matching = rulesInForce(input.rules, input.at).filter((r) => ruleMatches(r, purchase))
  let headroom = MAX_CASHBACK_BPS
  let monthLeft = input.earnedThisMonth >= MONTHLY_CASHBACK_CAP ? 0n : MONTHLY_CASHBACK_CAP - input.earnedThisMonth
  const lines: CashbackLineDraft[] = []
  const regularBps = Math.min(headroom, tierBps + matching.reduce((s, r) => s + Math.max(0, r.bps), 0))
  headroom -= regularBps
  const regular = minBig(applyBps(input.amount, BigInt(regularBps)), monthLeft)
  monthLeft -= regular
  if (regular > 0n)
    lines.push({
      type: 'regular',
      amount: regular,
      bps: regularBps,
      campaignId: null,
      ruleIds: matching.map((r) => r.ruleId),
    })
  for (const c of input.campaigns) {
    const bps = Math.min(headroom, campaignBps(c, purchase, tierBps))
    if (bps <= 0) continue
    const amount = minBig(
      applyBps(input.amount, BigInt(bps)),
      monthLeft,
      c.remainingTotal < 0n ? 0n : c.remainingTotal,
      c.remainingForHolder < 0n ? 0n : c.remainingForHolder,
    )
    if (amount <= 0n) continue
    headroom -= bps
    monthLeft -= amount
    lines.push({ type: 'promotion', amount, bps, campaignId: c.id, ruleIds: [] })
  }
  return lines
}

/** A recorded line as clawback needs it. */
export type ClawbackLine = { id: string; amount: bigint; clawedBack: bigint; state: CashbackLineState }

/**
 * A refund claws back cashback in proportion to what of the purchase is refunded so far (a full refund takes
 * all of it): each line's clawed total becomes ⌈amount × refunded / cleared⌉, never more than the line.
 * Pending lines give the difference up (cancelled when nothing is left); paid lines take it from the refund.
 */
export function clawback(
  lines: readonly ClawbackLine[],
  refundedSoFar: bigint,
  cleared: bigint,
): { id: string; delta: bigint; fromRefund: boolean; cancelled: boolean }[] {
  if (cleared <= 0n) return []
  const refunded = refundedSoFar > cleared ? cleared : refundedSoFar < 0n ? 0n : refundedSoFar
  const out: { id: string; delta: bigint; fromRefund: boolean; cancelled: boolean }[] = []
  for (const l of lines) {
    if (l.state === 'cancelled') continue
    const target = minBig(l.amount, (l.amount * refunded + cleared - 1n) / cleared)
    const delta = target - l.clawedBack
    if (delta <= 0n) continue
    out.push({
      id: l.id,
      delta,
      fromRefund: l.state === 'paid',
      cancelled: l.state === 'pending' && target === l.amount,
    })
  }
  return out
}

/** When a line created at `clearedAt` is paid. */
export function payableAt(clearedAt: Date): Date {
  return new Date(clearedAt.getTime() + CASHBACK_PENDING_DAYS * 86_400_000)
}
