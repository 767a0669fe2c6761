import { ASSETS, type HeldAsset } from './asset'
import { BORROW_APR_BPS, type Mode } from './account-rules'
import { usdValue, type PriceTable } from './prices'
import { healthBps } from './spendable'

/** Health factor at or below which the holder is warned (1.10): PRODUCT.md's "alerts before the threshold". */
export const HEALTH_WARNING_BPS = 11_000n
/** The liquidation line: debt above Σ collateral × threshold (health below 1.00). */
export const HEALTH_LIQUIDATION_BPS = 10_000n
/**
 * A health factor as a reader sees it, two decimals in the locale ("1.10", "1,10"), from the API's decimal string or
 * a rule's basis points (HEALTH_LIQUIDATION_BPS is "1.00"): a ratio, not money, cut rather than rounded up.
 */
export function formatHealth(factor: string | bigint, locale: string): string {
  const decimal =
    typeof factor === 'bigint' ? `${factor / 10_000n}.${String(factor % 10_000n).padStart(4, '0')}` : factor
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    roundingMode: 'trunc',
  } as Intl.NumberFormatOptions).format(decimal as `${number}`)
}

/** How often the liquidation job looks at every Borrow position, in seconds. */
export const POSITION_CHECK_SECONDS = 60
/** Collateral is sold in this order: cash-like first, so the holder keeps their growth assets longest. */
export const LIQUIDATION_ORDER: readonly HeldAsset[] = ['USDC', 'USDT', 'ETH', 'weETH']

export type HealthStatus = 'healthy' | 'warning' | 'liquidatable'

/** What the health meter shows for a health factor in basis points. */
export function healthStatus(bps: bigint): HealthStatus {
  if (bps < HEALTH_LIQUIDATION_BPS) return 'liquidatable'
  if (bps < HEALTH_WARNING_BPS) return 'warning'
  return 'healthy'
}

const DAY_DIVISOR = 10_000n * 365n

/**
 * One day's interest on `debt` at the borrow APR (APR ÷ 365), in USDC base units, with the fraction of a unit
 * carried to the next day so rounding never adds up: `carry` is in units × 10,000 × 365.
 * @example dailyInterest(1_200_000000n, 0n) // { amount: 131_506n, carry: 3_100_000n }  ($0.131506 a day on $1,200)
 */
export function dailyInterest(
  debt: bigint,
  carry: bigint,
  aprBps: bigint = BORROW_APR_BPS,
): { amount: bigint; carry: bigint } {
  const total = debt * aprBps + carry
  return { amount: total / DAY_DIVISOR, carry: total % DAY_DIVISOR }
}

/** Why a mode switch is refused (an error code each). */
export type ModeBlocker = 'mode_unchanged' | 'mode_debt_outstanding'

/** Why a mode switch cannot happen now, or null. Back to Direct Pay needs the debt repaid first. */
export function modeSwitchBlocker(input: {
  from: Mode
  to: Mode
  debt: bigint
  pendingBorrowHolds: bigint
}): ModeBlocker | null {
  if (input.from === input.to) return 'mode_unchanged'
  if (input.to === 'direct_pay' && (input.debt > 0n || input.pendingBorrowHolds > 0n)) return 'mode_debt_outstanding'
  return null
}

export type LiquidationPlan = {
  /** Units of each asset sold to repay debt. */
  sold: Record<HeldAsset, bigint>
  /** USDC of debt repaid. */
  repaid: bigint
  /** 1 when half the debt was enough; 2 when the rest had to be repaid too. */
  rounds: 1 | 2
  healthAfterBps: bigint | null
}

/**
 * Liquidation as PRODUCT.md describes it: repay half the debt from collateral (sold at the current price, in
 * LIQUIDATION_ORDER), then, only if the position is still unhealthy, the rest. Never sells more than it
 * repays (each sale rounds the units up by at most one base unit) and never repays more than is owed.
 */
export function planLiquidation(free: Record<HeldAsset, bigint>, prices: PriceTable, debt: bigint): LiquidationPlan {
  const balances = { ...free }
  const sold: Record<HeldAsset, bigint> = { USDC: 0n, USDT: 0n, ETH: 0n, weETH: 0n }
  let owed = debt
  const repayFromCollateral = (target: bigint) => {
    let need = target
    for (const asset of LIQUIDATION_ORDER) {
      if (need === 0n) break
      const scale = 10n ** BigInt(ASSETS[asset].decimals)
      const price = prices[asset]
      if (balances[asset] === 0n || price === 0n) continue
      const wanted = (need * scale + price - 1n) / price
      const units = wanted < balances[asset] ? wanted : balances[asset]
      const value = usdValue(units, asset, prices)
      const repaid = value < need ? value : need
      if (repaid === 0n) continue
      balances[asset] -= units
      sold[asset] += units
      need -= repaid
      owed -= repaid
    }
  }
  repayFromCollateral((debt + 1n) / 2n)
  let rounds: 1 | 2 = 1
  const mid = healthBps(balances, prices, owed)
  if (mid !== null && mid < HEALTH_LIQUIDATION_BPS) {
    rounds = 2
    repayFromCollateral(owed)
  }
  return { sold, repaid: debt - owed, rounds, healthAfterBps: healthBps(balances, prices, owed) }
}
