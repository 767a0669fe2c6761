import { ASSETS, type HeldAsset } from './asset'

/** A price in USD micro-units (6 decimals, like USDC) for one whole unit of the asset. */
export type PriceTable = Record<HeldAsset, bigint>

/** Sandbox price defaults; an admin may adjust them. */
export const DEFAULT_PRICES: PriceTable = {
  USDC: 1_000000n,
  USDT: 1_000000n,
  ETH: 3_000_000000n,
  weETH: 3_150_000000n,
}

/**
 * The USD value, in USDC base units, of `units` of `asset`, rounded down.
 * @example usdValue(1_200000000000000000n, 'weETH', DEFAULT_PRICES) === 3_780_000000n
 */
export function usdValue(units: bigint, asset: HeldAsset, prices: PriceTable): bigint {
  return (units * prices[asset]) / 10n ** BigInt(ASSETS[asset].decimals)
}
