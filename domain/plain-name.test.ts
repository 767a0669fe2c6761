import { describe, expect, it } from 'vitest'
import { OpenAccountBody } from './api/account.schema'
import { SignUpBody } from './api/auth.schema'
import { BeneficialOwnerSchema, KybBody, KycBody } from './api/identity.schema'
import { RecipientBody } from './api/money-out.schema'
import { ProfileBody } from './api/settings.schema'
import { isPlainName } from './plain-name'
import { PLAIN_MESSAGES_EN } from './plain-messages-en'
import { PLAIN_MESSAGES_PT_BR } from './plain-messages-pt-br'

const REFUSED = ['\u0000', '\n', '\r', '\t', '\u001f', '\u007f', '\u0085', '\u009f', '\u2028', '\u2029']
const BIDI = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069']

/** The issues a schema finds in a value, as path → message key. */
const issues = (
  schema: { safeParse: (v: unknown) => { error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  value: unknown,
) => Object.fromEntries((schema.safeParse(value).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]))

describe('a name as typed', () => {
  it('keeps accents, apostrophes, hyphens, non-Latin scripts and right-to-left text', () => {
    for (const name of ['Zoë O’Brien-Núñez', 'Ада Лавлейс', '山田 太郎', 'محمد علي', 'Acme Labs Ltd.', 'A & B (UK) 2'])
      expect(isPlainName(name)).toBe(true)
  })

  it('refuses C0 and C1 controls, line and paragraph separators, bidi embeddings, overrides and isolates', () => {
    for (const c of [...REFUSED, ...BIDI]) expect([c, isPlainName(`Ada${c}Lovelace`)]).toEqual([c, false])
    // Just outside the ranges: a no-break space, the marks right-to-left names need, the next code points.
    for (const c of [' ', '~', '\u00a0', '\u200f', '\u2027', '\u202f', '\u2065', '\u206a'])
      expect([c, isPlainName(`Ada${c}Lovelace`)]).toEqual([c, true])
  })

  it('is checked at the field of every name a person types, after its trim', () => {
    const oneLine = 'name_one_line'
    expect(issues(SignUpBody, { name: 'Ada\nLovelace', email: 'ada@example.com', password: 'long-enough-pw' })).toEqual(
      { name: oneLine },
    )
    expect(issues(ProfileBody, { name: 'Ada\u202eLovelace', language: 'en', phone: '' })).toEqual({ name: oneLine })
    expect(issues(OpenAccountBody, { kind: 'corporate', name: 'Acme\tLabs' })).toEqual({ name: oneLine })
    expect(issues(KybBody.shape.companyName, 'Acme\r\nLabs')).toEqual({ '': oneLine })
    expect(issues(KycBody.shape.legalName, 'Ada\u0085Lovelace')).toEqual({ '': oneLine })
    expect(issues(BeneficialOwnerSchema.shape.name, 'Olivia\u2066Okafor')).toEqual({ '': oneLine })
    for (const account of [
      { region: 'us', routingNumber: '021000021', accountNumber: '123456789' },
      { region: 'eu', iban: 'DE89370400440532013000' },
    ])
      expect(issues(RecipientBody, { ...account, name: 'Rita\nReis' })).toEqual({ name: oneLine })
    // A line break around the name is trimmed away, not refused.
    expect(
      SignUpBody.parse({ name: ' Ada Lovelace\n', email: 'ada@example.com', password: 'long-enough-pw' }).name,
    ).toBe('Ada Lovelace')
  })

  it('is worded in English and Brazilian Portuguese', () => {
    expect(PLAIN_MESSAGES_EN.name_one_line).toMatch(/one line/)
    expect(PLAIN_MESSAGES_PT_BR.name_one_line).toMatch(/uma linha/)
  })
})
