/**
 * The chart of ledger accounts. Holder accounts are the platform's liabilities (credit-normal); debt and
 * custody are its assets (debit-normal). `noOverdraft` makes the ledger refuse a posting or hold that would
 * take the balance, net of pending reservations, below zero.
 */
export const LEDGER_CODES = {
  /** A holder's balance of one asset. */
  cash: { normal: 'credit', noOverdraft: true, owner: 'holder' },
  /** What a Borrow-mode holder owes, in USDC. Cannot be repaid below zero. */
  debt: { normal: 'debit', noOverdraft: true, owner: 'holder' },
  /** Assets the platform holds on chain or at banks for holders. */
  custody: { normal: 'debit', noOverdraft: false, owner: 'platform' },
  /** Fees the platform earned (bank, PIX, bridge), per asset. */
  fees: { normal: 'credit', noOverdraft: false, owner: 'platform' },
  /** What the platform owes the card network for cleared purchases. */
  card_settlement: { normal: 'credit', noOverdraft: false, owner: 'platform' },
  /** Borrow interest the platform earned, in USDC. */
  interest: { normal: 'credit', noOverdraft: false, owner: 'platform' },
  /**
   * The platform's side of an exchange between assets at the current price (a liquidation sells a holder's
   * collateral for USDC that repays their debt): credited in the asset taken, debited in the asset given.
   */
  conversion: { normal: 'credit', noOverdraft: false, owner: 'platform' },
  /**
   * Holders' deposits in the Liquid vaults, per asset (the platform owes them back at the share price):
   * credited by deposits, debited by settled withdrawals, yield included.
   */
  vault: { normal: 'credit', noOverdraft: false, owner: 'platform' },
  /**
   * USDC set aside to pay cashback and referral rewards: funded by the platform, paid out to holders. It can
   * run short (no overdraft): cashback then waits as pending until it is funded.
   */
  cashback_pool: { normal: 'credit', noOverdraft: true, owner: 'platform' },
  /** What the platform gave holders from its own pocket by manual refund (an expense), per asset. */
  refunds: { normal: 'debit', noOverdraft: false, owner: 'platform' },
  /** Losses the platform absorbed: failed recons written off (the network is paid, the holder is not charged). */
  write_offs: { normal: 'debit', noOverdraft: false, owner: 'platform' },
} as const

export type LedgerCode = keyof typeof LEDGER_CODES
export type Side = 'debit' | 'credit'

/** The signed change a posting makes to a balance of the given normal side. */
export function balanceOf(normal: Side, debits: bigint, credits: bigint): bigint {
  return normal === 'credit' ? credits - debits : debits - credits
}
