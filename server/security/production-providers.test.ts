import { sql } from 'kysely'
import { errorText } from '../../domain/error-words'
import { beforeEach, describe, expect, it } from 'vitest'
import { ACCOUNT_IDS, persona } from '../../fixtures/personas'
import { scheduleWebhook } from '../outbox/provider-outbox'
import { providerKey, signWebhook } from '../webhooks/signature'
import { anonymous, createTestApp, signIn, type Caller, type TestApp } from '../testing/test-app'

/**
 * This build has only the sandbox's bridge, chain, bank rails, PIX and Plaid, which fake the other side (a delivery,
 * a broadcast, a payout, a payment). A production server refuses what needs them instead: the sandbox bridge would
 * credit any amount a holder typed, and a send would debit a holder for a payment no one makes.
 */
let t: TestApp
let paula: Caller
let keys = 0
const account = ACCOUNT_IDS.personal
const key = () => ({ 'idempotency-key': `production-providers-${++keys}` })

/** What a refused call must leave as it was: the holder's money and every record a provider action makes. */
const snapshot = async () => {
  const count = async (table: string) =>
    Number(
      (await sql<{ n: string }>`SELECT count(*)::text AS n FROM ${sql.table(table)}`.execute(t.deps.db.kysely)).rows[0]!
        .n,
    )
  const balances = await t.deps.db.kysely
    .selectFrom('ledger_accounts')
    .select(['code', 'asset', 'debits_posted', 'credits_posted', 'debits_pending', 'credits_pending'])
    .where('account_id', '=', account)
    .orderBy('code')
    .orderBy('asset')
    .execute()
  return {
    balances,
    journals: await count('journals'),
    jobs: await count('jobs'),
    bridges: await count('bridge_transfers'),
    withdrawals: await count('withdrawals'),
    pix: await count('pix_payments'),
    charges: await count('pix_charges'),
    bankSends: await count('bank_sends'),
  }
}

const unavailable = (
  res: { status: number; body: { error?: { code: string; details?: unknown } } },
  provider: string,
) =>
  expect([res.status, res.body.error?.code, res.body.error?.details]).toEqual([
    503,
    'provider_unavailable',
    { provider },
  ])

describe('a production server, whose only providers are the sandbox’s', () => {
  beforeEach(async () => {
    t = await createTestApp({ CASH_ENV: 'production' })
    paula = await signIn(t.app, 'personal')
  })

  it('refuses a bridge transfer and its quote: the sandbox bridge would deliver whatever was typed', async () => {
    const before = await snapshot()
    const transfer = { bridge: 'stargate', sourceChain: 'Arbitrum', token: 'USDC', amount: '1000000' }
    unavailable(await paula.json('GET', `/accounts/${account}/bridge-quote?${new URLSearchParams(transfer)}`), 'bridge')
    unavailable(await paula.json('POST', `/accounts/${account}/bridge-transfers`, transfer, key()), 'bridge')
    await t.runJobs()
    expect(await snapshot()).toEqual(before)
  })

  it('refuses money out by chain, PIX and bank, and their quotes, before anything is reserved or debited', async () => {
    const before = await snapshot()
    const to = '0x52908400098527886E0F7030069857D2E4169EE7'
    unavailable(await paula.json('GET', `/accounts/${account}/withdrawals/quote?asset=USDC&amount=10`), 'chain')
    unavailable(
      await paula.json('POST', `/accounts/${account}/withdrawals`, { asset: 'USDC', amount: '10', to }, key()),
      'chain',
    )
    unavailable(
      await paula.json('POST', `/accounts/${account}/pix/payments`, {
        destination: 'rita@example.com',
        brlAmount: '50',
      }),
      'pix',
    )
    unavailable(await paula.json('POST', `/accounts/${account}/pix/payments/anything/confirm`, {}, key()), 'pix')
    unavailable(await paula.json('GET', `/accounts/${account}/bank-sends/quote?currency=USD&amount=10`), 'bank')
    unavailable(await paula.json('POST', `/accounts/${account}/bank-sends`, { amount: '10' }, key()), 'bank')
    await t.runJobs()
    expect(await snapshot()).toEqual(before)
  })

  it('takes no order, and no fee, for a physical card no carrier would make', async () => {
    const before = await snapshot()
    const address = { line1: '1 Old Street', city: 'London', region: 'London', postalCode: 'EC1V 9HL', country: 'GB' }
    unavailable(await paula.json('POST', `/accounts/${account}/physical-cards`, { address }, key()), 'carrier')
    const cards = await t.deps.db.kysely.selectFrom('cards').select('id').where('kind', '=', 'physical').execute()
    expect(cards).toEqual([])
    expect(await snapshot()).toEqual(before)
  })

  it('shows no made-up bank details, PIX charge or Plaid banks for real money to be sent to', async () => {
    const before = await snapshot()
    unavailable(await paula.json('GET', `/accounts/${account}/bank-details`), 'bank')
    unavailable(await paula.json('GET', `/accounts/${account}/pix/quote?brlAmount=100`), 'pix')
    unavailable(await paula.json('POST', `/accounts/${account}/pix/charges`, { brlAmount: '100' }, key()), 'pix')
    unavailable(await paula.json('GET', '/plaid/institutions'), 'plaid')
    unavailable(await paula.json('POST', `/accounts/${account}/plaid/link-sessions`, {}), 'plaid')
    expect(await snapshot()).toEqual(before)
  })

  it('leaves a KYC application open for an admin: the sandbox provider would approve it by its name', async () => {
    const nina = await signIn(t.app, 'new')
    const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
    const upload = async (kind: string) =>
      (await nina.json('POST', '/identity/documents', { kind, fileName: 'p.png', content: PNG.toString('base64') }))
        .body.id as string
    const submitted = await nina.json('POST', '/kyc', {
      legalName: 'Nina Novak',
      birthDate: '1994-05-17',
      address: { line1: 'Rua Augusta 100', city: 'São Paulo', region: 'SP', postalCode: '01304-000', country: 'BR' },
      nationality: 'BR',
      idDocument: { type: 'passport', front: await upload('passport') },
      selfie: await upload('selfie'),
    })
    expect(submitted.status).toBe(201)
    t.setNow(new Date(t.deps.now().getTime() + 3600_000))
    await t.runJobs()
    expect((await nina.json('GET', '/kyc')).body.status).toBe('submitted')
    const admin = await signIn(t.app, 'admin')
    const [open] = (await admin.json('GET', '/admin/identity-applications')).body.items
    const decided = await admin.json('POST', `/admin/identity-applications/${open.id}/decision`, {
      decision: 'approved',
    })
    expect(decided.body).toMatchObject({ status: 'approved' })
    expect((await nina.json('GET', '/kyc')).body.status).toBe('approved')
  })

  it('creates a safe as deploying with no made-up transaction, deployed when the chain reports it', async () => {
    const nina = await signIn(t.app, 'new')
    const { accountId } = (await nina.json('POST', '/accounts', { kind: 'personal', timeZone: 'UTC' })).body
    // Test arrangement: the sandbox API that forces KYC is off in production.
    await t.deps.db.kysely
      .updateTable('users')
      .set({ kyc_status: 'approved' })
      .where('id', '=', persona('new').id)
      .execute()
    const before = await snapshot()
    const created = await nina.json('POST', `/accounts/${accountId}/safe`, { threshold: 1 })
    expect(created.status).toBe(201)
    expect(created.body.safe).toMatchObject({ status: 'deploying', deployTxHash: null })
    expect((await snapshot()).jobs).toBe(before.jobs) // no sandbox chain event to deliver
    t.setNow(new Date(t.deps.now().getTime() + 3600_000))
    await t.runJobs()
    expect((await nina.json('GET', `/accounts/${accountId}/safe`)).body.safe.status).toBe('deploying')
    const txHash = `0x${'ab'.repeat(32)}`
    const event = {
      id: 'evt_safe_deployed_1',
      type: 'safe.deployed',
      created: t.deps.now().toISOString(),
      data: { address: created.body.safe.address, txHash, block: '123456' },
    }
    const body = JSON.stringify(event)
    const signature = signWebhook(
      providerKey(t.deps.config.WEBHOOK_SECRET, 'chain'),
      body,
      Math.floor(t.deps.now().getTime() / 1000),
    )
    const res = await t.app.request('/app/cash/api/v1/webhooks/chain', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cash-signature': signature },
      body,
    })
    expect(res.status).toBe(200)
    expect((await nina.json('GET', `/accounts/${accountId}/safe`)).body.safe).toMatchObject({
      status: 'deployed',
      deployTxHash: txHash,
    })
  })

  it('schedules no event of a provider it does not play: a route that forgot its provider fails closed', async () => {
    const before = await snapshot()
    for (const provider of ['chain', 'bridge', 'pix', 'bank', 'identity', 'card'] as const) {
      const scheduled = scheduleWebhook(t.deps, t.deps.db.kysely, provider, 'x.happened', {}, t.deps.now())
      await expect(scheduled).rejects.toMatchObject({ code: 'provider_unavailable', details: { provider } })
    }
    expect(await snapshot()).toEqual(before)
  })

  it('tells pages, in the settings they read first, that no provider is connected', async () => {
    expect((await anonymous(t.app).json('GET', '/config')).body.providers).toEqual([])
  })

  it('says so in English and Portuguese, as data a page words', async () => {
    const res = await paula.json('GET', `/accounts/${account}/bank-details`)
    expect(res.body.error.message).toMatch(/not connected on this server yet\. Nothing was sent, received or charged/)
    // The code's own message (no messageKey), which a Portuguese page words from its catalogue.
    expect(res.body.error.messageKey).toBeUndefined()
    expect(errorText({ key: res.body.error.code }, 'pt-BR')).toMatch(/ainda não está conectado neste servidor/)
  })
})

describe('a server off production', () => {
  it('runs the same calls on the sandbox providers', async () => {
    t = await createTestApp()
    paula = await signIn(t.app, 'personal')
    expect((await paula.json('GET', `/accounts/${account}/bank-details`)).status).toBe(200)
    const quote = await paula.json(
      'GET',
      `/accounts/${account}/bridge-quote?bridge=stargate&sourceChain=Arbitrum&token=USDC&amount=100`,
    )
    expect(quote.body).toMatchObject({ asset: 'USDC', receive: '99.94' })
  })

  it('tells pages, in the settings they read first, that all five providers are connected', async () => {
    t = await createTestApp()
    const providers = (await anonymous(t.app).json('GET', '/config')).body.providers
    expect(providers).toEqual(['bridge', 'chain', 'bank', 'pix', 'plaid', 'carrier', 'identity'])
  })
})
