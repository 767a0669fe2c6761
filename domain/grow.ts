import { say } from './error-message'
import { ASSETS, type HeldAsset } from './asset'
import { DomainError } from './errors'
import { applyBps } from './money'
import type { PriceTable } from './prices'

/** The platform's spread on a conversion, in basis points of what the holder receives (0.3 %). */
export const CONVERT_SPREAD_BPS = 30n
/** How long a quote holds its rate by default (the server reads CONVERT_QUOTE_TTL_SECONDS). */
export const QUOTE_TTL_SECONDS = 30
/** The settlement delay of a Liquid vault withdrawal by default (the server reads EARN_SETTLEMENT_SECONDS). */
export const EARN_SETTLEMENT_SECONDS = 86_400

export type ConversionQuote = {
  from: HeldAsset
  to: HeldAsset
  amountIn: bigint
  /** What `amountIn` is worth in `to` at the price-book rate, before the spread. */
  grossOut: bigint
  /** The platform's part, in `to` (posted to fees). */
  spread: bigint
  /** What the holder receives. */
  amountOut: bigint
  /** `to` base units for one whole `from` at the price-book rate (before the spread). */
  rate: bigint
}

/**
 * Prices a conversion at the price book: gross = amount × price(from) ÷ price(to), rounded down; the spread
 * (bps of gross, rounded down) is taken from the gross. Refuses the same asset (at `to`) and an amount too
 * small to give anything (at `amount`).
 * @example quoteConversion('USDC', 'ETH', 3_000_000000n, DEFAULT_PRICES, 30n).amountOut === 997_000000000000000n
 */
export function quoteConversion(
  from: HeldAsset,
  to: HeldAsset,
  amountIn: bigint,
  prices: PriceTable,
  spreadBps: bigint = CONVERT_SPREAD_BPS,
): ConversionQuote {
  if (from === to) throw new DomainError('convert_same_asset', undefined, { to: say('choose_different_asset') })
  if (amountIn <= 0n) throw new DomainError('amount_not_positive', undefined, { amount: say('amount_not_positive') })
  const scaleIn = 10n ** BigInt(ASSETS[from].decimals)
  const scaleOut = 10n ** BigInt(ASSETS[to].decimals)
  const grossOut = (amountIn * prices[from] * scaleOut) / (prices[to] * scaleIn)
  const spread = applyBps(grossOut, spreadBps)
  const amountOut = grossOut - spread
  if (amountOut <= 0n) throw new DomainError('amount_too_small', undefined, { amount: say('amount_too_small_convert') })
  return { from, to, amountIn, grossOut, spread, amountOut, rate: (prices[from] * scaleOut) / prices[to] }
}

/** True once the quote's time is up (at the instant of expiry it no longer holds). */
export function isQuoteExpired(expiresAt: Date, now: Date): boolean {
  return now.getTime() >= expiresAt.getTime()
}

// ── Liquid vaults ─────────────────────────────────────────────────────────────────────────────────────

export const VAULT_IDS = ['usd', 'eth'] as const
export type VaultId = (typeof VAULT_IDS)[number]

/** Each vault's asset and its APY in basis points (nominal, compounded daily). */
export const VAULTS: Record<VaultId, { asset: HeldAsset; apyBps: bigint }> = {
  usd: { asset: 'USDC', apyBps: 500n },
  eth: { asset: 'ETH', apyBps: 350n },
}

/** The vaults opened at share price 1 at this instant; the share price grows from here. */
export const VAULT_EPOCH = new Date('2026-01-01T00:00:00Z')
/** Share prices are 18-decimal fixed point: SHARE_SCALE is a share price of 1. */
export const SHARE_SCALE = 10n ** 18n
const DAY_MS = 86_400_000n

/**
 * A share price grown from `start` for `elapsedMs` at `apyBps`: (1 + APY/365)^days × (1 + APY/365 × fraction of
 * the last day), in SHARE_SCALE fixed point, rounded down at each step.
 */
export function grownPrice(start: bigint, apyBps: bigint, elapsedMs: bigint): bigint {
  const elapsed = elapsedMs < 0n ? 0n : elapsedMs
  const days = elapsed / DAY_MS
  const partMs = elapsed % DAY_MS
  const daily = SHARE_SCALE + (SHARE_SCALE * apyBps) / (10_000n * 365n)
  let price = start
  let base = daily
  for (let n = days; n > 0n; n >>= 1n) {
    if (n & 1n) price = (price * base) / SHARE_SCALE
    base = (base * base) / SHARE_SCALE
  }
  const partial = SHARE_SCALE + ((daily - SHARE_SCALE) * partMs) / DAY_MS
  return (price * partial) / SHARE_SCALE
}

/** An APY change of a vault: from `from` on, the price grows at `apyBps` from `price` (the price reached then). */
export type ApyChange = { from: Date; apyBps: bigint; price: bigint }

/** The APY change in force at `at` (the latest that started), or the vault's opening rate at the epoch. */
export function rateAt(vault: VaultId, at: Date, changes: readonly ApyChange[] = []): ApyChange {
  let current: ApyChange = { from: VAULT_EPOCH, apyBps: VAULTS[vault].apyBps, price: SHARE_SCALE }
  for (const c of changes)
    if (c.from.getTime() <= at.getTime() && c.from.getTime() >= current.from.getTime()) current = c
  return current
}

/**
 * The share price at `at`: grown at the vault's APY from share price 1 at the epoch, or, after an APY change,
 * from the price reached at the change at the new APY. Deterministic from the changes and the time, so a
 * snapshot only records it.
 * @example sharePrice('usd', new Date('2027-01-01T00:00:00Z')) ≈ 1.0512 × SHARE_SCALE
 */
export function sharePrice(vault: VaultId, at: Date, changes: readonly ApyChange[] = []): bigint {
  const r = rateAt(vault, at, changes)
  return grownPrice(r.price, r.apyBps, BigInt(at.getTime() - r.from.getTime()))
}

/** The most an admin may set a vault's APY to, in bps (50 %). */
export const MAX_VAULT_APY_BPS = 5_000

/**
 * Shares are counted 10^12 finer than the vault asset's base units, so a value computed back from them is
 * exact to the base unit: SHARE_UNIT share units are one base unit's worth of shares at share price 1.
 */
export const SHARE_UNIT = 10n ** 12n
const WHOLE = SHARE_SCALE * SHARE_UNIT

/**
 * Shares a deposit buys at `price`, rounded up: at most one share unit more, worth 10^-12 of a base unit at share
 * price 1, so that the deposit valued at once (rounded down) is exactly what was paid.
 */
export function sharesFor(amount: bigint, price: bigint): bigint {
  return (amount * WHOLE + price - 1n) / price
}

/**
 * What `shares` are worth at `price`, in base units, rounded down: a payout never carries the half unit above
 * what its shares are worth (which a holder could pick amounts to collect on every withdrawal). A deposit valued
 * at once is worth exactly what was paid.
 */
export function sharesValue(shares: bigint, price: bigint): bigint {
  return (shares * price) / WHOLE
}

/** Shares to redeem for `amount` at `price`, rounded up; the caller caps it at the shares owned. */
export function sharesToRedeem(amount: bigint, price: bigint): bigint {
  return (amount * WHOLE + price - 1n) / price
}

/** The share price as a decimal string with 6 places, rounded down: 1051267…n → "1.051267". */
export function sharePriceDecimal(price: bigint): string {
  const micro = price / 10n ** 12n
  return `${micro / 1_000000n}.${String(micro % 1_000000n).padStart(6, '0')}`
}

/** APY bps as a percentage string: 350n → "3.5". */
export function apyPercent(bps: bigint): string {
  const whole = bps / 100n
  const frac = bps % 100n
  return frac === 0n ? `${whole}` : `${whole}.${String(frac).padStart(2, '0').replace(/0$/, '')}`
}

/**
 * A rate for reading, cut (never rounded up) to 6 significant fraction digits: "0.000333333333333333" →
 * "0.000333333", "3150.123456789" → "3150.123456". The quote keeps the exact rate.
 */
export function readableRate(rate: string): string {
  const [whole = '0', fraction = ''] = rate.split('.')
  if (whole !== '0') return fraction ? `${whole}.${fraction.slice(0, 6)}`.replace(/\.?0+$/, '') : whole
  const leading = (/^0*/.exec(fraction)?.[0] ?? '').length
  return `0.${fraction.slice(0, leading + 6)}`.replace(/\.?0+$/, '') || '0'
}
