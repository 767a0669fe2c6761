import { describe, expect, it } from 'vitest'
import { parseAddress } from './address'

const CHECKSUMMED = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'

describe('parseAddress (SEED.md §5)', () => {
  it('accepts a checksummed address as it is', () => {
    expect(parseAddress(CHECKSUMMED)).toBe(CHECKSUMMED)
  })

  it('accepts all-lower and all-upper hex and returns it checksummed', () => {
    expect(parseAddress(CHECKSUMMED.toLowerCase())).toBe(CHECKSUMMED)
    expect(parseAddress(`0x${CHECKSUMMED.slice(2).toUpperCase()}`)).toBe(CHECKSUMMED)
  })

  it('refuses mixed case that does not match the checksum', () => {
    const broken = CHECKSUMMED.replace('aA', 'Aa')
    expect(() => parseAddress(broken)).toThrowError(expect.objectContaining({ code: 'address_checksum' }))
  })

  it('refuses anything that is not 0x and 40 hex characters', () => {
    for (const bad of [
      '',
      '0x',
      CHECKSUMMED.slice(0, 41),
      `${CHECKSUMMED}0`,
      CHECKSUMMED.replace('0x', '0X'),
      '0xZZZeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    ]) {
      expect(() => parseAddress(bad), bad).toThrowError(expect.objectContaining({ code: 'address_invalid' }))
    }
  })
})
