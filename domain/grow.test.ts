import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { DomainError } from './errors'
import {
  readableRate,
  isQuoteExpired,
  quoteConversion,
  SHARE_SCALE,
  sharePrice,
  sharePriceDecimal,
  sharesFor,
  sharesToRedeem,
  sharesValue,
  VAULT_EPOCH,
} from './grow'
import { DEFAULT_PRICES } from './prices'

describe('conversion quotes', () => {
  it('prices USDC → ETH at the price book less a 0.3 % spread in the asset received', () => {
    const q = quoteConversion('USDC', 'ETH', 3_000_000000n, DEFAULT_PRICES)
    expect(q.grossOut).toBe(10n ** 18n)
    expect(q.spread).toBe(3n * 10n ** 15n)
    expect(q.amountOut).toBe(997n * 10n ** 15n)
    expect(q.rate).toBe(333_333333333333n)
  })
  it('prices ETH → USDC and stablecoin to stablecoin', () => {
    expect(quoteConversion('ETH', 'USDC', 10n ** 18n, DEFAULT_PRICES).amountOut).toBe(2_991_000000n)
    const s = quoteConversion('USDT', 'USDC', 100_000000n, DEFAULT_PRICES)
    expect([s.grossOut, s.spread, s.amountOut]).toEqual([100_000000n, 300000n, 99_700000n])
  })
  it('stakes without a spread when asked (ETH → weETH at ETH price ÷ weETH price)', () => {
    const q = quoteConversion('ETH', 'weETH', 21n * 10n ** 17n, DEFAULT_PRICES, 0n)
    expect(q.amountOut).toBe(2n * 10n ** 18n)
    expect(q.spread).toBe(0n)
  })
  it('refuses the same asset at `to` and dust at `amount`', () => {
    expect(() => quoteConversion('USDC', 'USDC', 1n, DEFAULT_PRICES)).toThrow(
      expect.objectContaining({ code: 'convert_same_asset', fields: { to: expect.any(String) } }),
    )
    expect(() => quoteConversion('ETH', 'USDC', 1n, DEFAULT_PRICES)).toThrow(DomainError)
    expect(() => quoteConversion('ETH', 'USDC', 0n, DEFAULT_PRICES)).toThrow(
      expect.objectContaining({ fields: { amount: expect.any(String) } }),
    )
  })
  it('never gives more value than it takes (the spread is never negative)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 24n }),
        fc.constantFrom('USDC', 'USDT', 'ETH', 'weETH' as const),
        fc.constantFrom('USDC', 'USDT', 'ETH', 'weETH' as const),
        (amount, from, to) => {
          if (from === to) return
          try {
            const q = quoteConversion(from, to, amount, DEFAULT_PRICES)
            expect(q.spread).toBeGreaterThanOrEqual(0n)
            expect(q.amountOut + q.spread).toBe(q.grossOut)
          } catch (e) {
            expect((e as DomainError).code).toBe('amount_too_small')
          }
        },
      ),
    )
  })
  it('expires at the expiry instant', () => {
    const at = new Date('2026-11-21T12:00:30Z')
    expect(isQuoteExpired(at, new Date('2026-11-21T12:00:29.999Z'))).toBe(false)
    expect(isQuoteExpired(at, at)).toBe(true)
  })
})

describe('Liquid vault shares', () => {
  it('starts at 1 and grows with the APY, compounding daily', () => {
    expect(sharePrice('usd', VAULT_EPOCH)).toBe(SHARE_SCALE)
    const year = new Date(VAULT_EPOCH.getTime() + 365 * 86_400_000)
    expect(sharePriceDecimal(sharePrice('usd', year))).toBe('1.051267')
    expect(sharePriceDecimal(sharePrice('eth', year))).toBe('1.035617')
    const halfDay = new Date(VAULT_EPOCH.getTime() + 43_200_000)
    expect(sharePrice('usd', halfDay)).toBeGreaterThan(SHARE_SCALE)
    expect(sharePrice('usd', halfDay)).toBeLessThan(sharePrice('usd', new Date(VAULT_EPOCH.getTime() + 86_400_000)))
  })
  it('turns a deposit into shares and pays more after time passes', () => {
    const t0 = new Date('2026-11-21T12:00:00Z')
    const p0 = sharePrice('usd', t0)
    const shares = sharesFor(1_000_000000n, p0)
    expect(sharesValue(shares, p0)).toBe(1_000_000000n)
    const later = sharePrice('usd', new Date(t0.getTime() + 30 * 86_400_000))
    expect(sharesValue(shares, later) - 1_000_000000n).toBe(4_117762n)
  })
  it('redeems part of a position with the shares rounded up, worth at least what was asked', () => {
    const p = sharePrice('eth', new Date('2026-11-21T12:00:00Z'))
    const shares = sharesFor(10n ** 18n, p)
    const half = sharesToRedeem(5n * 10n ** 17n, p)
    expect(half).toBeLessThan(shares)
    expect(sharesValue(half, p)).toBe(5n * 10n ** 17n)
  })
  it('property: a deposit withdrawn at once returns exactly what was deposited, never more or less', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 27n }),
        fc.integer({ min: 0, max: 3650 * 86_400 }),
        fc.constantFrom('usd', 'eth' as const),
        (amount, seconds, vault) => {
          const p = sharePrice(vault, new Date(VAULT_EPOCH.getTime() + seconds * 1000))
          expect(sharesValue(sharesFor(amount, p), p)).toBe(amount)
        },
      ),
    )
  })
})

describe('readableRate', () => {
  it('cuts a long rate to 6 significant fraction digits without rounding up', () => {
    expect(readableRate('0.000333333333333333')).toBe('0.000333333')
    expect(readableRate('3150.123456789')).toBe('3150.123456')
    expect(readableRate('0.997')).toBe('0.997')
    expect(readableRate('1')).toBe('1')
    expect(readableRate('2.5000009')).toBe('2.5')
  })
})
