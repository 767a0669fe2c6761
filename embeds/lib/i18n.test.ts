import { describe, expect, it } from 'vitest'
import { en } from './messages-en'
import { ptBR } from './messages-pt-br'
import { pickDeviceLocale, pickLocale, translate } from './i18n'

describe('i18n', () => {
  it('has a Portuguese string for every English one, with the same placeholders', () => {
    expect(Object.keys(ptBR).sort()).toEqual(Object.keys(en).sort())
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      const names = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort()
      expect(names(ptBR[key]), key).toEqual(names(en[key]))
    }
  })

  it('writes no percentage figure in either catalogue: each comes from its rule, through the formatter', () => {
    const figured = (catalogue: Record<string, string>) =>
      Object.entries(catalogue)
        .filter(([, text]) => /\d[\s\u00a0\u202f]?%/.test(text))
        .map(([key]) => key)
    expect(figured(en)).toEqual([])
    expect(figured(ptBR)).toEqual([])
  })

  it('writes no dollar figure in either catalogue: each comes from its rule, in the language’s money format', () => {
    const figured = (catalogue: Record<string, string>) =>
      Object.entries(catalogue)
        .filter(([, text]) => /\$ ?\d/.test(text))
        .map(([key]) => key)
    expect(figured(en)).toEqual([])
    expect(figured(ptBR)).toEqual([])
  })

  it('writes no health factor figure in either catalogue: the lines come from the Borrow rules, in the locale', () => {
    const figured = (catalogue: Record<string, string>) =>
      Object.entries(catalogue)
        .filter(([, text]) => /\b\d[.,]\d\d\b/.test(text))
        .map(([key]) => key)
    expect(figured(en)).toEqual([])
    expect(figured(ptBR)).toEqual([])
  })

  it('calls the safe “cofre” in Portuguese, as the holder’s pages do, never the English word', () => {
    // Keys (`admin.account.safe`) and placeholders (`{safe}`) are code, not words; only what a person reads counts.
    const words = (text: string) => text.replace(/\{\w+\}/g, '')
    const english = Object.entries(ptBR).filter(([, text]) => /(?<![\w-])safes?(?![\w-])/i.test(words(text)))
    expect(english.map(([key]) => key)).toEqual([])
  })

  it('picks Portuguese for any pt tag and English otherwise', () => {
    expect(pickLocale('pt-BR')).toBe('pt-BR')
    expect(pickLocale('pt')).toBe('pt-BR')
    expect(pickLocale('en-GB')).toBe('en-US')
    expect(pickLocale(undefined)).toBe('en-US')
  })

  it('takes the first of the browser’s languages that Cash speaks', () => {
    expect(pickDeviceLocale(['pt-BR', 'en-US'])).toBe('pt-BR')
    expect(pickDeviceLocale(['fr-FR', 'pt-PT', 'en'])).toBe('pt-BR')
    expect(pickDeviceLocale(['de', 'en-GB', 'pt-BR'])).toBe('en-US')
    expect(pickDeviceLocale(['ja'])).toBe('en-US')
    expect(pickDeviceLocale([])).toBe('en-US')
  })

  it('fills placeholders', () => {
    expect(translate('en-US', 'home.available', { asset: 'USDC', amount: '$5.00' })).toBe('USDC · $5.00 available')
  })
})
