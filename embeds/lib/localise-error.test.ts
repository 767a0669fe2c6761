import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { fieldErrors } from '../../domain/api/common.schema'
import { PixChargeBody } from '../../domain/api/money-in.schema'
import { PixSendQuoteBody } from '../../domain/api/money-out.schema'
import { ERRORS, type ErrorCode } from '../../domain/errors'
import { ERROR_MESSAGES_PT_BR, FIELD_MESSAGES_PT_BR } from './error-messages-pt-br'
import { localiseFields, localiseMessage, localisedFieldErrors } from './localise-error'
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
  it('has Portuguese for every error code of the catalogue, different from the English', () => {
    for (const code of Object.keys(ERRORS) as ErrorCode[]) {
      expect(ERROR_MESSAGES_PT_BR[code], code).toBeTruthy()
      expect(ERROR_MESSAGES_PT_BR[code], code).not.toBe(ERRORS[code].message)
    }
    expect(Object.keys(ERROR_MESSAGES_PT_BR).sort()).toEqual(Object.keys(ERRORS).sort())
  })

  it('has no Portuguese page string identical to its English one, except names and codes', () => {
    const same = (Object.keys(en) as (keyof typeof en)[]).filter(
      (key) => ptBR[key] === en[key] && !SAME_IN_BOTH.has(en[key]),
    )
    expect(same).toEqual([])
    for (const [english, pt] of Object.entries(FIELD_MESSAGES_PT_BR)) expect(pt, english).not.toBe(english)
  })
})

/**
 * Every sentence of the domain's rules and shared schemas that can reach a page as an error or field message
 * (help-center.ts holds both languages itself).
 */
function domainMessages(): string[] {
  const root = join(__dirname, '../../domain')
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
    (f) =>
      f.endsWith('.ts') &&
      !f.endsWith('.test.ts') &&
      // movement-words.ts is itself the catalog of both languages (its type asks for every wording in each).
      !['errors.ts', 'authorization.ts', 'siwe.ts', 'help-center.ts', 'movement-words.ts'].includes(f),
  )
  const found = new Set<string>()
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8')
    for (const m of text.matchAll(/'([A-Z][^'\n]{8,}[.])'/g)) found.add(m[1]!)
  }
  return [...found]
}

describe('server errors and field messages in the page’s language', () => {
  it('shows an API error by its code in Portuguese, and as sent in English', () => {
    expect(localiseMessage(ERRORS.pix_amount_min.message, 'pt-BR', 'pix_amount_min')).toBe(
      'A menor recarga por PIX é de R$ 10,00.',
    )
    expect(localiseMessage(ERRORS.pix_amount_min.message, 'en-US', 'pix_amount_min')).toBe(
      'The smallest PIX top-up is R$ 10,00.',
    )
    // A custom English message for a known code still reads in Portuguese (the code's message).
    expect(localiseMessage('Something unexpected about this card.', 'pt-BR', 'not_found')).toBe('Não encontrado.')
    expect(
      localiseMessage('Cannot reach Cash right now. Check your connection and try again.', 'pt-BR', 'network'),
    ).toMatch(/^Não foi possível falar com o Cash/)
  })

  it('turns the server’s field messages into Portuguese by their English text', () => {
    expect(
      localiseFields(
        { destination: 'Enter a PIX key or paste a PIX code.', brlAmount: ERRORS.pix_amount_min.message },
        'pt-BR',
      ),
    ).toEqual({
      destination: 'Digite uma chave PIX ou cole um código PIX.',
      brlAmount: 'A menor recarga por PIX é de R$ 10,00.',
    })
    expect(localiseFields({ x: 'Invalid input: expected string, received undefined' }, 'pt-BR')).toEqual({
      x: ERROR_MESSAGES_PT_BR.invalid_request,
    })
  })

  it('gives a server message that names amounts in Portuguese, amounts in Portuguese form', () => {
    const english =
      'You can ask for 10,000 USDC of refunds in 24 hours; 2,499.5 USDC is left. Another admin can make this refund.'
    expect(localiseFields({ amount: english }, 'pt-BR')).toEqual({
      amount:
        'Você pode pedir 10.000 USDC em reembolsos em 24 horas; restam ' +
        '2.499,5 USDC. Outro administrador pode fazer este reembolso.',
    })
    expect(localiseFields({ amount: english }, 'en-US')).toEqual({ amount: english })
  })

  it('gives the free-balance refusal in Portuguese, its amount in Portuguese form', () => {
    expect(localiseFields({ amount: 'More than your free USDC (1,234.5).' }, 'pt-BR')).toEqual({
      amount: 'Mais do que os seus USDC livres (1.234,5).',
    })
    expect(localiseFields({ amount: 'More than your free ETH (fee included).' }, 'pt-BR')).toEqual({
      amount: 'Mais do que os seus ETH livres (com a tarifa).',
    })
    expect(localiseFields({ amount: 'More than your free USDC (1,234.5).' }, 'en-US')).toEqual({
      amount: 'More than your free USDC (1,234.5).',
    })
  })

  it('has Portuguese for every message sentence of the domain rules and shared schemas', () => {
    const messages = domainMessages()
    expect(messages.length).toBeGreaterThan(60)
    const english = new Set(Object.values(ERRORS).map((e) => e.message as string))
    expect(messages.filter((m) => !english.has(m) && !FIELD_MESSAGES_PT_BR[m])).toEqual([])
  })

  it('gives the shared schemas’ zod issues in Portuguese, the known messages and zod’s own ones', () => {
    const known = PixChargeBody.safeParse({ brlAmount: 'ten' })
    expect(known.success).toBe(false)
    expect(localisedFieldErrors(known.error!, 'en-US').brlAmount).toBe('Enter an amount in reais, like 100 or 100,50.')
    expect(localisedFieldErrors(known.error!, 'pt-BR').brlAmount).toBe('Digite um valor em reais, como 100 ou 100,50.')

    const generic = z
      .object({ name: z.string().min(3), email: z.email(), pick: z.enum(['a', 'b']) })
      .safeParse({ name: 'ab', email: 'nope', pick: 'c' })
    expect(localisedFieldErrors(generic.error!, 'pt-BR')).toEqual({
      name: 'Use pelo menos 3 caracteres.',
      email: 'Digite um e-mail como nome@exemplo.com.',
      pick: 'Escolha uma das opções.',
    })
  })

  it(
    'never lets zod’s own text reach a person: not from the page’s ' +
      'check, not from the server’s field errors, in either language',
    () => {
      // A huge PIX amount once showed "Too big: expected string to have <=20 characters".
      const huge = PixSendQuoteBody.safeParse({ destination: 'maria@example.com', brlAmount: '9'.repeat(30) })
      expect(huge.success).toBe(false)
      const server = fieldErrors(huge.error!)
      expect(server.brlAmount).toBe('Use at most 20 characters.')
      expect(localiseFields(server, 'pt-BR').brlAmount).toBe('Use no máximo 20 caracteres.')
      expect(localisedFieldErrors(huge.error!, 'en-US').brlAmount).toBe('Use at most 20 characters.')
      const generic = z
        .object({ name: z.string(), pick: z.enum(['a', 'b']), n: z.number().max(5) })
        .safeParse({ name: null, pick: 'c', n: 9 })
      for (const locale of ['en-US', 'pt-BR'] as const) {
        for (const message of [
          ...Object.values(localisedFieldErrors(generic.error!, locale)),
          ...Object.values(localiseFields(fieldErrors(generic.error!), locale)),
        ]) {
          expect(message).not.toMatch(/^(Invalid|Too (small|big)|Expected)|expected|received/)
        }
      }
      expect(localiseMessage('Invalid input: expected string, received null', 'en-US')).toBe(
        ERRORS.invalid_request.message,
      )
    },
  )
})
