import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { readTypedAmount, toTypedAmount, type TypedAmountLocale } from './typed-amount'

const read = (input: string, locale: TypedAmountLocale, decimals = 2) => readTypedAmount(input, locale, decimals)
const value = (input: string, locale: TypedAmountLocale, decimals = 2) => {
  const result = read(input, locale, decimals)
  if (!result.ok) throw new Error(`${input} (${locale}) refused: ${result.problem}`)
  return result.value
}
const problem = (input: string, locale: TypedAmountLocale, decimals = 2) => {
  const result = read(input, locale, decimals)
  return result.ok ? `accepted as ${result.value}` : result.problem
}

describe('readTypedAmount', () => {
  it('reads English amounts: point for decimals, comma for thousands', () => {
    expect(value('12.5', 'en-US')).toBe('12.5')
    expect(value('12.50', 'en-US')).toBe('12.5')
    expect(value('1,234.56', 'en-US')).toBe('1234.56')
    expect(value('1,234', 'en-US')).toBe('1234')
    expect(value('1,234,567.8', 'en-US')).toBe('1234567.8')
    expect(value(' $1,000 ', 'en-US')).toBe('1000')
    expect(value('0.001', 'en-US', 18)).toBe('0.001')
  })

  it('reads Brazilian amounts: comma for decimals, point for thousands', () => {
    expect(value('12,50', 'pt-BR')).toBe('12.5')
    expect(value('10,5', 'pt-BR')).toBe('10.5')
    expect(value('1.234,56', 'pt-BR')).toBe('1234.56')
    expect(value('1.234', 'pt-BR')).toBe('1234')
    expect(value('1.234.567,89', 'pt-BR')).toBe('1234567.89')
    expect(value('R$ 25,00', 'pt-BR')).toBe('25')
    expect(value(',5', 'pt-BR')).toBe('0.5')
  })

  it('gives the same amount for the same money written each language’s way', () => {
    expect(value('1.234,56', 'pt-BR')).toBe(value('1,234.56', 'en-US'))
    expect(value('12,50', 'pt-BR')).toBe(value('12.50', 'en-US'))
  })

  it('refuses the other language’s decimal sign, saying how this page writes decimals', () => {
    expect(problem('10,5', 'en-US')).toBe('separator')
    expect(problem('12,50', 'en-US')).toBe('separator')
    expect(problem('1.234,56', 'en-US')).toBe('separator')
    expect(problem('12.50', 'pt-BR')).toBe('separator')
    expect(problem('1,234.56', 'pt-BR')).toBe('separator')
    expect(problem('1.234.56', 'en-US')).toBe('separator')
  })

  it('refuses a number grouped from a zero: 0,009 is the other language’s 0.009, never nine', () => {
    expect(problem('0,009', 'en-US', 6)).toBe('separator')
    expect(problem('0.009', 'pt-BR', 6)).toBe('separator')
    expect(problem('0.500', 'pt-BR')).toBe('separator')
    expect(problem('01,234', 'en-US')).toBe('separator')
    expect(problem('0,001,000', 'en-US')).toBe('invalid')
    // Written the page's way they read as typed.
    expect(value('0.009', 'en-US', 6)).toBe('0.009')
    expect(value('0,009', 'pt-BR', 6)).toBe('0.009')
    expect(value('10,009', 'en-US')).toBe('10009')
  })

  it(
    'refuses a lone decimal sign followed by exactly three ' +
      'digits: thousands in one language, decimals in the other',
    () => {
      expect(problem('1,234', 'pt-BR', 6)).toBe('ambiguous')
      expect(problem('1.234', 'en-US', 18)).toBe('ambiguous')
      expect(problem('100.000', 'en-US', 6)).toBe('ambiguous')
      // With a zero in front, or a fourth decimal, it can only be decimals.
      expect(value('0,234', 'pt-BR', 6)).toBe('0.234')
      expect(value('1.2340', 'en-US', 18)).toBe('1.234')
    },
  )

  it('refuses grouping that is not in threes', () => {
    expect(problem('1,23,456', 'en-US')).toBe('invalid')
    expect(problem('12.34.567', 'pt-BR')).toBe('invalid')
    expect(problem('1,2345.6', 'en-US')).toBe('invalid')
  })

  it('refuses negatives, exponents, letters and empty input', () => {
    expect(problem('-5', 'en-US')).toBe('negative')
    expect(problem('−5', 'pt-BR')).toBe('negative')
    expect(problem('1e3', 'en-US')).toBe('exponent')
    expect(problem('1.5E+2', 'en-US')).toBe('exponent')
    expect(problem('abc', 'pt-BR')).toBe('invalid')
    expect(problem('12 50', 'en-US')).toBe('invalid')
    expect(problem('12.', 'en-US')).toBe('invalid')
    expect(problem('', 'en-US')).toBe('empty')
    expect(problem('   ', 'pt-BR')).toBe('empty')
  })

  it('refuses more decimals than the asset has, but not trailing zeros', () => {
    expect(problem('1,005', 'pt-BR', 2)).toBe('ambiguous')
    expect(problem('1,0051', 'pt-BR', 2)).toBe('precision')
    expect(problem('0.1234567', 'en-US', 6)).toBe('precision')
    expect(value('0.1234560', 'en-US', 6)).toBe('0.123456')
    expect(value('5,0000', 'pt-BR', 2)).toBe('5')
  })

  it('refuses zero unless the field allows it, and absurdly large amounts', () => {
    expect(problem('0,00', 'pt-BR')).toBe('zero')
    expect(readTypedAmount('0', 'en-US', 2, { allowZero: true })).toEqual({ ok: true, value: '0' })
    expect(problem('9999999999999', 'en-US')).toBe('too_large')
    expect(value('999,999,999,999.99', 'en-US')).toBe('999999999999.99')
  })

  it('reads back what toTypedAmount prefills, in both languages', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 12n - 1n }),
        fc.integer({ min: 0, max: 6 }),
        fc.constantFrom<TypedAmountLocale>('en-US', 'pt-BR'),
        (units, places, locale) => {
          const text = units.toString().padStart(places + 1, '0')
          const canonical =
            `${text.slice(0, text.length - places)}${places ? `.${text.slice(text.length - places)}` : ''}`
              .replace(/(\.\d*?)0+$/, '$1')
              .replace(/\.$/, '')
              .replace(/^0+(?=\d)/, '')
          expect(value(toTypedAmount(canonical, locale), locale, 6)).toBe(canonical)
        },
      ),
    )
  })
})
