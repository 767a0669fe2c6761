import { describe, expect, it } from 'vitest'
import { OpenAccountBody } from './api/account.schema'
import { SignUpBody } from './api/auth.schema'
import { BeneficialOwnerSchema, DecisionBody, KybBody, KycBody } from './api/identity.schema'
import { SandboxBridgeOutcomeBody } from './api/money-in.schema'
import { RecipientBody } from './api/money-out.schema'
import { ProfileBody } from './api/settings.schema'
import { CreateManualRefundRequest, HoldActionRequest } from './api/admin-money.schema'
import { AdminReasonBody } from './api/admin-people.schema'
import { ShippingAddressSchema } from './api/card-issuing.schema'
import { CampaignBody, RuleBody } from './api/cashback.schema'
import { VaultApyBody } from './api/grow.schema'
import { SandboxMovementBody } from './api/ledger.schema'
import { RecoverySignerBody } from './api/safe.schema'
import { isPlainName, toPlainText } from './plain-name'
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
    expect(PLAIN_MESSAGES_EN.text_one_line).toMatch(/one line/)
    expect(PLAIN_MESSAGES_PT_BR.text_one_line).toMatch(/uma linha/)
  })
})

describe('other one-line text others read', () => {
  it('is checked at its field: a shipping address, a signer label, rewards names, an admin’s reason', () => {
    const oneLine = 'text_one_line'
    const address = { line1: '1 Old Street', city: 'London', region: 'London', postalCode: 'EC1V 9HL', country: 'GB' }
    // A shipping label printed with a forged second line, or a field that reads backwards.
    expect(issues(ShippingAddressSchema, { ...address, line1: '1 Old Street\nAttn: someone else' })).toEqual({
      line1: oneLine,
    })
    expect(issues(ShippingAddressSchema, { ...address, line2: 'Flat 2\u202e', city: 'Lon\tdon' })).toEqual({
      line2: oneLine,
      city: oneLine,
    })
    expect(issues(ShippingAddressSchema, { ...address, region: 'Greater\u2028London' })).toEqual({ region: oneLine })
    expect(
      issues(RecoverySignerBody, { address: '0x52908400098527886E0F7030069857D2E4169EE7', label: 'Mum\r' }),
    ).toEqual({})
    expect(
      issues(RecoverySignerBody, { address: '0x52908400098527886E0F7030069857D2E4169EE7', label: 'Mum\u202eeno' }),
    ).toEqual({ label: oneLine })
    expect(issues(RuleBody, { name: 'Coffee\nweek', merchantName: 'Caf\u0085e' })).toMatchObject({
      name: oneLine,
      merchantName: oneLine,
    })
    expect(issues(CampaignBody, { kind: 'splashback', name: 'Double\u2067 points' })).toMatchObject({ name: oneLine })
    expect(issues(HoldActionRequest, { reason: 'Stuck\nhold' })).toEqual({ reason: oneLine })
    expect(issues(CreateManualRefundRequest, { account: 'a@b.co', amount: '5', reason: 'Good\twill' })).toEqual({
      reason: oneLine,
    })
    expect(issues(AdminReasonBody, { reason: 'Fraud\u202e review' })).toEqual({ reason: oneLine })
    expect(issues(VaultApyBody, { apyBps: 400, reason: 'Rates\nup' })).toEqual({ reason: oneLine })
    // The reason an applicant reads on their page when an admin rejects their KYC or KYB.
    expect(issues(DecisionBody, { decision: 'rejected', reason: 'Document\u202e unreadable' })).toEqual({
      reason: oneLine,
    })
    // A sandbox bridge's failure reason, shown to the holder tracking the transfer.
    expect(issues(SandboxBridgeOutcomeBody, { status: 'failed', reason: 'Out of\ngas' })).toEqual({ reason: oneLine })
    expect(
      issues(SandboxMovementBody, {
        accountId: '10000000-0000-4000-8000-000000000001',
        asset: 'USDC',
        amount: '1',
        description: 'Salary\u2029bonus',
      }),
    ).toEqual({ description: oneLine })
    // Accents and other scripts stay; a line break around the text is trimmed away.
    expect(ShippingAddressSchema.parse({ ...address, line1: ' Rua São João, 45\n' }).line1).toBe('Rua São João, 45')
  })
})

describe('a provider’s words made one plain line', () => {
  it('turns line breaks, tabs and other controls into one space and drops bidi controls, keeping the rest', () => {
    expect(toPlainText('Reverted\n\nCall +1 555 0100 to claim\u202e your refund')).toBe(
      'Reverted Call +1 555 0100 to claim your refund',
    )
    for (const c of REFUSED) expect([c, toPlainText(`Account${c}closed`)]).toEqual([c, 'Account closed'])
    for (const c of BIDI) expect([c, toPlainText(`Account ${c}closed${c}`)]).toEqual([c, 'Account closed'])
    // The marks right-to-left text needs and a no-break space stay.
    expect(toPlainText('  Conta\r\n encerrada\u200f\u00a0x ')).toBe('Conta encerrada\u200f\u00a0x')
    expect(toPlainText('\n\t\u202e')).toBe('')
    for (const text of ['Zoë O’Brien-Núñez', 'محمد علي', 'Destination contract reverted.'])
      expect(toPlainText(text)).toBe(text)
  })
})
