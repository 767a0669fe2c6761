import { describe, expect, it } from 'vitest'
import { cardNumberFrom, luhnValid } from './card-details'

describe('card numbers', () => {
  it('checks Luhn on known numbers', () => {
    expect(luhnValid('4242424242424242')).toBe(true)
    expect(luhnValid('4242424242424241')).toBe(false)
    expect(luhnValid('42424')).toBe(false)
  })
  it('builds a 16-digit Luhn-valid number ending in the card’s last 4, for any filler', () => {
    for (const [filler, last4] of [
      ['00000', '0000'],
      ['12345', '4242'],
      ['99999', '7311'],
      ['50505', '1239'],
    ] as const) {
      const pan = cardNumberFrom(filler, last4)
      expect(pan).toMatch(/^489537\d{10}$/)
      expect(pan.endsWith(last4)).toBe(true)
      expect(luhnValid(pan)).toBe(true)
    }
  })
})
