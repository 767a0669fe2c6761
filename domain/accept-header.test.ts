import { describe, expect, it } from 'vitest'
import { acceptList } from './accept-header'

describe('acceptList', () => {
  it('reads each value with its weight, 1 when none is given, in the order given', () => {
    expect(acceptList('pt-BR, pt;q=0.9, en;q=0.8, *;q=0')).toEqual([
      { value: 'pt-BR', q: 1 },
      { value: 'pt', q: 0.9 },
      { value: 'en', q: 0.8 },
      { value: '*', q: 0 },
    ])
  })

  it('no header, an empty one, or a weight that is not a number', () => {
    expect(acceptList(undefined)).toEqual([])
    expect(acceptList(' , ')).toEqual([])
    expect(acceptList('br;q=abc')).toEqual([{ value: 'br', q: 0 }])
    expect(acceptList('BR;Q=0')).toEqual([{ value: 'BR', q: 0 }])
  })
})
