import { categoryOf } from './authorization'
import { ACCOUNT_TIERS, CARD_COUNT_LIMITS, TIER_NAMES, type AccountTier } from './card-issuing'

/**
 * Membership (PRODUCT.md "Rewards"): points per calendar month (UTC), tiers by points, an upgrade at once,
 * a re-qualification from last month's points at each month's start, VIP set and removed only by admins.
 */

/** USDC has 6 decimals: one dollar in base units. */
export const ONE_DOLLAR = 1_000_000n

/** The tiers earned by points, lowest first, with the points a month needs. VIP is by invitation only. */
export const TIER_THRESHOLDS: Record<Exclude<AccountTier, 'vip'>, number> = { core: 0, luxe: 2_500, pinnacle: 10_000 }
export const EARNED_TIERS = ['core', 'luxe', 'pinnacle'] as const
export type EarnedTier = (typeof EARNED_TIERS)[number]

/** Cashback by tier, in percent (PRODUCT.md; the cashback engine pays it, we show it). */
export const TIER_CASHBACK_PERCENT: Record<AccountTier, number> = { core: 2, luxe: 3, pinnacle: 3, vip: 4 }

/** 1 point per whole dollar of a qualifying cleared purchase (cents do not round up). */
export const POINTS_PER_DOLLAR = 1
/** Daily holding points: 1 point per whole $100 of weETH held at the end of a UTC day. */
export const HOLDING_USD_PER_POINT = 100n

/** P2P money transfers (MCC 4829 and the 653x quasi-cash transfer codes) earn no points nor cashback. */
const P2P_MCCS = new Set(['4829', '6536', '6537', '6538'])

/**
 * A card purchase earns points (and referral cashback) unless it is ATM / a cash equivalent, gambling or a
 * P2P transfer. PIX payments are not card purchases, so they never reach this rule.
 */
export function isQualifyingSpend(mcc: string): boolean {
  const category = categoryOf(mcc)
  return category !== 'gambling' && category !== 'cash_equivalent' && !P2P_MCCS.has(mcc)
}

export function spendPoints(amount: bigint): number {
  if (amount <= 0n) return 0
  return Number(amount / ONE_DOLLAR) * POINTS_PER_DOLLAR
}

/** Points for one day of holdings worth `usdValue` (USDC base units). */
export function holdingPoints(usdValue: bigint): number {
  if (usdValue <= 0n) return 0
  return Number(usdValue / (HOLDING_USD_PER_POINT * ONE_DOLLAR))
}

/** The tier a month's points earn. */
export function tierForPoints(points: number): EarnedTier {
  if (points >= TIER_THRESHOLDS.pinnacle) return 'pinnacle'
  if (points >= TIER_THRESHOLDS.luxe) return 'luxe'
  return 'core'
}

const RANK: Record<AccountTier, number> = { core: 0, luxe: 1, pinnacle: 2, vip: 3 }

/**
 * After points move within a month: up at once when they cross a threshold, never down (that waits for
 * re-qualification). VIP stays.
 */
export function tierAfterPoints(current: AccountTier, monthPoints: number): AccountTier {
  const earned = tierForPoints(monthPoints)
  return RANK[earned] > RANK[current] ? earned : current
}

/** At a month's start: the tier last month's points earned, up or down. VIP is kept until an admin removes it. */
export function requalifiedTier(current: AccountTier, lastMonthPoints: number): AccountTier {
  return current === 'vip' ? 'vip' : tierForPoints(lastMonthPoints)
}

/** The next tier this month's points could reach, and how many points are missing; null at Pinnacle or VIP. */
export function nextTier(
  current: AccountTier,
  monthPoints: number,
): { tier: EarnedTier; threshold: number; pointsNeeded: number } | null {
  if (current === 'vip') return null
  for (const tier of EARNED_TIERS) {
    if (RANK[tier] > RANK[current] && TIER_THRESHOLDS[tier] > monthPoints)
      return { tier, threshold: TIER_THRESHOLDS[tier], pointsNeeded: TIER_THRESHOLDS[tier] - monthPoints }
  }
  return null
}

/** `YYYY-MM` of the UTC calendar month containing `at`. */
export function monthOf(at: Date): string {
  return at.toISOString().slice(0, 7)
}
export function monthStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1))
}
export function nextMonthStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1))
}
export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number]
  return monthOf(new Date(Date.UTC(y, m - 2, 1)))
}

/** The benefits table, from the same constants the cards and cashback use. */
/** `monthlyRewards`: what the running membership-rewards campaign pays per tier (none when no campaign runs). */
export function tierBenefits(monthlyRewards: Partial<Record<AccountTier, bigint>> = {}) {
  return ACCOUNT_TIERS.map((tier) => ({
    tier,
    name: TIER_NAMES[tier],
    threshold: tier === 'vip' ? null : TIER_THRESHOLDS[tier],
    cashbackPercent: TIER_CASHBACK_PERCENT[tier],
    virtualCards: CARD_COUNT_LIMITS.personal[tier].virtual,
    physicalCards: CARD_COUNT_LIMITS.personal[tier].physical,
    monthlyReward: monthlyRewards[tier] ?? 0n,
  }))
}

// ── membership-rewards promotion ──────────────────────────────────────────────────────────────────────────

/**
 * The first membership-rewards campaign's reward per tier (seeded; admins run later ones): what a holder may
 * claim once per calendar month, in USDC, by their tier at the time of the claim.
 */
export const MONTHLY_TIER_REWARD: Record<AccountTier, bigint> = {
  core: 0n,
  luxe: 5n * ONE_DOLLAR,
  pinnacle: 15n * ONE_DOLLAR,
  vip: 25n * ONE_DOLLAR,
}

// ── summer-mint promotion ─────────────────────────────────────────────────────────────────────────────────

/**
 * The first Summer Mint campaign (seeded; admins run later ones): reach the spend goal in qualifying cleared
 * purchases inside the window (UTC, Brazil's summer season) to mint the badge.
 */
export const SUMMER_MINT = {
  startsAt: new Date('2026-11-01T00:00:00Z'),
  endsAt: new Date('2027-03-01T00:00:00Z'),
  goal: 500n * ONE_DOLLAR,
} as const
/** The first membership-rewards campaign's window (seeded). */
export const MEMBERSHIP_REWARDS_WINDOW = {
  startsAt: new Date('2026-01-01T00:00:00Z'),
  endsAt: new Date('2028-01-01T00:00:00Z'),
} as const

// ── referrals ─────────────────────────────────────────────────────────────────────────────────────────────

export const REFERRAL_LINK_DAYS = 90
export const REFERRAL_WINDOW_DAYS = 30
/** 1 % of the referee's qualifying spend. */
export const REFERRAL_BPS = 100n
/** A month's referral cashback is paid only when strictly above $1; smaller totals roll over. */
export const REFERRAL_MIN_PAYOUT = ONE_DOLLAR
const DAY_MS = 86_400_000

export function referralLinkExpiry(createdAt: Date): Date {
  return new Date(createdAt.getTime() + REFERRAL_LINK_DAYS * DAY_MS)
}

/** A purchase at `at` earns the referrer cashback if it is within 30 days after the referral qualified. */
export function inReferralWindow(qualifiedAt: Date | null, at: Date): boolean {
  if (!qualifiedAt) return false
  const t = at.getTime() - qualifiedAt.getTime()
  return t >= 0 && t < REFERRAL_WINDOW_DAYS * DAY_MS
}

export function referralWindowEnd(qualifiedAt: Date): Date {
  return new Date(qualifiedAt.getTime() + REFERRAL_WINDOW_DAYS * DAY_MS)
}

/** 1 % of a purchase, rounded down to USDC base units. */
export function referralCashback(amount: bigint): bigint {
  return amount <= 0n ? 0n : (amount * REFERRAL_BPS) / 10_000n
}

/** Whether an unpaid total (this payout's month plus what rolled over) is paid now. */
export function referralPayoutDue(unpaidTotal: bigint): boolean {
  return unpaidTotal > REFERRAL_MIN_PAYOUT
}

/** A referral code: 8 characters a person can read aloud (no 0/O, 1/I/L). */
export const REFERRAL_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
export function referralCode(randomBytes: Uint8Array): string {
  return Array.from(randomBytes.slice(0, 8), (b) => REFERRAL_CODE_ALPHABET[b % REFERRAL_CODE_ALPHABET.length]).join('')
}
export const REFERRAL_CODE_PATTERN = /^[A-HJ-NP-Z2-9]{8}$/

/** "Paula Souza" → "P•••a S."; one name → "P•••a"; a short name keeps only its first letter. */
export function maskName(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean)
  if (parts.length === 0) return '•••'
  const first = parts[0]!
  const masked = first.length <= 2 ? `${first[0]}•••` : `${first[0]}•••${first[first.length - 1]}`
  return parts.length > 1 ? `${masked} ${parts[parts.length - 1]![0]!.toUpperCase()}.` : masked
}

/**
 * Who a verified identity names, as one string: the legal name without accents, case or spacing, the birth date and
 * the nationality. Two approved KYC applications with the same key are one person verified twice: a referral between
 * them earns nothing (`not_eligible`). Two people who share all three lose a referral's cashback, which is rarer and
 * cheaper than one person paying themselves.
 */
export function identityKey(identity: { legalName: string; birthDate: string; nationality: string }): string {
  const name = identity.legalName
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
  return `${name}|${identity.birthDate.trim()}|${identity.nationality.trim().toUpperCase()}`
}

/** A referral's state as the referrer sees it. */
export type ReferralState = 'signed_up' | 'earning' | 'completed' | 'not_eligible'
export function referralState(qualifiedAt: Date | null, now: Date, ineligible = false): ReferralState {
  if (ineligible) return 'not_eligible'
  if (!qualifiedAt) return 'signed_up'
  return inReferralWindow(qualifiedAt, now) ? 'earning' : 'completed'
}
