import { beforeEach, describe, expect, it } from 'vitest'
import { ACCOUNT_IDS, DEMO_PASSWORD } from '../../fixtures/personas'
import { checkLedger } from '../ledger/ledger-check'
import { createTestApp, signIn, type Caller, type TestApp } from '../testing/test-app'
import { providerKey, signWebhook } from './signature'

/**
 * A provider's reason, sent in its own signed webhook, is what the holder reads of a withdrawal the chain rejected,
 * a payout the bank returned or a bridge that failed. It comes on one plain line: no line break, tab, control or
 * bidi override of the provider's reaches the page, and the event still applies (refusing it would lose the money's
 * way back). The identity provider's reason is in server/identity/identity.test.ts.
 */
const account = ACCOUNT_IDS.personal
const TO = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
const confirmation = { method: 'password', password: DEMO_PASSWORD }
/** A reason as a careless or hostile provider might send it. */
const DIRTY = 'Reverted\n\nCall +1 555 0100\tto claim\u202e your refund\u2028now\u0007'
const CLEAN = 'Reverted Call +1 555 0100 to claim your refund now'

let t: TestApp
let paula: Caller
const key = () => `r-${Math.random().toString(36).slice(2)}`

beforeEach(async () => {
  t = await createTestApp()
  paula = await signIn(t.app, 'personal', 'web')
})

const advance = async (ms: number) => {
  t.setNow(new Date(t.deps.now().getTime() + ms))
  await t.runJobs()
}
const usdc = async () =>
  (await paula.json('GET', `/accounts/${account}/balances`)).body.balances.find(
    (b: { asset: string }) => b.asset === 'USDC',
  )

async function postWebhook(provider: string, id: string, type: string, data: object) {
  const body = JSON.stringify({ id, type, created: t.deps.now().toISOString(), data })
  const ts = Math.floor(t.deps.now().getTime() / 1000)
  const res = await t.app.request(`/app/cash/api/v1/webhooks/${provider}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'cash-signature': signWebhook(providerKey(t.deps.config.WEBHOOK_SECRET, provider), body, ts),
    },
    body,
  })
  expect(res.status, await res.clone().text()).toBe(200)
}

/** A withdrawal of 100 USDC, past its security delay and broadcast. */
async function broadcastWithdrawal(): Promise<string> {
  const w = await paula.json(
    'POST',
    `/accounts/${account}/withdrawals`,
    { asset: 'USDC', amount: '100', address: TO, confirmation },
    { 'idempotency-key': key() },
  )
  expect(w.status).toBe(201)
  await advance(61_000)
  const [sent] = (await paula.json('GET', `/accounts/${account}/withdrawals`)).body.items
  expect(sent.status).toBe('broadcast')
  return sent.txHash
}

describe('a provider’s reason in its webhook', () => {
  it('of a withdrawal the chain rejected is one clean line in its status and history; the money returns', async () => {
    const txHash = await broadcastWithdrawal()
    await postWebhook('chain', 'evt_failed_dirty', 'withdrawal.failed', { txHash, reason: DIRTY })
    const [w] = (await paula.json('GET', `/accounts/${account}/withdrawals`)).body.items
    expect(w).toMatchObject({ status: 'failed', failureReason: { key: 'note', text: CLEAN } })
    const history = (await paula.json('GET', `/accounts/${account}/history`)).body.items
    expect(history.find((m: { id: string }) => m.id === w.id)).toMatchObject({ reason: { key: 'note', text: CLEAN } })
    expect(await usdc()).toMatchObject({ balance: '2500', available: '2500' })
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
  })

  it('with nothing left once cleaned is the reason Cash words itself', async () => {
    const txHash = await broadcastWithdrawal()
    await postWebhook('chain', 'evt_failed_blank', 'withdrawal.failed', { txHash, reason: '\n\t\u202e \u2069' })
    const [w] = (await paula.json('GET', `/accounts/${account}/withdrawals`)).body.items
    expect(w).toMatchObject({ status: 'failed', failureReason: { key: 'network_rejected' } })
  })

  it('of a payout the bank returned is one clean line; the amount and fee come back', async () => {
    const r = await paula.json('POST', `/accounts/${account}/bank-recipients`, {
      region: 'us',
      name: 'Joe Smith',
      routingNumber: '011000015',
      accountNumber: '12345678',
    })
    const sent = await paula.json(
      'POST',
      `/accounts/${account}/bank-sends`,
      { recipientId: r.body.id, amount: '100', confirmation },
      { 'idempotency-key': key() },
    )
    expect(sent.body.status).toBe('processing')
    await postWebhook('bank', 'evt_returned_dirty', 'payout.returned', { sendId: sent.body.id, reason: DIRTY })
    const [s] = (await paula.json('GET', `/accounts/${account}/bank-sends`)).body.items
    expect(s).toMatchObject({ status: 'returned', returnReason: { key: 'note', text: CLEAN } })
    expect(await usdc()).toMatchObject({ balance: '2500', available: '2500' })
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
  })

  it('of a bridge transfer that failed is one clean line on its tracking page', async () => {
    const started = await paula.json(
      'POST',
      `/accounts/${account}/bridge-transfers`,
      { bridge: 'stargate', sourceChain: 'Arbitrum', token: 'USDC', amount: '100' },
      { 'idempotency-key': key() },
    )
    const hash: string = started.body.sourceTxHash
    await postWebhook('bridge', 'evt_bridge_dirty', 'transfer.status', {
      sourceTxHash: hash,
      status: 'failed',
      reason: DIRTY,
    })
    expect((await paula.json('GET', `/bridge-transfers/${hash}`)).body).toMatchObject({
      status: 'failed',
      failureReason: { key: 'note', text: CLEAN },
    })
  })
})
