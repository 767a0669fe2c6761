import { HELD_ASSETS, type HeldAsset } from './asset'
import { COLLATERAL, type Mode } from './account-rules'
import { applyBps, minBig } from './money'
import { usdValue, type PriceTable } from './prices'

/** What decides spendable, all in base units (USD figures in USDC units). */
export type SpendableInput = {
  mode: Mode
  /** Posted balance per held asset. */
  balances: Record<HeldAsset, bigint>
  /**
   * What stays in each asset once what is on its way out of it leaves (a withdrawal in its security delay, a purchase
   * approved in Direct Pay and paid from cash): the collateral Borrow lends against. A purchase must not borrow
   * against weETH a withdrawal is already taking out.
   */
  collateral: Record<HeldAsset, bigint>
  /** USDC reserved by pending card holds. */
  pendingHolds: bigint
  /** USDC on hold to be borrowed: the holds of purchases approved in Borrow mode, on the debt account. */
  pendingBorrowed: bigint
  /** USDC reserved by the pending withdrawal, if any. */
  pendingWithdrawal: bigint
  /** Borrowed USDC outstanding (Borrow mode). */
  debt: bigint
  prices: PriceTable
  dailyLimit: bigint
  monthlyLimit: bigint
  spentToday: bigint
  spentThisMonth: bigint
}

export type Spendable = {
  spendable: bigint
  dailyLeft: bigint
  monthlyLeft: bigint
  capacity: bigint
  /** Which of the three bounds decides spendable. */
  limitedBy: 'daily' | 'monthly' | 'capacity'
}

const nonNegative = (v: bigint) => (v < 0n ? 0n : v)

/** Σ collateral value × LTV, in USDC units: what a Borrow position may owe. */
export function borrowLimit(balances: Record<HeldAsset, bigint>, prices: PriceTable): bigint {
  return HELD_ASSETS.reduce(
    (sum, asset) => sum + applyBps(usdValue(balances[asset], asset, prices), COLLATERAL[asset].ltvBps),
    0n,
  )
}

/**
 * Spendable = min(daily limit left, monthly limit left, mode capacity) (PRODUCT.md). This one number
 * decides every card authorization, PIX payment and outgoing transfer.
 */
export function computeSpendable(input: SpendableInput): Spendable {
  const dailyLeft = nonNegative(input.dailyLimit - input.spentToday)
  const monthlyLeft = nonNegative(input.monthlyLimit - input.spentThisMonth)
  const capacity = nonNegative(
    input.mode === 'direct_pay'
      ? input.balances.USDC - input.pendingHolds - input.pendingWithdrawal
      : borrowLimit(input.collateral, input.prices) - input.debt - input.pendingBorrowed,
  )
  const spendable = minBig(dailyLeft, monthlyLeft, capacity)
  const limitedBy = spendable === capacity ? 'capacity' : spendable === dailyLeft ? 'daily' : 'monthly'
  return { spendable, dailyLeft, monthlyLeft, capacity, limitedBy }
}

/** Σ collateral value × liquidation threshold, in USDC units: past this much debt a position is liquidatable. */
export function liquidationValue(balances: Record<HeldAsset, bigint>, prices: PriceTable): bigint {
  return HELD_ASSETS.reduce(
    (sum, asset) => sum + applyBps(usdValue(balances[asset], asset, prices), COLLATERAL[asset].liquidationBps),
    0n,
  )
}

/**
 * Health factor in basis points: liquidation value ÷ debt (10,000 = 1.00, the liquidation line). Null when
 * nothing is owed.
 * @example healthBps({ …3 weETH, 150 USDC }, prices, 1_200_000000n) === 60_250n  // 6.02
 */
export function healthBps(balances: Record<HeldAsset, bigint>, prices: PriceTable, debt: bigint): bigint | null {
  return debt > 0n ? (liquidationValue(balances, prices) * 10_000n) / debt : null
}

/** Basis points as a ratio with two decimals, rounded down: 60_250n → "6.02". */
export function bpsToRatio(bps: bigint): string {
  return `${bps / 10_000n}.${String((bps % 10_000n) / 100n).padStart(2, '0')}`
}
