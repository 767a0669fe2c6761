import { describe, expect, it } from 'vitest'
import { en } from './messages-en'
import { ptBR } from './messages-pt-br'
import { merchantCategory, NAMED_MCCS } from '../../domain/merchant-categories'

describe('merchant category names', () => {
  it('names every code Cash uses in both languages', () => {
    for (const code of NAMED_MCCS) {
      expect(en[`mcc.${code}`], code).toBeTruthy()
      expect(ptBR[`mcc.${code}`], code).toBeTruthy()
    }
  })
  it('falls back to the group of a code it does not name', () => {
    expect(merchantCategory('5812')).toEqual({ named: '5812' })
    expect(merchantCategory('3750')).toEqual({ group: 'hotel' })
    expect(merchantCategory('1234')).toEqual({ group: 'other' })
  })
})
