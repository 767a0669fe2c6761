import { beforeEach, describe, expect, it } from 'vitest'
import { ACCOUNT_IDS, CARD_IDS } from '../../fixtures/personas'
import { createTestApp, signIn, type Caller, type TestApp } from '../testing/test-app'
import { providerKey, signWebhook } from './signature'

/**
 * A name a provider sends in its own signed webhook is what a holder and an admin read: the card network's merchant
 * and city on a purchase, the rails' sender on an incoming bank transfer. It comes on one plain line: no line break,
 * tab, control or bidi override of the provider's reaches a page, and the purchase is still decided, the transfer
 * still credited. Providers' reasons are in provider-reasons.test.ts.
 */
const account = ACCOUNT_IDS.personal
const card = CARD_IDS.personal

let t: TestApp
let admin: Caller
let paula: Caller

beforeEach(async () => {
  t = await createTestApp()
  admin = await signIn(t.app, 'admin')
  paula = await signIn(t.app, 'personal', 'web')
})

async function postWebhook(provider: string, id: string, type: string, data: object) {
  const body = JSON.stringify({ id, type, created: t.deps.now().toISOString(), data })
  const ts = Math.floor(t.deps.now().getTime() / 1000)
  return t.app.request(`/app/cash/api/v1/webhooks/${provider}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'cash-signature': signWebhook(providerKey(t.deps.config.WEBHOOK_SECRET, provider), body, ts),
    },
    body,
  })
}

/** The card network asks for a purchase at a merchant it names as given; resolves with the network's answer. */
async function authorize(networkId: string, amount: string, merchantName: string, merchantCity?: string) {
  const data = { networkId, cardId: card, amount, merchantName, mcc: '5812', ...(merchantCity ? { merchantCity } : {}) }
  const res = await postWebhook('card', `evt_${networkId}`, 'authorization.request', data)
  expect(res.status, await res.clone().text()).toBe(200)
  return (await res.json()).result as { approved: boolean; authorizationId: string; reason?: string }
}

const purchase = async (networkId: string) =>
  (await paula.json('GET', `/accounts/${account}/card-authorizations`)).body.items.find(
    (a: { id: string }) => a.id === networkId,
  )
const historyItem = async (id: string) =>
  (await paula.json('GET', `/accounts/${account}/history`)).body.items.find((m: { id: string }) => m.id === id)

describe('a merchant the card network names', () => {
  it('is one clean line in the holder’s purchases, history and detail, and in the admin’s card view', async () => {
    const answer = await authorize('auth_dirty_1', '12.5', 'Café\n\u202eLisboa\t', ' Lis\tboa\u2066\r\n')
    expect(answer).toMatchObject({ approved: true })
    const id = answer.authorizationId
    expect(await purchase(id)).toMatchObject({ merchantName: 'Café Lisboa', merchantCity: 'Lis boa' })
    const moved = await historyItem(id)
    expect(moved).toMatchObject({ type: 'card', title: { key: 'merchant', merchant: 'Café Lisboa' } })
    const detail = (await paula.json('GET', `/accounts/${account}/history/card/${id}`)).body
    expect(detail.details).toMatchObject({ merchant: 'Café Lisboa, Lis boa' })
    const seen = (await admin.json('GET', `/admin/cards/${card}`)).body.authorizations
    expect(seen.find((a: { id: string }) => a.id === id)).toMatchObject({ merchantName: 'Café Lisboa' })
    // Cleared, the purchase's journal is titled with the same clean name.
    const cleared = await postWebhook('card', 'evt_clear_dirty_1', 'clearing', {
      authorizationId: 'auth_dirty_1',
      amount: '12.5',
    })
    expect(cleared.status).toBe(200)
    const [spent] = (await paula.json('GET', `/accounts/${account}/activity`)).body.items
    expect(spent).toMatchObject({ kind: 'card_spend', title: { key: 'card', merchant: 'Café Lisboa' } })
  })

  it('is one clean line on a purchase declined, and on one the network gave up on (its timeout advice)', async () => {
    const declined = await authorize('auth_dirty_2', '2500.01', 'Padaria\u2028Central\u0007')
    expect(declined).toMatchObject({ approved: false, reason: 'insufficient_spendable' })
    expect(await purchase(declined.authorizationId)).toMatchObject({ merchantName: 'Padaria Central' })
    const advice = await postWebhook('card', 'evt_timeout_dirty_3', 'authorization.timeout', {
      networkId: 'auth_dirty_3',
      cardId: card,
      amount: '5',
      merchantName: '\u202dKiosk\u202c\n\n24h',
      mcc: '5812',
    })
    expect(advice.status).toBe(200)
    const items = (await paula.json('GET', `/accounts/${account}/card-authorizations`)).body.items
    expect(items.find((a: { declineReason: string }) => a.declineReason === 'timeout')).toMatchObject({
      merchantName: 'Kiosk 24h',
    })
  })

  it('with nothing left once cleaned is its category code, and the purchase is still decided', async () => {
    const answer = await authorize('auth_blank_1', '3', '\n\t\u202e \u2069')
    expect(answer).toMatchObject({ approved: true })
    expect(await purchase(answer.authorizationId)).toMatchObject({ merchantName: 'MCC 5812', merchantCity: '' })
    expect(await historyItem(answer.authorizationId)).toMatchObject({ title: { merchant: 'MCC 5812' } })
  })
})

describe('the sender of an incoming bank transfer', () => {
  it('is one clean line in the transfers list and history, a NUL included; the money is credited', async () => {
    const details = (await paula.json('GET', `/accounts/${account}/bank-details`)).body
    const res = await postWebhook('bank', 'evt_bank_dirty', 'transfer.received', {
      reference: 'ACH-DIRTY-1',
      accountNumber: details.usd.accountNumber,
      rail: 'ach',
      currency: 'USD',
      amountMinor: '100000',
      senderName: 'Ana\n\u202eSilva\t\u0001Ltd\u0000',
      senderIsHolder: true,
    })
    expect(res.status, await res.clone().text()).toBe(200)
    const [received] = (await paula.json('GET', `/accounts/${account}/bank-transfers-in`)).body.items
    expect(received).toMatchObject({ status: 'credited', creditUsdc: '998', senderName: 'Ana Silva Ltd' })
    const [moved] = (await paula.json('GET', `/accounts/${account}/history`)).body.items
    expect(moved).toMatchObject({ title: { key: 'bank_in', rail: 'ach', name: 'Ana Silva Ltd' } })
  })
})
