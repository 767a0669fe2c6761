import type { Spendable } from './spendable'

/** Why a card purchase is declined. Stable codes; each has a message the holder sees in history. */
export const DECLINE_REASONS = {
  account_frozen: 'Declined: this account is frozen by Cash. Contact support.',
  card_frozen: 'Declined: this card is frozen. Unfreeze it to pay.',
  card_cancelled: 'Declined: this card is cancelled.',
  card_not_activated: 'Declined: this card is not activated yet. Activate it in the app when it arrives.',
  merchant_category_blocked: 'Declined: purchases of this kind are blocked on this card.',
  over_card_purchase_limit: 'Declined: over this card’s limit per purchase.',
  over_card_daily_limit: 'Declined: over this card’s daily limit.',
  over_card_monthly_limit: 'Declined: over this card’s monthly limit.',
  over_daily_limit: 'Declined: over your daily spending limit.',
  over_monthly_limit: 'Declined: over your monthly spending limit.',
  insufficient_spendable: 'Declined: not enough spendable balance.',
  authorization_closed: 'Declined: the purchase this adds to is no longer open (settled, cancelled or expired).',
  timeout: 'Declined: Cash did not answer the card network in time.',
} as const
export type DeclineReason = keyof typeof DECLINE_REASONS

export type CardRules = {
  status: 'active' | 'frozen' | 'cancelled'
  /** A physical card is usable only once its holder activated it; virtual cards are always activated. */
  activated: boolean
  perPurchaseLimit: bigint | null
  dailyLimit: bigint | null
  monthlyLimit: bigint | null
  blockedCategories: readonly string[]
}

export type AuthorizationInput = {
  card: CardRules
  /** An admin froze the whole account: every purchase is declined, whatever the card. */
  accountFrozen?: boolean
  amount: bigint
  mcc: string
  cardSpentToday: bigint
  cardSpentThisMonth: bigint
  spendable: Spendable
  /**
   * For an incremental authorization: what the authorization already holds (the per-purchase limit covers the total).
   */
  alreadyAuthorized?: bigint
}

/**
 * The authorization decision, in order: the card's state, its blocked categories, its own limits, then the
 * account's spendable (which already holds the account limits and the mode's capacity).
 */
export function decideAuthorization(
  input: AuthorizationInput,
): { approved: true } | { approved: false; reason: DeclineReason } {
  const { card, amount } = input
  if (input.accountFrozen) return { approved: false, reason: 'account_frozen' }
  if (card.status === 'frozen') return { approved: false, reason: 'card_frozen' }
  if (card.status === 'cancelled') return { approved: false, reason: 'card_cancelled' }
  if (!card.activated) return { approved: false, reason: 'card_not_activated' }
  if (card.blockedCategories.includes(categoryOf(input.mcc)))
    return { approved: false, reason: 'merchant_category_blocked' }
  if (card.perPurchaseLimit !== null && (input.alreadyAuthorized ?? 0n) + amount > card.perPurchaseLimit)
    return { approved: false, reason: 'over_card_purchase_limit' }
  if (card.dailyLimit !== null && input.cardSpentToday + amount > card.dailyLimit)
    return { approved: false, reason: 'over_card_daily_limit' }
  if (card.monthlyLimit !== null && input.cardSpentThisMonth + amount > card.monthlyLimit)
    return { approved: false, reason: 'over_card_monthly_limit' }
  const s = input.spendable
  if (amount > s.spendable) {
    const reason =
      amount > s.dailyLeft
        ? 'over_daily_limit'
        : amount > s.monthlyLeft
          ? 'over_monthly_limit'
          : 'insufficient_spendable'
    return { approved: false, reason }
  }
  return { approved: true }
}

/** Merchant category groups by MCC, for blocking and for the cashback rules to come. */
export function categoryOf(mcc: string): string {
  const n = Number(mcc)
  if (n === 7995 || n === 7800 || n === 7801 || n === 7802) return 'gambling'
  if (n === 6010 || n === 6011 || n === 6051 || n === 6540) return 'cash_equivalent'
  if ((n >= 3501 && n <= 3999) || n === 7011) return 'hotel'
  if ((n >= 3351 && n <= 3500) || n === 7512) return 'car_rental'
  if (n === 5812 || n === 5813 || n === 5814) return 'restaurants'
  if (n === 5411) return 'groceries'
  return 'other'
}

/** A hold not cleared in 7 days expires; 31 for hotels and car rental, which clear late. */
export function holdDays(mcc: string): number {
  const c = categoryOf(mcc)
  return c === 'hotel' || c === 'car_rental' ? 31 : 7
}

/**
 * When the job that lets go of a hold ending at `expiresAt` runs: the first whole minute at or after it. One job a
 * minute lets go of every hold due by then, however many purchases were decided in it (a job per batch of
 * decisions was hundreds of jobs a second under card traffic); a hold is let go of at most a minute after its time,
 * and counts as held until then.
 */
export const expiryMoment = (expiresAt: Date): Date => new Date(Math.ceil(expiresAt.getTime() / 60_000) * 60_000)

/** A clearing may differ from its authorization by up to 20 % (tips); beyond, it is a failed recon. */
export const OVERCAPTURE_BPS = 2_000n
export function clearingWithinTolerance(authorized: bigint, cleared: bigint): boolean {
  return cleared * 10_000n <= authorized * (10_000n + OVERCAPTURE_BPS)
}
