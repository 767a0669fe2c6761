/** Journal kinds that are spends: they count against spending limits. */
export const SPEND_KINDS = ['card_spend', 'pix_spend'] as const
/** Hold kinds that reserve spendable for a purchase in progress. */
export const SPEND_HOLD_KINDS = ['card_authorization'] as const
/** The hold kind that reserves a pending withdrawal. */
export const WITHDRAWAL_HOLD_KIND = 'withdrawal'
