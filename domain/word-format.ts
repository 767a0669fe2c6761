import type { Asset } from './asset'
import { formatDate, formatMonth } from './format-date'
import { formatAssetAmount, formatMoney, formatNumber } from './money'

export type Language = 'en-US' | 'pt-BR'

/** How a catalog writes the values in a title or a message, in its language. */
export type Format = {
  /** Base units as money: `$12.50`, `R$ 100,00`. */
  money(units: string, asset: Asset): string
  /** Base units with the asset's symbol: `100.00 USDC`, `0,033233 ETH`. */
  amount(units: string, asset: Asset): string
  day(day: string): string
  month(month: string): string
  /** USDC base units as whole dollars when they are whole: `$4,000`, `US$ 4.000`. */
  whole(units: string): string
  /** An address shortened to its ends: `0x5aAe…eAEd`. */
  address(address: string): string
  /** A moment with its time, in UTC: `Nov 27, 2026, 10:00 UTC`. */
  stamp(iso: string): string
  /** A plain decimal number: `2,500.5`, `2.500,5`. */
  number(decimal: string): string
}

/** The writer of amounts, days and addresses in a language, for a catalog's wording. */
export function format(language: Language): Format {
  return {
    money: (units, asset) => formatMoney(BigInt(units), asset, language),
    amount: (units, asset) => formatAssetAmount(BigInt(units), asset, language),
    day: (day) => formatDate(`${day}T00:00:00Z`, language, 'date', 'UTC'),
    month: (month) => formatMonth(month, language),
    whole: (units) =>
      BigInt(units) % 1_000_000n === 0n
        ? new Intl.NumberFormat(language, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(
            BigInt(units) / 1_000_000n,
          )
        : formatMoney(BigInt(units), 'USDC', language),
    address: (a) => (a.length > 12 ? `${a.slice(0, 6)}…${a.slice(-4)}` : a),
    stamp: (iso) => formatDate(iso, language, 'stamp'),
    number: (decimal) => formatNumber(decimal, language),
  }
}
