/** The assets a Cash account can hold, with the decimals of their base units. */
export const ASSETS = {
  USDC: { symbol: 'USDC', decimals: 6, name: 'USD Coin', fiat: 'USD' },
  USDT: { symbol: 'USDT', decimals: 6, name: 'Tether USD', fiat: 'USD' },
  ETH: { symbol: 'ETH', decimals: 18, name: 'Ether', fiat: null },
  weETH: { symbol: 'weETH', decimals: 18, name: 'Wrapped eETH', fiat: null },
  BRL: { symbol: 'BRL', decimals: 2, name: 'Brazilian real', fiat: 'BRL' },
} as const

export type Asset = keyof typeof ASSETS

/** Assets that live in a holder's safe (BRL exists only in PIX quotes). */
export const HELD_ASSETS = ['USDC', 'USDT', 'ETH', 'weETH'] as const satisfies readonly Asset[]
export type HeldAsset = (typeof HELD_ASSETS)[number]

/** The asset whose balance is the account's cash, shown in US dollars. */
export const CASH_ASSET = 'USDC' satisfies HeldAsset

/** True when `value` names a known asset. */
export function isAsset(value: string): value is Asset {
  return Object.hasOwn(ASSETS, value)
}

/** True when `value` names an asset a safe can hold. */
export function isHeldAsset(value: string): value is HeldAsset {
  return (HELD_ASSETS as readonly string[]).includes(value)
}
