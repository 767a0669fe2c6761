import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { fieldMessages } from '../../domain/api/common.schema'
import { PixChargeBody } from '../../domain/api/money-in.schema'
import { PixSendQuoteBody } from '../../domain/api/money-out.schema'
import { fieldTexts } from '../../domain/error-words'
import { ApiError, createApiClient } from './api-client'
import { localisedFieldErrors } from './localise-error'
import { en } from './messages-en'
import { ptBR } from './messages-pt-br'

/** Words that are the same in both languages: brand and product names, codes, units, loanwords Brazil uses. */
const SAME_IN_BOTH = new Set([
  'Cash',
  'E-mail',
  '{title}',
  '{browser}',
  'Menu',
  'Back office',
  'PIX',
  '{n} min',
  '{brl} = {usd}',
  'Euros: SEPA',
  'IBAN',
  'BIC',
  '{seconds} s',
  'Virtual',
  'CVV',
  'Status',
  '{days} d {time}',
  'English',
  'Português (Brasil)',
  'Selfie',
  'Cashback',
  'Regular',
  '{points} pts',
  '1 {from} = {rate} {to}',
  'weETH',
  'Feature flags',
  '—',
  'USDC',
  'Feedback',
  '{name} · {email}',
  'APY',
  'Splashback',
  'Triple-dip',
  'Summer Mint',
  'KYC',
  'KYB',
  'Sandbox',
  'ACH',
  'SEPA',
  '{name} · MCC {code}',
  '1 BRL = {rate} USD',
  'KYC · {name}',
  'KYB · {name}',
])

describe('every string in both languages', () => {
  it('has no Portuguese page string identical to its English one, except names and codes', () => {
    const same = (Object.keys(en) as (keyof typeof en)[]).filter(
      (key) => ptBR[key] === en[key] && !SAME_IN_BOTH.has(en[key]),
    )
    expect(same).toEqual([])
  })
})

/** Sentences written into the domain's rules and shared schemas, outside the catalogues that word messages. */
function domainSentences(): string[] {
  const root = join(__dirname, '../../domain')
  const CATALOGS = ['errors.ts', 'error-words.ts', 'plain-messages-en.ts', 'plain-messages-pt-br.ts']
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
    (f) =>
      f.endsWith('.ts') &&
      !f.endsWith('.test.ts') &&
      // movement-words.ts, card-status-reason.ts and help-center.ts hold both languages themselves; the rest are not
      // messages.
      ![...CATALOGS, 'error-messages-pt-br.ts', 'authorization.ts', 'siwe.ts', 'help-center.ts'].includes(f) &&
      !['movement-words.ts', 'card-status-reason.ts', 'help-search.ts', 'feature-flags.ts'].includes(f),
  )
  const found = new Set<string>()
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8')
    for (const m of text.matchAll(/['`]([A-Z][^'`\n]{8,}[.])['`]/g)) found.add(`${file}: ${m[1]}`)
  }
  return [...found]
}

describe('errors and field messages in the page’s language', () => {
  afterEach(() => {
    document.documentElement.lang = ''
  })

  it('finds no English sentence in the domain rules and shared schemas: they carry message keys', () => {
    expect(domainSentences()).toEqual([])
  })

  it('gives the shared schemas’ zod issues in each language, their keys and zod’s own ones', () => {
    const known = PixChargeBody.safeParse({ brlAmount: 'ten' })
    expect(known.success).toBe(false)
    expect(localisedFieldErrors(known.error!, 'en-US').brlAmount).toBe('Enter an amount in reais, like 100 or 100,50.')
    expect(localisedFieldErrors(known.error!, 'pt-BR').brlAmount).toBe('Digite um valor em reais, como 100 ou 100,50.')

    const generic = z
      .object({ name: z.string().min(3), email: z.email(), pick: z.enum(['a', 'b']), n: z.number().min(2500.5) })
      .safeParse({ name: 'ab', email: 'nope', pick: 'c', n: 1 })
    expect(localisedFieldErrors(generic.error!, 'pt-BR')).toEqual({
      name: 'Use pelo menos 3 caracteres.',
      email: 'Digite um e-mail como nome@exemplo.com.',
      pick: 'Escolha uma das opções.',
      n: 'O mínimo é 2.500,5.',
    })
  })

  it('never lets zod’s own text reach a person, from the page’s check or the server’s field keys', () => {
    // A huge PIX amount once showed "Too big: expected string to have <=20 characters".
    const huge = PixSendQuoteBody.safeParse({ destination: 'maria@example.com', brlAmount: '9'.repeat(30) })
    expect(huge.success).toBe(false)
    expect(fieldMessages(huge.error!).brlAmount).toEqual({ key: 'max_chars', max: 20 })
    expect(fieldTexts(fieldMessages(huge.error!), 'pt-BR').brlAmount).toBe('Use no máximo 20 caracteres.')
    expect(localisedFieldErrors(huge.error!, 'en-US').brlAmount).toBe('Use at most 20 characters.')
    const generic = z
      .object({ name: z.string(), pick: z.enum(['a', 'b']), n: z.number().max(5) })
      .safeParse({ name: null, pick: 'c', n: 9 })
    for (const locale of ['en-US', 'pt-BR'] as const)
      for (const message of Object.values(localisedFieldErrors(generic.error!, locale)))
        expect(message).not.toMatch(/^(Invalid|Too (small|big)|Expected)|expected|received/)
  })

  it('words a server field error from its key and figures on a Portuguese page, not from its English', async () => {
    document.documentElement.lang = 'pt-BR'
    const body = {
      error: {
        code: 'refund_daily_cap',
        message: 'You can ask for 10,000.00 USDC of refunds in 24 hours; 2,500.50 USDC is left. …',
        fields: { amount: 'You can ask for 10,000.00 USDC of refunds in 24 hours; 2,500.50 USDC is left. …' },
        messageKey: { key: 'refund_cap', cap: '10000000000', left: '2500500000' },
        fieldKeys: { amount: { key: 'refund_cap', cap: '10000000000', left: '2500500000' } },
      },
    }
    const api = createApiClient({ fetch: async () => new Response(JSON.stringify(body), { status: 409 }) })
    const refused = await api.post('/admin/manual-refunds', z.unknown(), {}).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(ApiError)
    const error = refused as ApiError
    expect(error.fields.amount).toBe(
      'Você pode pedir 10.000,00 USDC em reembolsos em 24 horas; restam 2.500,50 USDC. ' +
        'Outro administrador pode fazer este reembolso.',
    )
    expect(error.message).toBe(error.fields.amount)
    const offline = createApiClient({
      fetch: async () => {
        throw new TypeError('Failed to fetch')
      },
    })
    expect(await offline.get('/me', z.unknown()).catch((e: Error) => e.message)).toBe(
      'Não foi possível falar com o Cash agora. Verifique sua conexão e tente de novo.',
    )
  })
})
