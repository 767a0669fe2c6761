import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DomainError } from './errors'
import {
  centsToDecimal,
  formatDecimal,
  formatMoney,
  parseAmount,
  parseCents,
  parsePositiveAmount,
  toDecimal,
  toFixedDecimal,
} from './money'

describe('parseAmount', () => {
  it('reads decimal strings into exact base units', () => {
    expect(parseAmount('12.5', 'USDC')).toBe(12_500_000n)
    expect(parseAmount('2500.00', 'USDC')).toBe(2_500_000_000n)
    expect(parseAmount('1.2', 'weETH')).toBe(1_200_000_000_000_000_000n)
    expect(parseAmount('0.000000000000000001', 'ETH')).toBe(1n)
  })

  it('refuses text, signs and exponents with amount_invalid', () => {
    for (const bad of ['', 'abc', '-1', '1e6', '1.2.3', '.5', ' ', '10,5', '2,500.00']) {
      expect(() => parseAmount(bad, 'USDC'), bad).toThrowError(expect.objectContaining({ code: 'amount_invalid' }))
    }
  })

  it('refuses more decimals than the asset has, but accepts trailing zeros', () => {
    expect(() => parseAmount('1.0000001', 'USDC')).toThrowError(expect.objectContaining({ code: 'amount_precision' }))
    expect(parseAmount('1.0000000000', 'USDC')).toBe(1_000_000n)
  })

  it('requires a positive amount where money moves', () => {
    expect(() => parsePositiveAmount('0', 'USDC')).toThrow(DomainError)
    expect(() => parsePositiveAmount('0.00', 'USDC')).toThrowError(
      expect.objectContaining({ code: 'amount_not_positive' }),
    )
  })

  it('round-trips every amount through toDecimal exactly', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.constantFrom('USDC', 'ETH', 'BRL' as const),
        (units, asset) => {
          expect(parseAmount(toDecimal(units, asset), asset)).toBe(units)
        },
      ),
    )
  })
})

describe('fiat cents', () => {
  it('reads and writes bank-rail amounts with two places', () => {
    expect(parseCents('1000.5')).toBe(100_050n)
    expect(centsToDecimal(100_050n)).toBe('1000.5')
    expect(() => parseCents('0')).toThrowError(expect.objectContaining({ code: 'amount_not_positive' }))
    expect(() => parseCents('1.005')).toThrowError(expect.objectContaining({ code: 'amount_precision' }))
  })
})

describe('toFixedDecimal', () => {
  it('keeps every decimal place of the asset', () => {
    expect(toFixedDecimal(10_000n, 'BRL')).toBe('100.00')
    expect(toFixedDecimal(5n, 'BRL')).toBe('0.05')
    expect(toFixedDecimal(-1_500_000n, 'USDC')).toBe('-1.500000')
  })
})

describe('formatMoney', () => {
  it('shows USD assets as dollars and crypto with its symbol', () => {
    expect(formatMoney(2_500_000_000n, 'USDC')).toBe('$2,500.00')
    expect(formatMoney(1_200_000_000_000_000_000n, 'weETH')).toBe('1.2 weETH')
    expect(formatMoney(-1_200_000_000n, 'USDC')).toBe('-$1,200.00')
  })

  it('formats Brazilian Portuguese with its own separators', () => {
    expect(formatMoney(2_500_000_000n, 'USDC', 'pt-BR')).toBe('US$\u00a02.500,00')
    expect(formatMoney(1_000n, 'BRL', 'pt-BR')).toBe('R$\u00a010,00')
  })

  it('never rounds a huge amount through floating point', () => {
    expect(formatMoney(123_456_789_012_345_678_901_234_567n, 'ETH')).toBe('123,456,789.012345 ETH')
  })
})

describe('formatAssetAmount', () => {
  it('names the stablecoin so USDC and USDT are told apart, and formats crypto as formatMoney does', async () => {
    const { formatAssetAmount } = await import('./money')
    expect(formatAssetAmount(9_970000n, 'USDT')).toBe('9.97 USDT')
    expect(formatAssetAmount(10_000000n, 'USDC')).toBe('10.00 USDC')
    expect(formatAssetAmount(1_234567n, 'USDC', 'pt-BR')).toBe('1,234567 USDC')
    expect(formatAssetAmount(99_700000000000000n, 'ETH')).toBe('0.0997 ETH')
  })
})

describe('numbers that are not money', () => {
  it('shows rates, ratios and percentages the locale’s way, never raw', async () => {
    const { formatNumber, formatPercent } = await import('./money')
    expect(formatNumber('1.045778', 'pt-BR')).toBe('1,045778')
    expect(formatNumber('1234.5', 'en-US')).toBe('1,234.5')
    expect(formatPercent('3.5', 'pt-BR')).toBe('3,5%')
    expect(formatPercent('3.5', 'en-US')).toBe('3.5%')
  })

  it('writes basis points as the locale’s percentage, with no space before the sign and no float', async () => {
    const { formatBps } = await import('./money')
    expect(formatBps(20n, 'en-US')).toBe('0.2%')
    expect(formatBps(20n, 'pt-BR')).toBe('0,2%')
    expect(formatBps(100n, 'en-US')).toBe('1%')
    expect(formatBps(2500, 'pt-BR')).toBe('25%')
    expect(formatBps(15, 'en-US')).toBe('0.15%')
  })
})

describe('formatDecimal', () => {
  it('writes an API decimal as money in the page language, without a float on the way', () => {
    expect(formatDecimal('1234.5', 'USDC', 'en-US')).toBe('$1,234.50')
    expect(formatDecimal('1234.5', 'USDC', 'pt-BR')).toBe('US$\u00a01.234,50')
    expect(formatDecimal('100000000000000000.01', 'USDC', 'en-US')).toBe('$100,000,000,000,000,000.01')
  })
})
