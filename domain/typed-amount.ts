/**
 * Amounts as people type them, in the page's language, to the canonical decimal string every API takes
 * ("1234.56"). The one reader for every amount field; the rule is written out in docs/amounts.md.
 *
 * - en-US writes `1,234.56`: the point is the decimal separator, the comma groups thousands.
 * - pt-BR writes `1.234,56`: the comma is the decimal separator, the point groups thousands.
 * - Grouping is optional, but where it is used every group after the first has exactly three digits, and the first
 *   has no zero in front: `0,009` on an English page (`0.009` on a Portuguese one) is the other language's decimal,
 *   refused with `separator`, never read as nine.
 * - A separator the locale uses for thousands, followed by one, two or four-plus digits (`10,5` or
 *   `12,50` on an English page, `12.50` on a Portuguese one) is the other language's decimal separator:
 *   refused with `separator`, which tells the person how this page writes decimals.
 * - Exactly one separator, and it is the locale's decimal one, followed by exactly three digits after one
 *   to three leading digits (`1.234` in en, `1,234` in pt-BR) reads as thousands in the other language and
 *   as a decimal here: refused with `ambiguous` (a 1000× misreading costs real money). Write `1234`,
 *   `1,234`/`1.234` grouped the page's way, or add a zero for decimals (`1.2340`).
 * - No sign, no exponent (`1e3`), no letters; at most `MAX_WHOLE_DIGITS` whole digits; at most the
 *   asset's decimals (trailing zeros are fine); a leading currency sign (`$`, `US$`, `R$`) is ignored.
 * - Zero is refused unless the field allows it.
 */

export type TypedAmountLocale = 'en-US' | 'pt-BR'

/** Why a typed amount was refused; each has a message in both languages (`amount.error.*`). */
export type TypedAmountProblem =
  | 'empty'
  | 'invalid'
  | 'negative'
  | 'exponent'
  | 'separator'
  | 'ambiguous'
  | 'precision'
  | 'too_large'
  | 'zero'

export type TypedAmount = { ok: true; value: string } | { ok: false; problem: TypedAmountProblem }

/** More whole digits than this (a trillion) is no amount anyone sends through Cash. */
export const MAX_WHOLE_DIGITS = 12

const SEPARATORS: Record<TypedAmountLocale, { decimal: string; group: string }> = {
  'en-US': { decimal: '.', group: ',' },
  'pt-BR': { decimal: ',', group: '.' },
}

const escapeForRegExp = (c: string) => `\\${c}`

/**
 * Reads `input` as typed on a page in `locale` into a canonical decimal string ("1234.56").
 * @param decimals how many decimal places the amount's asset has (USDC 6, BRL and USD 2, ETH 18)
 * @example readTypedAmount('1.234,56', 'pt-BR', 2) → { ok: true, value: '1234.56' }
 * @example readTypedAmount('10,5', 'en-US', 2) → { ok: false, problem: 'separator' }
 * @example readTypedAmount('1,234', 'pt-BR', 6) → { ok: false, problem: 'ambiguous' }
 */
export function readTypedAmount(
  input: string,
  locale: TypedAmountLocale,
  decimals: number,
  options: { allowZero?: boolean } = {},
): TypedAmount {
  const refuse = (problem: TypedAmountProblem): TypedAmount => ({ ok: false, problem })
  const text = input.trim().replace(/^(US\$|R\$|\$)\s*/, '')
  if (text === '') return refuse('empty')
  if (/^[-−‒–]/.test(text)) return refuse('negative')
  if (/^[\d.,]*\d[eE][+-]?\d+$/.test(text)) return refuse('exponent')
  if (!/^[\d.,]+$/.test(text) || !/\d/.test(text)) return refuse('invalid')

  const { decimal, group } = SEPARATORS[locale]
  const decimalCount = text.split(decimal).length - 1
  const groupCount = text.split(group).length - 1
  const cut = text.lastIndexOf(decimal)
  const whole = cut === -1 ? text : text.slice(0, cut)
  const fraction = cut === -1 ? '' : text.slice(cut + 1)

  // The other language's way: `1.234,56` on an English page, several decimal signs, a group after the decimal.
  if (decimalCount > 1 || fraction.includes(group)) return refuse('separator')
  if (decimalCount === 1 && !/^\d+$/.test(fraction)) return refuse('invalid')
  // Grouped, the first group is a number of its own: never a zero in front (`0,009` is no way to write nine).
  if (groupCount > 0 && !new RegExp(`^[1-9]\\d{0,2}(${escapeForRegExp(group)}\\d{3})+$`).test(whole)) {
    // One group sign with other than three digits after it, or after a zero, and no decimal sign: a decimal written
    // the other way.
    return groupCount === 1 && decimalCount === 0 && /^\d+$/.test(whole.replace(group, ''))
      ? refuse('separator')
      : refuse('invalid')
  }
  if (groupCount === 0 && decimalCount === 1 && /^[1-9]\d{0,2}$/.test(whole) && fraction.length === 3)
    return refuse('ambiguous')

  const digits = whole.split(group).join('').replace(/^0+/, '')
  if (digits.length > MAX_WHOLE_DIGITS) return refuse('too_large')
  const places = fraction.replace(/0+$/, '')
  if (places.length > decimals) return refuse('precision')
  if (!options.allowZero && digits === '' && !/[1-9]/.test(places)) return refuse('zero')
  return { ok: true, value: `${digits || '0'}${places ? `.${places}` : ''}` }
}

/**
 * A canonical decimal ("1234.5") as a person would type it in `locale` ("1234,5"), to prefill a field;
 * never grouped, and never in the shape `readTypedAmount` calls ambiguous.
 */
export function toTypedAmount(canonical: string, locale: TypedAmountLocale): string {
  const [whole = '0', fraction = ''] = canonical.split('.')
  const places = fraction.length === 3 && /^[1-9]\d{0,2}$/.test(whole) ? `${fraction}0` : fraction
  return places ? `${whole}${SEPARATORS[locale].decimal}${places}` : whole
}
