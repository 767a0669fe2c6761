import { beforeEach, describe, expect, it } from 'vitest'
import { luhnValid } from '../../domain/card-details'
import { ACCOUNT_IDS, CARD_IDS, DEMO_PASSWORD, persona } from '../../fixtures/personas'
import { checkLedger } from '../ledger/ledger-check'
import { createTestApp, signIn, type Caller, type TestApp } from '../testing/test-app'

let t: TestApp
let admin: Caller
let paula: Caller
const account = ACCOUNT_IDS.personal
const address = {
  line1: 'Rua Augusta 100',
  line2: 'Apto 12',
  city: 'São Paulo',
  region: 'SP',
  postalCode: '01304-000',
  country: 'br',
}
const password = { method: 'password', password: DEMO_PASSWORD } as const
let keys = 0
const order = (caller: Caller, body: Record<string, unknown>, accountId: string = account) =>
  caller.json('POST', `/accounts/${accountId}/physical-cards`, body, { 'idempotency-key': `order-key-${++keys}` })
const usdc = async () =>
  (await paula.json('GET', `/accounts/${account}/balances`)).body.balances.find(
    (b: { asset: string }) => b.asset === 'USDC',
  ).balance
const mine = async (id: string) =>
  (await paula.json('GET', `/accounts/${account}/cards`)).body.items.find((c: { id: string }) => c.id === id)
const later = (days: number) => t.setNow(new Date(t.deps.now().getTime() + days * 86_400_000))
const buy = async (cardId: string, amount: string) =>
  (
    await admin.json('POST', `/sandbox/cards/${cardId}/purchases`, {
      amount,
      merchantName: 'Hotel Avenida',
      mcc: '7011',
    })
  ).body

beforeEach(async () => {
  t = await createTestApp()
  admin = await signIn(t.app, 'admin')
  paula = await signIn(t.app, 'personal', 'web')
})

describe('ordering cards needs verified identity', () => {
  it('refuses any card while the holder’s KYC is not approved, saying what is missing and where to go', async () => {
    await admin.json('POST', `/sandbox/users/${persona('personal').id}/kyc`, { status: 'in_review' })
    const gate = (await paula.json('GET', `/accounts/${account}/card-ordering`)).body
    expect(gate.verification).toMatchObject({
      approved: false,
      check: 'kyc',
      status: 'in_review',
      link: '/app/cash/kyc',
    })
    const virtual = await paula.json('POST', `/accounts/${account}/cards`, {})
    expect(virtual.status).toBe(403)
    expect(virtual.body.error).toMatchObject({
      code: 'verification_required',
      message:
        'Your identity verification (KYC) is in review. You can ' +
        'order cards once it is approved; follow it at /app/cash/kyc.',
    })
    expect((await order(paula, { shipping: address })).body.error.code).toBe('verification_required')
    expect((await paula.json('GET', `/accounts/${account}/cards`)).body.items).toHaveLength(1)
  })

  it('refuses a company’s cards while its KYB is not approved, the corporate add page included', async () => {
    const owner = await signIn(t.app, 'owner')
    await admin.json('POST', `/sandbox/accounts/${ACCOUNT_IDS.acme}/kyb`, {
      status: 'more_info_needed',
      reason: 'proof of address',
    })
    const refused = await owner.json('POST', `/accounts/${ACCOUNT_IDS.acme}/cards`, {
      cardholderUserId: persona('member').id,
    })
    expect(refused.body.error).toMatchObject({
      code: 'verification_required',
      message: expect.stringContaining('needs more information (proof of address). Complete it at /app/cash/kyb'),
    })
    await admin.json('POST', `/sandbox/accounts/${ACCOUNT_IDS.acme}/kyb`, { status: 'approved' })
    expect(
      (await owner.json('POST', `/accounts/${ACCOUNT_IDS.acme}/cards`, { cardholderUserId: persona('member').id }))
        .status,
    ).toBe(201)
  })
})

describe('physical cards', () => {
  it(
    'ships a free first card, ' + 'declines purchases until the cardholder activates it with the last 4 digits',
    async () => {
      const before = await usdc()
      const res = await order(paula, { shipping: address })
      expect(res.status).toBe(201)
      const card = res.body
      expect(card).toMatchObject({
        kind: 'physical',
        orderFee: '0',
        shipping: { status: 'ordered', city: 'São Paulo', country: 'BR', eta: '2026-11-26T12:00:00.000Z' },
      })
      expect(await usdc()).toBe(before)
      expect(await buy(card.id, '10')).toMatchObject({
        approved: false,
        reason: 'card_not_activated',
        message: expect.stringContaining('not activated yet'),
      })
      expect((await paula.json('POST', `/cards/${card.id}/activate`, { last4: card.last4 })).body.error.code).toBe(
        'card_not_activatable',
      )

      later(1)
      await t.runJobs()
      expect((await mine(card.id)).shipping.status).toBe('shipped')
      later(4)
      await t.runJobs()
      const delivered = await mine(card.id)
      expect(delivered.shipping).toMatchObject({ status: 'delivered', deliveredAt: '2026-11-26T12:00:00.000Z' })

      const wrong = await paula.json('POST', `/cards/${card.id}/activate`, {
        last4: card.last4 === '0000' ? '1111' : '0000',
      })
      expect(wrong.status).toBe(400)
      expect(wrong.body.error.fields).toEqual({
        last4: 'Those are not the last 4 digits on this card. Check the number printed on it.',
      })
      expect((await paula.json('POST', `/cards/${card.id}/activate`, { last4: card.last4 })).body.shipping.status).toBe(
        'activated',
      )
      expect(await buy(card.id, '10')).toMatchObject({ approved: true })
    },
  )

  it('shows each field’s own error for a bad address', async () => {
    const res = await order(paula, { shipping: { line1: '', city: 'Rio', region: '', postalCode: '!', country: 'XX' } })
    expect(res.status).toBe(400)
    expect(res.body.error.fields).toEqual({
      'shipping.line1': 'Enter the street and number.',
      'shipping.region': 'Enter the state or region.',
      'shipping.postalCode': 'Enter a postal code, like 01310-100 or 94107.',
      'shipping.country': 'This is not a country code we know. Use 2 letters, like BR or US.',
    })
  })

  it('allows one physical card at a time on Core; a replacement costs the fee, confirmed, posted to fees', async () => {
    const first = (await order(paula, { shipping: address })).body
    const second = await order(paula, { shipping: address })
    expect(second.status).toBe(409)
    expect(second.body.error).toMatchObject({
      code: 'card_limit_reached',
      message:
        'Your Core membership allows 1 physical card at a time. Cancel one you no longer use, or earn a higher tier.',
    })
    await paula.json('POST', `/cards/${first.id}/cancel`)
    expect((await paula.json('GET', `/accounts/${account}/card-ordering`)).body.physical).toMatchObject({
      count: 0,
      max: 1,
      fee: '10',
    })
    // no Idempotency-Key
    expect((await paula.request('POST', `/accounts/${account}/physical-cards`, { shipping: address })).status).toBe(400)
    expect((await order(paula, { shipping: address })).body.error.code).toBe('confirmation_required')
    const before = await usdc()
    const paid = await order(paula, { shipping: address, confirmation: password })
    expect(paid.body).toMatchObject({ orderFee: '10', shipping: { status: 'ordered' } })
    expect(await usdc()).toBe(String(Number(before) - 10))
    const fee = await t.deps.db.kysely
      .selectFrom('journals')
      .select(['kind', 'title'])
      .where('kind', '=', 'card_fee')
      .execute()
    expect(fee).toEqual([{ kind: 'card_fee', title: { key: 'physical_card_fee', name: 'Paula Pereira' } }])
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
  })

  it('refuses a paid card when cash does not cover the fee, and orders nothing', async () => {
    const first = (await order(paula, { shipping: address })).body
    await paula.json('POST', `/cards/${first.id}/cancel`)
    await admin.json(
      'POST',
      '/sandbox/debits',
      { accountId: account, asset: 'USDC', amount: '2495' },
      { 'idempotency-key': 'drain-cash-1' },
    )
    const res = await order(paula, { shipping: address, confirmation: password })
    expect(res.status).toBe(422)
    expect(res.body.error).toMatchObject({
      code: 'insufficient_funds',
      fields: { fee: 'Your cash balance does not cover the $10.00 card fee. Add money first.' },
    })
    expect((await paula.json('GET', `/accounts/${account}/cards`)).body.items).toHaveLength(2)
  })

  it('lets QA advance shipping now through the sandbox', async () => {
    const card = (await order(paula, { shipping: address })).body
    expect((await admin.json('POST', `/sandbox/cards/${card.id}/shipping/advance`)).body.shipping.status).toBe(
      'shipped',
    )
    expect((await admin.json('POST', `/sandbox/cards/${card.id}/shipping/advance`)).body.shipping.status).toBe(
      'delivered',
    )
    expect((await admin.json('POST', `/sandbox/cards/${card.id}/shipping/advance`)).status).toBe(409)
  })
})

describe('card counts per tier', () => {
  it('allows three virtual cards on a personal Core membership and refuses the fourth', async () => {
    for (let i = 0; i < 2; i++) expect((await paula.json('POST', `/accounts/${account}/cards`, {})).status).toBe(201)
    const fourth = await paula.json('POST', `/accounts/${account}/cards`, {})
    expect(fourth.status).toBe(409)
    expect(fourth.body.error.message).toBe(
      'Your Core membership allows 3 virtual cards at a time. Cancel one you no longer use, or earn a higher tier.',
    )
  })
})

describe('revealing card details', () => {
  it(
    'shows the cardholder a Luhn-valid number ending in the last 4, ' + 'with CVV and expiry, only after the password',
    async () => {
      expect((await paula.json('POST', `/cards/${CARD_IDS.personal}/reveal`, {})).body.error.code).toBe(
        'confirmation_required',
      )
      expect(
        (
          await paula.json('POST', `/cards/${CARD_IDS.personal}/reveal`, {
            confirmation: { method: 'password', password: 'wrong-password' },
          })
        ).body.error.fields,
      ).toEqual({ password: 'That password is not right.' })
      const shown = (await paula.json('POST', `/cards/${CARD_IDS.personal}/reveal`, { confirmation: password })).body
      expect(shown).toMatchObject({ expiry: '11/30', nameOnCard: 'PAULA PEREIRA', hideAfterSeconds: 60 })
      expect(shown.number).toMatch(/^\d{12}4242$/)
      expect(luhnValid(shown.number)).toBe(true)
      expect(shown.cvv).toMatch(/^\d{3}$/)
      expect((await paula.json('POST', `/cards/${CARD_IDS.personal}/reveal`, { confirmation: password })).body).toEqual(
        shown,
      )
      expect(t.logs.join('\n')).not.toContain(shown.number)
      const stored = JSON.stringify(await t.deps.db.kysely.selectFrom('cards').selectAll().execute(), (_k, v) =>
        typeof v === 'bigint' ? String(v) : v,
      )
      expect(stored).not.toContain(shown.number)
    },
  )

  it('refuses the company’s owner the details of a card held by a member', async () => {
    const owner = await signIn(t.app, 'owner', 'web')
    const res = await owner.json('POST', `/cards/${CARD_IDS.member}/reveal`, { confirmation: password })
    expect(res.status).toBe(403)
  })
})

describe('incremental authorizations', () => {
  const increment = async (networkId: string, amount: string) =>
    (t.setNow(new Date(t.deps.now().getTime() + 1000)),
    await admin.json('POST', `/sandbox/card-authorizations/${networkId}/incremental`, { amount })).body
  const spendable = async () => (await paula.json('GET', `/accounts/${account}/balances`)).body.spendable

  it('relays the issuer’s refusal of an unknown authorization as data, not as its English', async () => {
    expect((await increment('auth_no_such_one', '50')).error).toEqual({
      code: 'not_found',
      message: 'Unknown authorization.',
      messageKey: { key: 'unknown_authorization' },
    })
  })

  it('grows an approved authorization and its hold, and a clearing of the total settles without a recon', async () => {
    const auth = await buy(CARD_IDS.personal, '100')
    expect(await increment(auth.networkId, '50')).toMatchObject({ approved: true, total: '150' })
    expect(await spendable()).toBe('2350')
    const [row] = (await paula.json('GET', `/accounts/${account}/card-authorizations`)).body.items
    expect(row).toMatchObject({ amount: '150', status: 'approved', holdExpiresAt: '2026-12-22T12:00:00.000Z' })
    await admin.json('POST', `/sandbox/card-authorizations/${auth.networkId}/clearing`, { amount: '150' })
    await t.runJobs()
    expect(await usdc()).toBe('2350')
    expect(await t.deps.db.kysely.selectFrom('failed_recons').selectAll().execute()).toEqual([])
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
  })

  it('answers an increment delivered again under a new event id as first decided, holding nothing twice', async () => {
    const auth = await buy(CARD_IDS.personal, '100')
    const deliver = (eventId: string, incrementId: string, amount: string) =>
      t.deps.deliverWebhook!({
        provider: 'card',
        event: {
          id: eventId,
          type: 'authorization.incremental',
          created: t.deps.now().toISOString(),
          data: { incrementId, authorizationId: auth.networkId, amount },
        },
      })
    const first = await deliver('evt_inc_1', 'inc_1', '50')
    expect([first.status, (await first.json()).result]).toEqual([
      200,
      { approved: true, authorizationId: expect.any(String), total: '150' },
    ])
    // A retry the network sends under a new event id: 200 with the same decision (a 500 made it retry for ever).
    const again = await deliver('evt_inc_1_again', 'inc_1', '50')
    expect([again.status, (await again.json()).result]).toMatchObject([200, { approved: true, total: '150' }])
    expect(await spendable()).toBe('2350')
    // The same id for another amount is the network's mistake, refused as such (400: not retried).
    expect((await deliver('evt_inc_1_other', 'inc_1', '70')).status).toBe(400)
    const declined = await deliver('evt_inc_2', 'inc_2', '5000')
    expect((await declined.json()).result).toMatchObject({ approved: false, reason: 'insufficient_spendable' })
    const declinedAgain = await deliver('evt_inc_2_again', 'inc_2', '5000')
    expect([declinedAgain.status, (await declinedAgain.json()).result]).toMatchObject([
      200,
      { approved: false, total: '150', reason: 'insufficient_spendable' },
    ])
    expect(await spendable()).toBe('2350')
    // Another increment moves the total on; the first one delivered again still answers the total it answered.
    expect((await (await deliver('evt_inc_3', 'inc_3', '20')).json()).result).toMatchObject({ total: '170' })
    const late = await deliver('evt_inc_1_late', 'inc_1', '50')
    expect((await late.json()).result).toMatchObject({ approved: true, total: '150' })
    expect(await spendable()).toBe('2330')
    expect(await t.deps.db.kysely.selectFrom('card_authorization_increments').select('id').execute()).toHaveLength(3)
  })

  it('declines an increment on an account an admin froze, and its hold stays as it was', async () => {
    const auth = await buy(CARD_IDS.personal, '100')
    const frozen = await admin.json('POST', `/admin/accounts/${account}/freeze`, { reason: 'Fraud review' })
    expect(frozen.status).toBe(200)
    expect(await increment(auth.networkId, '2000')).toMatchObject({
      approved: false,
      total: '100',
      reason: 'account_frozen',
    })
    expect(await spendable()).toBe('2400')
    const holds = await t.deps.db.kysely.selectFrom('holds').select('amount').where('status', '=', 'pending').execute()
    expect(holds).toEqual([{ amount: 100_000_000n }])
  })

  it(
    'declines an increment beyond spendable or the card’s ' +
      'limit and leaves the authorization untouched, recording why',
    async () => {
      const auth = await buy(CARD_IDS.personal, '100')
      expect(await increment(auth.networkId, '2450')).toMatchObject({
        approved: false,
        total: '100',
        reason: 'insufficient_spendable',
      })
      await t.deps.db.kysely
        .updateTable('cards')
        .set({ per_purchase_limit: 120_000_000n })
        .where('id', '=', CARD_IDS.personal)
        .execute()
      expect(await increment(auth.networkId, '30')).toMatchObject({
        approved: false,
        reason: 'over_card_purchase_limit',
      })
      expect(await spendable()).toBe('2400')
      const recorded = await t.deps.db.kysely
        .selectFrom('card_authorization_increments')
        .select(['status', 'decline_reason'])
        .orderBy('created_at')
        .execute()
      expect(recorded.map((r) => r.decline_reason).sort()).toEqual([
        'insufficient_spendable',
        'over_card_purchase_limit',
      ])
      await admin.json('POST', `/sandbox/card-authorizations/${auth.networkId}/clearing`, {})
      await t.runJobs()
      expect(await usdc()).toBe('2400')
      expect(await increment(auth.networkId, '5')).toMatchObject({ approved: false, reason: 'authorization_closed' })
      const [row] = (await paula.json('GET', `/accounts/${account}/history?cardId=${CARD_IDS.personal}`)).body.items
      const detail = (await paula.json('GET', `/accounts/${account}/history/card/${row.id}`)).body
      expect(detail.increments).toEqual([
        { amount: '2450', approved: false, reason: { key: 'decline', code: 'insufficient_spendable' } },
        { amount: '30', approved: false, reason: { key: 'decline', code: 'over_card_purchase_limit' } },
        { amount: '5', approved: false, reason: { key: 'decline', code: 'authorization_closed' } },
      ])
    },
  )
})

describe('card activity from the history', () => {
  it('lists only the chosen card’s purchases', async () => {
    const owner = await signIn(t.app, 'owner')
    const other = (
      await owner.json('POST', `/accounts/${ACCOUNT_IDS.acme}/cards`, { cardholderUserId: persona('owner').id })
    ).body
    await buy(CARD_IDS.member, '20')
    await buy(other.id, '30')
    const items = (await owner.json('GET', `/accounts/${ACCOUNT_IDS.acme}/history?cardId=${other.id}`)).body.items
    expect(items.map((i: { amount: string; type: string }) => [i.type, i.amount])).toEqual([['card', '-30']])
  })
})
