/** Journal kinds that are spends: they count against spending limits. */
export const SPEND_KINDS = ['card_spend', 'pix_spend'] as const
/** Hold kinds that reserve spendable for a purchase in progress. */
export const SPEND_HOLD_KINDS = ['card_authorization'] as const
/** The hold kind that reserves a pending withdrawal. */
export const WITHDRAWAL_HOLD_KIND = 'withdrawal'

/**
 * What uses up the spending limits (in USDC): spends, and money sent out (withdrawals, bank sends). We count
 * outgoing transfers too, so a stolen session cannot empty an account past its limits by withdrawing.
 */
export const LIMIT_JOURNAL_KINDS = [...SPEND_KINDS, 'crypto_withdrawal', 'bank_send'] as const
export const LIMIT_HOLD_KINDS = [...SPEND_HOLD_KINDS, WITHDRAWAL_HOLD_KIND] as const

/** Movement types as the holder filters history, and as they appear in its addresses. */
export const HISTORY_TYPES = ['card', 'withdrawal', 'deposit', 'pix', 'bank', 'repay', 'borrow'] as const
export type HistoryType = (typeof HISTORY_TYPES)[number]
/** Movement states as history shows them. */
export const HISTORY_STATUSES = [
  'pending',
  'settled',
  'declined',
  'cancelled',
  'failed',
  'returned',
  'refunded',
  'expired',
  'reversed',
] as const
