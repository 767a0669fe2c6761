import { describe, expect, it } from 'vitest'
import { isTimeZone } from './account-rules'
import { ProfileBody } from './api/settings.schema'
import { normalizePhone, timeZoneAccount } from './profile'

describe('phone numbers', () => {
  it('accepts E.164 and drops the spaces, dashes and brackets people type', () => {
    expect(normalizePhone('+55 (11) 98765-4321')).toBe('+5511987654321')
    expect(normalizePhone('+44 20 7946 0958')).toBe('+442079460958')
  })
  it('refuses a number without + and country code, or of the wrong length', () => {
    expect(normalizePhone('11 98765-4321')).toBeNull()
    expect(normalizePhone('+0 123456789')).toBeNull()
    expect(normalizePhone('+123')).toBeNull()
    expect(normalizePhone('+1234567890123456')).toBeNull()
    expect(normalizePhone('+55 11 9876x4321')).toBeNull()
  })
  it('an empty phone means no phone; a bad one is an error at the phone field', () => {
    expect(ProfileBody.parse({ name: 'Paula', language: 'en', phone: ' ' }).phone).toBeNull()
    const bad = ProfileBody.safeParse({ name: 'Paula', language: 'en', phone: '98765' })
    expect(bad.success).toBe(false)
    expect(bad.error?.issues[0]?.path).toEqual(['phone'])
  })
})

describe('time zones', () => {
  it('knows IANA zones and refuses made-up ones at the field', () => {
    expect(isTimeZone('America/Sao_Paulo')).toBe(true)
    expect(isTimeZone('Mars/Olympus')).toBe(false)
    const bad = ProfileBody.safeParse({ name: 'Paula', language: 'en', phone: '', timeZone: 'Mars/Olympus' })
    expect(bad.error?.issues[0]?.path).toEqual(['timeZone'])
  })
  it(
    'the profile governs the personal account held, else the ' +
      'first company, editable by its owners and admins only',
    () => {
      const personal = { accountId: 'p', accountKind: 'personal', role: 'holder' } as const
      const asMember = { accountId: 'c', accountKind: 'corporate', role: 'member' } as const
      const asAdmin = { accountId: 'c', accountKind: 'corporate', role: 'admin' } as const
      expect(timeZoneAccount([asMember, personal])).toMatchObject({ accountId: 'p', editable: true })
      expect(timeZoneAccount([asMember])).toMatchObject({ accountId: 'c', editable: false })
      expect(timeZoneAccount([asAdmin])).toMatchObject({ accountId: 'c', editable: true })
      expect(timeZoneAccount([])).toBeNull()
    },
  )
})
