import { say } from './error-message'
import { ASSETS, type Asset } from './asset'
import { DomainError } from './errors'

const DECIMAL = /^(\d+)(?:\.(\d+))?$/
/**
 * No amount of any asset comes near this (10^40 base units); beyond it money columns (NUMERIC(78,0)) and sums would
 * overflow.
 */
export const MAX_BASE_UNITS = 10n ** 40n

/**
 * Parses a canonical decimal string ("12.5", as the API carries it) into base units of `asset`, exactly.
 * No grouping and no comma: what a person types goes through `readTypedAmount` (domain/typed-amount.ts) first.
 * @example parseAmount('12.5', 'USDC') === 12_500_000n
 */
export function parseAmount(input: string, asset: Asset): bigint {
  return parseUnits(input, ASSETS[asset].decimals)
}

function parseUnits(input: string, decimals: number): bigint {
  const text = input.trim()
  const match = DECIMAL.exec(text)
  if (!match) throw new DomainError('amount_invalid')
  const [, whole = '0', fraction = ''] = match
  const trimmed = fraction.replace(/0+$/, '')
  if (trimmed.length > decimals) throw new DomainError('amount_precision')
  if (whole.replace(/^0+/, '').length > 40) throw new DomainError('amount_invalid', say('amount_too_large'))
  const units = BigInt(whole) * 10n ** BigInt(decimals) + BigInt(trimmed.padEnd(decimals, '0') || '0')
  if (units > MAX_BASE_UNITS) throw new DomainError('amount_invalid', say('amount_too_large'))
  return units
}

/** Parses a wire amount that may be negative, e.g. an activity line `-37.5`. */
export function parseSignedAmount(input: string, asset: Asset): bigint {
  const text = input.trim()
  return text.startsWith('-') ? -parseAmount(text.slice(1), asset) : parseAmount(text, asset)
}

/** Parses an amount that must be more than zero. */
export function parsePositiveAmount(input: string, asset: Asset): bigint {
  const value = parseAmount(input, asset)
  if (value <= 0n) throw new DomainError('amount_not_positive')
  return value
}

/**
 * Base units to an exact decimal string, no trailing zeros past the point.
 * @example toDecimal(12_500_000n, 'USDC') === '12.5'
 */
export function toDecimal(units: bigint, asset: Asset): string {
  return unitsToDecimal(units, ASSETS[asset].decimals)
}

/**
 * Fiat cents (USD or EUR on the bank rails, not a held asset) to a decimal string, and back.
 * @example centsToDecimal(100_050n) === '1000.5'
 */
export function centsToDecimal(cents: bigint): string {
  return unitsToDecimal(cents, 2)
}
export function parseCents(input: string): bigint {
  const value = parseUnits(input, 2)
  if (value <= 0n) throw new DomainError('amount_not_positive')
  return value
}

function unitsToDecimal(units: bigint, places: number): string {
  const decimals = BigInt(places)
  const negative = units < 0n
  const abs = negative ? -units : units
  const scale = 10n ** decimals
  const whole = abs / scale
  const fraction = (abs % scale).toString().padStart(Number(decimals), '0').replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

/**
 * Base units to a decimal string with every decimal place of the asset.
 * @example toFixedDecimal(10_000n, 'BRL') === '100.00'
 */
export function toFixedDecimal(units: bigint, asset: Asset): string {
  const decimals = ASSETS[asset].decimals
  const text = (units < 0n ? -units : units).toString().padStart(decimals + 1, '0')
  return `${units < 0n ? '-' : ''}${text.slice(0, text.length - decimals)}.${text.slice(text.length - decimals)}`
}

/** How many fraction digits to show for an asset (USD-like to cents, crypto to 6). */
function displayDigits(asset: Asset): number {
  return ASSETS[asset].fiat ? 2 : 6
}

/**
 * The one money formatter: `$2,500.00` for USD assets, `R$ 10,00` for BRL, `1.2 weETH` for crypto.
 * Uses Intl with a decimal string, so no float ever touches the amount.
 */
export function formatMoney(units: bigint, asset: Asset, locale = 'en-US'): string {
  const decimal = toDecimal(units, asset) as `${number}`
  const fiat = ASSETS[asset].fiat
  if (fiat) return formatCurrency(decimal, fiat, locale)
  const digits = new Intl.NumberFormat(locale, {
    maximumFractionDigits: displayDigits(asset),
    roundingMode: 'trunc',
  } as Intl.NumberFormatOptions).format(decimal)
  return `${digits} ${ASSETS[asset].symbol}`
}

/**
 * A decimal amount of a currency that is not an asset (a bank transfer's `"100.5"` EUR) as money in the page's
 * language, the way formatMoney writes a fiat asset: `€100.50`, `€ 100,50`.
 */
export function formatCurrency(decimal: string, currency: 'USD' | 'EUR' | 'BRL', locale = 'en-US'): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    roundingMode: 'trunc',
  } as Intl.NumberFormatOptions).format(decimal as `${number}`)
}

/** A decimal string as the API sends it (`"1234.5"` USDC) as money in the page's language: `$1,234.50`. */
export function formatDecimal(decimal: string, asset: Asset, locale = 'en-US'): string {
  return formatMoney(parseAmount(decimal, asset), asset, locale)
}

/**
 * A plain decimal that is not money (a rate, a health factor, a share price) in the locale, from its exact
 * string, never through a float: `1.045778` → `1,045778` in pt-BR; `1234.5` → `1,234.5` in en.
 */
export function formatNumber(decimal: string, locale = 'en-US', maximumFractionDigits = 6): string {
  return new Intl.NumberFormat(locale, {
    maximumFractionDigits,
    roundingMode: 'trunc',
  } as Intl.NumberFormatOptions).format(decimal as `${number}`)
}

/**
 * A percentage given in percent as a decimal string ("3.5", as the API carries APYs and spreads) in the
 * locale: `3.5%` in en, `3,5%` in pt-BR.
 */
export function formatPercent(percent: string, locale = 'en-US', maximumFractionDigits = 2): string {
  return new Intl.NumberFormat(locale, {
    style: 'percent',
    maximumFractionDigits,
    roundingMode: 'halfExpand',
  } as Intl.NumberFormatOptions).format(`${percent}E-2` as `${number}`)
}

/**
 * A rate in basis points (as the domain keeps fees: `BANK_SEND.feeBps`) as the locale writes a percentage, exactly:
 * 20 bps is `0.2%` in en and `0,2%` in pt-BR; 2500 is `25%`.
 */
export function formatBps(bps: bigint | number, locale = 'en-US'): string {
  return new Intl.NumberFormat(locale, {
    style: 'percent',
    maximumFractionDigits: 2,
    roundingMode: 'halfExpand',
  } as Intl.NumberFormatOptions).format(`${bps}E-4` as `${number}`)
}

/** Scales a bigint by basis points, rounding down (toward the platform's safety). */
export function applyBps(units: bigint, bps: bigint): bigint {
  return (units * bps) / 10_000n
}

/** The smaller of two bigints. */
export function minBig(a: bigint, ...rest: bigint[]): bigint {
  return rest.reduce((m, v) => (v < m ? v : m), a)
}

/**
 * An amount with its asset's symbol, for where two dollar stablecoins meet (a USDC → USDT conversion):
 * `9.97 USDT`, `0.0997 ETH`. Stablecoins show at least cents; nothing is rounded up.
 */
export function formatAssetAmount(units: bigint, asset: Asset, locale = 'en-US'): string {
  if (!ASSETS[asset].fiat || asset === 'BRL') return formatMoney(units, asset, locale)
  const digits = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: ASSETS[asset].decimals,
    roundingMode: 'trunc',
  } as Intl.NumberFormatOptions).format(toDecimal(units, asset) as `${number}`)
  return `${digits} ${ASSETS[asset].symbol}`
}
