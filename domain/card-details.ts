/** Luhn (mod 10) check of a card number's digits. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2
    sum += d
  }
  return sum % 10 === 0
}

/** The sandbox issuer's BIN (Visa test range). */
export const CARD_BIN = '489537'

/**
 * A 16-digit, Luhn-valid card number that ends in `last4`, from 5 filler digits: BIN (6) + filler (5) + one
 * digit chosen to satisfy Luhn + last4. E.g. `cardNumberFrom('12345', '4242')` → `4895371234594242`-shaped.
 */
export function cardNumberFrom(filler: string, last4: string): string {
  if (!/^\d{5}$/.test(filler) || !/^\d{4}$/.test(last4)) throw new Error('filler is 5 digits and last4 is 4')
  for (let d = 0; d <= 9; d++) {
    const candidate = `${CARD_BIN}${filler}${d}${last4}`
    if (luhnValid(candidate)) return candidate
  }
  throw new Error('unreachable: one digit always satisfies Luhn')
}

/** How long revealed details stay on screen. */
export const REVEAL_SECONDS = 60
