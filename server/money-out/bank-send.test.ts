import { errorText } from '../../domain/error-words'
import { beforeEach, describe, expect, it } from 'vitest'
import { ACCOUNT_IDS, DEMO_PASSWORD } from '../../fixtures/personas'
import { checkLedger } from '../ledger/ledger-check'
import { createTestApp, signIn, type Caller, type TestApp } from '../testing/test-app'

const account = ACCOUNT_IDS.personal
let t: TestApp
let paula: Caller
const key = () => `b-${Math.random().toString(36).slice(2)}`
const usdc = async () =>
  (await paula.json('GET', `/accounts/${account}/balances`)).body.balances.find(
    (b: { asset: string }) => b.asset === 'USDC',
  ).balance

beforeEach(async () => {
  t = await createTestApp()
  paula = await signIn(t.app, 'personal', 'web')
})

describe('bank send', () => {
  it('sends to a manual IBAN recipient with the 0.2 % fee, and the rails complete it', async () => {
    const r = await paula.json('POST', `/accounts/${account}/bank-recipients`, {
      region: 'eu',
      name: 'Hans Müller',
      iban: 'DE89 3704 0044 0532 0130 00',
      bic: 'COBADEFFXXX',
    })
    expect(r.body).toMatchObject({ currency: 'EUR', masked: '•••• 3000', source: 'manual' })
    const quote = await paula.json('GET', `/accounts/${account}/bank-sends/quote?recipientId=${r.body.id}&amount=108`)
    expect(quote.body).toMatchObject({ fee: '0.216', total: '108.216', recipientGets: '100', currency: 'EUR' })
    const sent = await paula.json(
      'POST',
      `/accounts/${account}/bank-sends`,
      { recipientId: r.body.id, amount: '108', confirmation: { method: 'password', password: DEMO_PASSWORD } },
      { 'idempotency-key': key() },
    )
    expect(sent.body.status).toBe('processing')
    expect(await usdc()).toBe('2391.784')
    t.setNow(new Date(t.deps.now().getTime() + 5_000))
    await t.runJobs()
    expect((await paula.json('GET', `/accounts/${account}/bank-sends`)).body.items[0].status).toBe('completed')
  })

  it('refuses under 1 USDC or a fraction of a cent at the amount field, in the page’s words', async () => {
    const r = await paula.json('POST', `/accounts/${account}/bank-recipients`, {
      region: 'us',
      name: 'Joe Smith',
      routingNumber: '011000015',
      accountNumber: '12345678',
    })
    const send = (amount: string) =>
      paula.json(
        'POST',
        `/accounts/${account}/bank-sends`,
        { recipientId: r.body.id, amount, confirmation: { method: 'password', password: DEMO_PASSWORD } },
        { 'idempotency-key': key() },
      )
    const quote = (amount: string) =>
      paula.json('GET', `/accounts/${account}/bank-sends/quote?recipientId=${r.body.id}&amount=${amount}`)
    for (const amount of ['0.0001', '0.009', '0.99']) {
      for (const res of [await quote(amount), await send(amount)]) {
        expect(res.status).toBe(400)
        expect(res.body.error.code).toBe('amount_too_small')
        expect(errorText(res.body.error.fieldKeys.amount, 'pt-BR')).toBe('O mínimo é 1.')
      }
    }
    // Sub-cent USDC the bank cannot pay out: it would stay with Cash.
    const fraction = await send('10.005')
    expect(fraction.status).toBe(400)
    expect(fraction.body.error).toMatchObject({ code: 'amount_precision', fields: { amount: /two decimal places/ } })
    expect(await quote('1')).toMatchObject({ status: 200, body: { recipientGets: '1', fee: '0.002', total: '1.002' } })
    expect(await usdc()).toBe('2500')
    expect(await t.deps.db.kysely.selectFrom('bank_sends').select('id').execute()).toEqual([])
  })

  it('checks a manual recipient’s numbers at their fields', async () => {
    const iban = await paula.json('POST', `/accounts/${account}/bank-recipients`, {
      region: 'eu',
      name: 'Hans',
      iban: 'DE88 3704 0044 0532 0130 00',
    })
    expect(iban.body.error).toMatchObject({ code: 'iban_checksum', fields: { iban: expect.any(String) } })
    const aba = await paula.json('POST', `/accounts/${account}/bank-recipients`, {
      region: 'us',
      name: 'Joe',
      routingNumber: '011000016',
      accountNumber: '12345678',
    })
    expect(aba.body.error).toMatchObject({
      code: 'routing_number_checksum',
      fields: { routingNumber: expect.any(String) },
    })
  })

  it('gives the money back, fee included, when the payout is returned', async () => {
    const r = await paula.json('POST', `/accounts/${account}/bank-recipients`, {
      region: 'us',
      name: 'Joe Smith',
      routingNumber: '011000015',
      accountNumber: '12345678',
    })
    const sent = await paula.json(
      'POST',
      `/accounts/${account}/bank-sends`,
      { recipientId: r.body.id, amount: '50', confirmation: { method: 'password', password: DEMO_PASSWORD } },
      { 'idempotency-key': key() },
    )
    const admin = await signIn(t.app, 'admin')
    await admin.json('POST', `/sandbox/bank/sends/${sent.body.id}/return`, {})
    await t.runJobs()
    expect((await paula.json('GET', `/accounts/${account}/bank-sends`)).body.items[0]).toMatchObject({
      status: 'returned',
      returnReason: { key: 'note', text: expect.stringContaining('closed') },
    })
    expect(await usdc()).toBe('2500')
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
  })

  it('refuses a recipient that is not one of the account’s saved ones, at the recipient field', async () => {
    const nobody = crypto.randomUUID()
    const quote = await paula.json('GET', `/accounts/${account}/bank-sends/quote?recipientId=${nobody}&amount=10`)
    expect(quote.status).toBe(404)
    expect(quote.body.error).toMatchObject({ code: 'not_found', fields: { recipientId: expect.any(String) } })
    const sent = await paula.json(
      'POST',
      `/accounts/${account}/bank-sends`,
      { recipientId: nobody, amount: '10', confirmation: { method: 'password', password: DEMO_PASSWORD } },
      { 'idempotency-key': key() },
    )
    expect(sent.status).toBe(404)
    expect(sent.body.error).toMatchObject({ code: 'not_found', fields: { recipientId: expect.any(String) } })
    expect(await usdc()).toBe('2500')
  })
})

describe('Plaid Link (sandbox)', () => {
  it(
    'links the holder’s own account after credentials and MFA, ' + 'exchanging the token once, numbers masked',
    async () => {
      const bad = await paula.json('POST', `/accounts/${account}/plaid/link-sessions`, {
        institutionId: 'ins_109508',
        username: 'user_good',
        password: 'wrong',
      })
      expect(bad.body.error).toMatchObject({ code: 'plaid_credentials', fields: { password: expect.any(String) } })
      const unknownBank = await paula.json('POST', `/accounts/${account}/plaid/link-sessions`, {
        institutionId: 'ins_nobody',
        username: 'user_good',
        password: 'pass_good',
      })
      expect(unknownBank.status).toBe(404)
      expect(unknownBank.body.error).toMatchObject({ code: 'not_found', fields: { institutionId: expect.any(String) } })
      const started = await paula.json('POST', `/accounts/${account}/plaid/link-sessions`, {
        institutionId: 'ins_109508',
        username: 'user_good',
        password: 'pass_good',
      })
      // The bank's prompt is data a Portuguese page words in Portuguese, the English beside it.
      expect(started.body.mfa).toEqual({
        prompt: 'Enter the code we sent to your phone.',
        promptKey: { key: 'phone_code_sent' },
      })
      expect(errorText(started.body.mfa.promptKey, 'pt-BR')).toBe('Digite o código que enviamos para o seu celular.')
      expect(
        (
          await paula.json('POST', `/accounts/${account}/plaid/link-sessions/${started.body.sessionId}/mfa`, {
            code: '0000',
          })
        ).body.error.code,
      ).toBe('plaid_mfa')
      const linked = await paula.json(
        'POST',
        `/accounts/${account}/plaid/link-sessions/${started.body.sessionId}/mfa`,
        {
          code: '1234',
        },
      )
      expect(linked.body.accounts).toEqual([
        expect.objectContaining({ id: 'checking', mask: '0000' }),
        expect.objectContaining({ id: 'savings', mask: '1111' }),
      ])
      expect(JSON.stringify(linked.body)).not.toContain('1111222233330000')
      const unlisted = await paula.json('POST', `/accounts/${account}/plaid/exchange`, {
        publicToken: linked.body.publicToken,
        plaidAccountId: 'brokerage',
      })
      expect(unlisted.status).toBe(404)
      expect(unlisted.body.error).toMatchObject({ code: 'not_found', fields: { plaidAccountId: expect.any(String) } })
      const recipient = await paula.json('POST', `/accounts/${account}/plaid/exchange`, {
        publicToken: linked.body.publicToken,
        plaidAccountId: 'checking',
      })
      expect(recipient.body).toMatchObject({
        source: 'plaid',
        institution: 'First Platypus Bank',
        masked: '•••• 0000',
        currency: 'USD',
      })
      const again = await paula.json('POST', `/accounts/${account}/plaid/exchange`, {
        publicToken: linked.body.publicToken,
        plaidAccountId: 'savings',
      })
      expect(again.body.error.code).toBe('plaid_session_expired')
    },
  )
})
