import { describe, expect, it } from 'vitest'
import { ERROR_MESSAGE_PARAMS, type ErrorMessage, say } from './error-message'
import { ERROR_MESSAGES_PT_BR } from './error-messages-pt-br'
import { errorText } from './error-words'
import { ERRORS, type ErrorCode } from './errors'
import { PLAIN_MESSAGES_EN } from './plain-messages-en'
import { PLAIN_MESSAGES_PT_BR } from './plain-messages-pt-br'

const DAY = '2026-11-27T10:00:00Z'

/** A sample of each kind with parameters: amounts in base units that need a thousands separator and decimals. */
function sample(key: keyof typeof ERROR_MESSAGE_PARAMS): ErrorMessage {
  const values: Record<string, unknown> = {}
  for (const [name, schema] of Object.entries(ERROR_MESSAGE_PARAMS[key])) {
    const type = (schema as { def: { type: string } }).def.type
    const date = ['at', 'earliest', 'retryAt'].includes(name)
    values[name] =
      type === 'number' ? 3 : type === 'boolean' ? true : name === 'asset' ? 'USDC' : date ? DAY : '2500500000'
  }
  return { key, ...values } as ErrorMessage
}

describe('error messages in every language', () => {
  it('has every code and every plain key in both languages, the Portuguese its own words', () => {
    for (const code of Object.keys(ERRORS) as ErrorCode[]) {
      expect(ERROR_MESSAGES_PT_BR[code], code).toBeTruthy()
      expect(ERROR_MESSAGES_PT_BR[code], code).not.toBe(ERRORS[code].message)
    }
    expect(Object.keys(PLAIN_MESSAGES_PT_BR).sort()).toEqual(Object.keys(PLAIN_MESSAGES_EN).sort())
    for (const [key, english] of Object.entries(PLAIN_MESSAGES_EN)) {
      const pt = PLAIN_MESSAGES_PT_BR[key as keyof typeof PLAIN_MESSAGES_EN]
      expect(pt, key).toBeTruthy()
      expect(pt, key).not.toBe(english)
    }
  })

  it('writes a percentage as the language does, with no space before the sign (25%, not 25 %)', () => {
    const spaced = (catalogue: Record<string, string>) =>
      Object.entries(catalogue)
        .filter(([, text]) => /\d[\s\u00a0\u202f]%/.test(text))
        .map(([key]) => key)
    const codes = Object.fromEntries(Object.entries(ERRORS).map(([code, e]) => [code, e.message]))
    for (const catalogue of [PLAIN_MESSAGES_EN, PLAIN_MESSAGES_PT_BR, ERROR_MESSAGES_PT_BR, codes])
      expect(spaced(catalogue as Record<string, string>)).toEqual([])
    // And the messages with parameters, as each language words them (the owners' total beside the 25% rule).
    for (const language of ['en-US', 'pt-BR'] as const) {
      const kinds = Object.keys(ERROR_MESSAGE_PARAMS) as (keyof typeof ERROR_MESSAGE_PARAMS)[]
      expect(spaced(Object.fromEntries(kinds.map((k) => [k, errorText(sample(k), language)]))), language).toEqual([])
    }
  })

  it('gives each key one meaning: a code, a plain message or a kind with parameters, never two', () => {
    const [codes, plain, kinds] = [ERRORS, PLAIN_MESSAGES_EN, ERROR_MESSAGE_PARAMS].map((t) => Object.keys(t))
    expect(kinds!.filter((k) => codes!.includes(k) || plain!.includes(k))).toEqual([])
    expect(plain!.filter((k) => codes!.includes(k))).toEqual([])
  })

  it('words every kind with parameters in both languages, amounts the language’s way', () => {
    for (const key of Object.keys(ERROR_MESSAGE_PARAMS) as (keyof typeof ERROR_MESSAGE_PARAMS)[]) {
      if (key === 'note') continue
      const m = sample(key)
      const [english, portuguese] = [errorText(m, 'en-US'), errorText(m, 'pt-BR')]
      expect(english, key).not.toBe(portuguese)
      expect(portuguese, key).not.toMatch(/2,500\.50|\d,\d{3}\.\d/)
    }
  })

  it('writes a refund cap and a free balance with pt-BR number formats', () => {
    const cap = say('refund_cap', { cap: '10000000000', left: '2500500000' })
    expect(errorText(cap, 'en-US')).toBe(
      'You can ask for 10,000.00 USDC of refunds in 24 hours; 2,500.50 USDC is left. ' +
        'Another admin can make this refund.',
    )
    expect(errorText(cap, 'pt-BR')).toBe(
      'Você pode pedir 10.000,00 USDC em reembolsos em 24 horas; restam 2.500,50 USDC. ' +
        'Outro administrador pode fazer este reembolso.',
    )
    const free = say('more_than_free', { asset: 'USDC', free: '1234500000' })
    expect(errorText(free, 'pt-BR')).toBe('Mais do que os seus USDC livres (1.234,50 USDC).')
    expect(errorText(say('minimum', { min: '2500.5' }), 'pt-BR')).toBe('O mínimo é 2.500,5.')
  })

  it('words a code by the catalogue, and a plain key by its sentence', () => {
    expect(errorText(say('iban_checksum'), 'en-US')).toBe(ERRORS.iban_checksum.message)
    expect(errorText(say('iban_checksum'), 'pt-BR')).toBe(ERROR_MESSAGES_PT_BR.iban_checksum)
    expect(errorText(say('enter_city'), 'pt-BR')).toBe('Digite a cidade.')
  })
})
