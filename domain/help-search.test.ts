import { describe, expect, it } from 'vitest'
import { HELP_ARTICLES, HELP_CATEGORIES, HELP_LOCALES, helpArticle, helpLocale } from './help-center'
import { foldForSearch, searchHelp } from './help-search'

const ids = (query: string, locale: 'en' | 'pt-BR' = 'en') => searchHelp(query, { locale }).map((h) => h.article.id)

describe('help center search', () => {
  it('finds the PIX articles first for "pix", "Pix" and "PÍX", in both languages', () => {
    for (const query of ['pix', 'Pix', 'PÍX', '  PIX ']) {
      for (const locale of HELP_LOCALES) {
        const found = ids(query, locale)
        expect(found.slice(0, 2).sort(), `${query} ${locale}`).toEqual(['pix-send', 'pix-top-up'])
      }
    }
  })

  it('finds withdrawals for the Portuguese "saque", "SAQUES" and "prazo de segurança"', () => {
    expect(ids('saque', 'pt-BR')[0]).toBe('withdraw-crypto')
    expect(ids('SAQUES', 'pt-BR')[0]).toBe('withdraw-crypto')
    expect(ids('prazo de seguranca', 'pt-BR')).toContain('withdraw-crypto')
  })

  it('ranks an article whose title holds the word above one that only mentions it', () => {
    const hits = searchHelp('withdrawals', { locale: 'en' })
    expect(hits[0]!.article.id).toBe('withdraw-crypto')
    expect(hits[0]!.inTitle).toBe(true)
    const firstWithoutTitle = hits.findIndex((h) => !h.inTitle)
    expect(firstWithoutTitle).toBeGreaterThan(0)
    expect(hits.slice(firstWithoutTitle).every((h) => !h.inTitle)).toBe(true)
  })

  it('searches the body too: "checksum" finds the withdrawal article though it is only in a step', () => {
    expect(ids('checksum')).toContain('withdraw-crypto')
  })

  it('needs every word of the query, and finds nothing for words no article has', () => {
    expect(ids('pix cashback')).toEqual(['pix-send', 'fees'])
    expect(ids('pix recovery')).toEqual([])
    expect(ids('zebra')).toEqual([])
  })

  it('lists every article of a category for an empty query, in the help center order', () => {
    const pix = searchHelp('', { locale: 'en', category: 'pix' }).map((h) => h.article.id)
    expect(pix).toEqual(['pix-top-up', 'pix-send'])
    expect(searchHelp('', { locale: 'en' })).toHaveLength(HELP_ARTICLES.length)
    expect(searchHelp('pix', { locale: 'en', category: 'fees' }).map((h) => h.article.id)).toEqual(['fees'])
  })

  it('folds accents, case and punctuation', () => {
    expect(foldForSearch('Segurança: RECUPERAÇÃO!')).toBe('seguranca recuperacao')
  })
})

describe('help center articles', () => {
  it('has at least 12 articles, every category covered, each written in English and Portuguese', () => {
    expect(HELP_ARTICLES.length).toBeGreaterThanOrEqual(12)
    expect(new Set(HELP_ARTICLES.map((a) => a.category))).toEqual(new Set(HELP_CATEGORIES))
    for (const a of HELP_ARTICLES) {
      for (const locale of HELP_LOCALES) {
        const text = a.text[locale]
        expect(text.title.length, `${a.id} ${locale}`).toBeGreaterThan(5)
        expect(text.body.length, `${a.id} ${locale}`).toBeGreaterThan(0)
        expect(text.keywords.length, `${a.id} ${locale}`).toBeGreaterThan(0)
      }
      expect(a.text.en.title).not.toBe(a.text['pt-BR'].title)
    }
  })

  it('has unique slug ids and related links that point to other existing articles', () => {
    expect(new Set(HELP_ARTICLES.map((a) => a.id)).size).toBe(HELP_ARTICLES.length)
    for (const a of HELP_ARTICLES) {
      expect(a.id).toMatch(/^[a-z0-9-]+$/)
      for (const r of a.related) {
        expect(helpArticle(r), `${a.id} → ${r}`).toBeDefined()
        expect(r).not.toBe(a.id)
      }
    }
  })

  it('states the figures the product enforces, formatted for each language', () => {
    const text = (id: string, locale: 'en' | 'pt-BR') => JSON.stringify(helpArticle(id)!.text[locale])
    expect(text('pix-top-up', 'en')).toContain('R$10.00')
    expect(text('pix-top-up', 'en')).toContain('R$50,000.00')
    expect(text('pix-top-up', 'pt-BR')).toContain('R$\u00a010,00')
    expect(text('pix-top-up', 'pt-BR')).toContain('10 minutos')
    expect(text('withdraw-crypto', 'en')).toContain('1 minute security delay')
    expect(text('account-recovery', 'en')).toContain('3 days')
    expect(text('account-recovery', 'pt-BR')).toContain('3 dias')
    expect(text('spending-limits', 'en')).toContain('$10,000.00')
    expect(text('spending-limits', 'en')).toContain('1 hour')
    expect(text('fees', 'en')).toContain('0.2%')
    expect(text('fees', 'pt-BR')).toContain('0,2%')
  })

  it('reads Portuguese for any pt tag and English otherwise', () => {
    expect(helpLocale('pt-BR')).toBe('pt-BR')
    expect(helpLocale('pt')).toBe('pt-BR')
    expect(helpLocale('en-US')).toBe('en')
    expect(helpLocale(undefined)).toBe('en')
  })
})
