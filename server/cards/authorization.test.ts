import { sql } from 'kysely'
import { beforeEach, describe, expect, it } from 'vitest'
import { ACCOUNT_IDS, CARD_IDS, DEMO_PASSWORD, persona } from '../../fixtures/personas'
import { checkLedger } from '../ledger/ledger-check'
import { createTestApp, signIn, type Caller, type TestApp } from '../testing/test-app'

let t: TestApp
let admin: Caller
let paula: Caller
const account = ACCOUNT_IDS.personal

beforeEach(async () => {
  t = await createTestApp()
  admin = await signIn(t.app, 'admin')
  paula = await signIn(t.app, 'personal')
})

const buy = async (amount: string, over: Record<string, string> = {}, cardId: string = CARD_IDS.personal) =>
  (t.setNow(new Date(t.deps.now().getTime() + 1000)),
  await admin.json('POST', `/sandbox/cards/${cardId}/purchases`, { amount, merchantName: 'Café Lisboa', ...over })).body
const network = async (networkId: string, type: 'clearing' | 'reversal' | 'refund', amount?: string) => {
  await admin.json('POST', `/sandbox/card-authorizations/${networkId}/${type}`, amount ? { amount } : {})
  await t.runJobs()
}
const position = async (caller: Caller = paula, id: string = account) =>
  (await caller.json('GET', `/accounts/${id}/balances`)).body
const usdcBalance = async () => (await position()).balances.find((b: { asset: string }) => b.asset === 'USDC').balance
const purchases = async () => (await paula.json('GET', `/accounts/${account}/card-authorizations`)).body.items
const recons = () => t.deps.db.kysely.selectFrom('failed_recons').selectAll().execute()

describe('card authorizations', () => {
  it('approves a purchase as a hold with its expiry, lowering spendable, and settles it on clearing', async () => {
    const auth = await buy('42.5')
    expect(auth).toMatchObject({ approved: true })
    expect((await position()).spendable).toBe('2457.5')
    const [pending] = await purchases()
    expect(pending).toMatchObject({
      status: 'approved',
      amount: '42.5',
      holdExpiresAt: '2026-11-28T12:00:01.000Z',
      cardLast4: '4242',
    })
    await network(auth.networkId, 'clearing')
    expect(await usdcBalance()).toBe('2457.5')
    expect((await purchases())[0]).toMatchObject({ status: 'cleared', clearedAmount: '42.5', holdExpiresAt: null })
    expect((await paula.json('GET', `/accounts/${account}/activity`)).body.items[0]).toMatchObject({
      kind: 'card_spend',
      title: { key: 'card', merchant: 'Café Lisboa' },
      amount: '-42.5',
    })
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
  })

  it('declines on a frozen card and over spendable, with the reason recorded', async () => {
    const frozen = (await paula.json('POST', `/cards/${CARD_IDS.personal}/freeze`)).body
    expect(frozen).toMatchObject({
      statusReason: 'Frozen by you.',
      statusReasonKey: { key: 'by_you', status: 'frozen' },
    })
    expect(await buy('10')).toMatchObject({
      approved: false,
      reason: 'card_frozen',
      message: 'Declined: this card is frozen. Unfreeze it to pay.',
    })
    await paula.json('POST', `/cards/${CARD_IDS.personal}/unfreeze`)
    expect(await buy('2500.01')).toMatchObject({ approved: false, reason: 'insufficient_spendable' })
    expect((await purchases()).map((p: { declineReason: string }) => p.declineReason)).toEqual([
      'insufficient_spendable',
      'card_frozen',
    ])
    expect((await position()).spendable).toBe('2500')
  })

  it('declines over the account’s daily limit with that reason', async () => {
    await sql`UPDATE accounts SET daily_limit = 100000000 WHERE id = ${account}`.execute(t.deps.db.kysely)
    expect(await buy('60')).toMatchObject({ approved: true })
    expect(await buy('50')).toMatchObject({ approved: false, reason: 'over_daily_limit' })
  })

  it(
    'lets an owner issue a card to a member with a $500 daily ' +
      'limit; the member’s $600 purchase is declined for it',
    async () => {
      const owner = await signIn(t.app, 'owner')
      const card = await owner.json('POST', `/accounts/${ACCOUNT_IDS.acme}/cards`, {
        cardholderUserId: persona('member').id,
        limits: { daily: '500' },
      })
      expect(card.body).toMatchObject({ status: 'active', limits: { daily: '500' }, nameOnCard: 'MARCO MOREAU' })
      expect(await buy('600', {}, card.body.id)).toMatchObject({
        approved: false,
        reason: 'over_card_daily_limit',
        message: 'Declined: over this card’s daily limit.',
      })
      expect(await buy('450', {}, card.body.id)).toMatchObject({ approved: true })
      const member = await signIn(t.app, 'member')
      const seen = (await member.json('GET', `/accounts/${ACCOUNT_IDS.acme}/cards`)).body.items
        .map((c: { id: string }) => c.id)
        .sort()
      expect(seen).toEqual([CARD_IDS.member, card.body.id].sort())
      expect((await member.json('PUT', `/cards/${card.body.id}/limits`, { daily: '5000' })).status).toBe(403)
    },
  )

  it('posts a partial clearing and releases the rest; posts a tip up to 20 % over', async () => {
    const a = await buy('100')
    await network(a.networkId, 'clearing', '80')
    expect(await usdcBalance()).toBe('2420')
    expect((await position()).spendable).toBe('2420')
    const b = await buy('100')
    await network(b.networkId, 'clearing', '115')
    expect(await usdcBalance()).toBe('2305')
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
  })

  it(
    'charges a tip beyond free cash as far as the cash goes and makes the rest a failed recon, ' +
      'never leaves the purchase unpaid for its hold to expire',
    async () => {
      const a = await buy('2500')
      expect(a).toMatchObject({ approved: true })
      await network(a.networkId, 'clearing', '2600')
      expect((await purchases())[0]).toMatchObject({ status: 'cleared', clearedAmount: '2500' })
      expect(await usdcBalance()).toBe('0')
      expect((await recons()).map((r) => [r.amount, r.reason])).toEqual([
        [100_000_000n, { key: 'recon_over_capture_unfunded', cleared: '2600000000', charged: '2500000000' }],
      ])
      // A week on, nothing is given back: the purchase was paid, not left on a hold that expires.
      t.setNow(new Date(t.deps.now().getTime() + 8 * 86_400_000))
      await t.runJobs()
      paula = await signIn(t.app, 'personal')
      expect(await usdcBalance()).toBe('0')
      expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
    },
  )

  it('makes a failed recon of a clearing over 20 % or without an authorization, and posts nothing', async () => {
    const a = await buy('100')
    await network(a.networkId, 'clearing', '130')
    await network('auth_unknown_1', 'clearing', '10')
    expect((await recons()).map((r) => r.reason)).toEqual([
      { key: 'recon_outside_tolerance', cleared: '130000000', authorized: '100000000' },
      { key: 'recon_no_authorization' },
    ])
    expect(await usdcBalance()).toBe('2500')
    expect((await purchases())[0].status).toBe('approved')
  })

  it('expires a hold not cleared in 7 days (31 for a hotel)', async () => {
    await buy('30')
    await buy('200', { mcc: '7011', merchantName: 'Hotel Avenida' })
    // Let go of at the first whole minute at or after its time (domain/authorization.ts, `expiryMoment`).
    t.setNow(new Date(t.deps.now().getTime() + 7 * 86_400_000 + 60_000))
    await t.runJobs()
    expect((await purchases()).map((p: { status: string }) => p.status)).toEqual(['approved', 'expired'])
    expect((await position()).spendable).toBe('2300')
    t.setNow(new Date(t.deps.now().getTime() + 24 * 86_400_000))
    await t.runJobs()
    paula = await signIn(t.app, 'personal') // a month on, the old session has expired
    expect((await position()).spendable).toBe('2500')
  })

  it('posts a clearing that comes after the hold’s time but before the expiry job let it go', async () => {
    const a = await buy('30')
    const [held] = await purchases()
    // A second past the hold's time: the job that lets it go is due at the next whole minute.
    t.setNow(new Date(new Date(held.holdExpiresAt).getTime() + 1000))
    await network(a.networkId, 'clearing')
    expect((await purchases())[0]).toMatchObject({ status: 'cleared', clearedAmount: '30' })
    expect(await usdcBalance()).toBe('2470')
    expect(await recons()).toEqual([])
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
  })

  it('releases the hold on a reversal, and credits a refund to cash', async () => {
    const a = await buy('25')
    await network(a.networkId, 'reversal')
    expect((await position()).spendable).toBe('2500')
    const b = await buy('40')
    await network(b.networkId, 'clearing')
    await network(b.networkId, 'refund', '15')
    expect(await usdcBalance()).toBe('2475')
    expect((await purchases())[0]).toMatchObject({ status: 'refunded', refundedAmount: '15' })
  })

  it('lowers the hold on a partial reversal and posts the clearing of what is left', async () => {
    // A fuel pump authorizes $100, pumps $45: the network reverses $55, then clears $45.
    const a = await buy('100', { mcc: '5542', merchantName: 'Posto Ipiranga' })
    await network(a.networkId, 'reversal', '55')
    expect((await purchases())[0]).toMatchObject({ status: 'approved', amount: '45' })
    expect((await position()).spendable).toBe('2455')
    await network(a.networkId, 'clearing', '45')
    expect((await purchases())[0]).toMatchObject({ status: 'cleared', clearedAmount: '45' })
    expect(await usdcBalance()).toBe('2455')
    expect(await recons()).toEqual([])
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
  })

  it('lowers the hold once for a partial reversal delivered again under another event id', async () => {
    const a = await buy('100', { mcc: '5542', merchantName: 'Posto Ipiranga' })
    const reversal = (id: string, body: Record<string, string>) =>
      t.deps.deliverWebhook!({
        provider: 'card',
        event: {
          id,
          type: 'reversal',
          created: t.deps.now().toISOString(),
          data: { authorizationId: a.networkId, ...body },
        },
      })
    expect((await reversal('evt_rev_1', { amount: '55', reversalId: 'rev_1' })).status).toBe(200)
    // The same $55 again (a retry): it read as more than the $45 left and released the whole hold.
    expect((await reversal('evt_rev_1_again', { amount: '55', reversalId: 'rev_1' })).status).toBe(200)
    expect((await purchases())[0]).toMatchObject({ status: 'approved', amount: '45' })
    expect((await reversal('evt_rev_1_other', { amount: '50', reversalId: 'rev_1' })).status).toBe(400)
    // An amount without the network's id for it cannot be told from a redelivery: refused, nothing moves.
    expect((await reversal('evt_rev_2', { amount: '5' })).status).toBe(400)
    expect((await purchases())[0]).toMatchObject({ status: 'approved', amount: '45' })
    await network(a.networkId, 'clearing', '45')
    expect((await purchases())[0]).toMatchObject({ status: 'cleared', clearedAmount: '45' })
    expect(await usdcBalance()).toBe('2455')
    expect(await recons()).toEqual([])
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
  })

  it('pays a refund the network delivers again under another event id once, and each other refund', async () => {
    const b = await buy('40')
    await network(b.networkId, 'clearing')
    const refund = (id: string, refundId: string, amount: string) =>
      t.deps.deliverWebhook!({
        provider: 'card',
        event: {
          id,
          type: 'refund',
          created: t.deps.now().toISOString(),
          data: { authorizationId: b.networkId, amount, refundId },
        },
      })
    expect((await refund('evt_refund_1', 'ref_1', '15')).status).toBe(200)
    // The same refund again (a retry under a new event id, a clearing file sent twice): nothing more.
    expect((await refund('evt_refund_1_again', 'ref_1', '15')).status).toBe(200)
    expect(await usdcBalance()).toBe('2475')
    // The same id for another amount is the network's mistake: refused (400, not retried), not dropped unseen.
    expect((await refund('evt_refund_1_other', 'ref_1', '20')).status).toBe(400)
    expect(await usdcBalance()).toBe('2475')
    // Another refund of the same amount is its own.
    expect((await refund('evt_refund_2', 'ref_2', '15')).status).toBe(200)
    expect(await usdcBalance()).toBe('2490')
    expect((await purchases())[0]).toMatchObject({ status: 'refunded', refundedAmount: '30' })
    expect(await recons()).toEqual([])
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
  })

  it('sends refunds beyond the cleared amount to admins as a failed recon, crediting nothing', async () => {
    const b = await buy('40')
    await network(b.networkId, 'clearing')
    await network(b.networkId, 'refund', '30')
    await network(b.networkId, 'refund', '30')
    expect(await usdcBalance()).toBe('2490')
    expect((await purchases())[0]).toMatchObject({ status: 'refunded', refundedAmount: '30' })
    expect((await recons()).map((r) => r.reason)).toEqual([
      { key: 'recon_refund_over_purchase', refunded: '30000000', cleared: '40000000' },
    ])
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
  })

  it('answers a retried authorization with the same decision and holds once', async () => {
    const event = {
      id: 'evt_retry_1',
      type: 'authorization.request',
      created: t.deps.now().toISOString(),
      data: { networkId: 'auth_retry_1', cardId: CARD_IDS.personal, amount: '12', merchantName: 'Kiosk', mcc: '5812' },
    }
    const first = await (await t.deps.deliverWebhook!({ provider: 'card', event })).json()
    const second = await (await t.deps.deliverWebhook!({ provider: 'card', event })).json()
    expect(second).toMatchObject({ duplicate: true, result: first.result })
    expect((await position()).spendable).toBe('2488')
  })

  it('in Borrow mode lends against collateral × LTV, and clearing adds to the debt', async () => {
    const bruno = await signIn(t.app, 'borrower')
    const card = await bruno.json('POST', `/accounts/${ACCOUNT_IDS.borrower}/cards`, {})
    const before = await position(bruno, ACCOUNT_IDS.borrower)
    expect(await buy('4132.51', {}, card.body.id)).toMatchObject({ approved: false, reason: 'insufficient_spendable' })
    const ok = await buy('100', {}, card.body.id)
    await network(ok.networkId, 'clearing')
    const after = await position(bruno, ACCOUNT_IDS.borrower)
    expect(before.spendable).toBe('4132.5')
    expect(after).toMatchObject({ debt: '1300', spendable: '4032.5' })
  })

  it('cancels a pending withdrawal, never the purchase, when the purchase needs what it reserved', async () => {
    const w = await paula.json(
      'POST',
      `/accounts/${account}/withdrawals`,
      {
        asset: 'USDC',
        amount: '2400',
        address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
        confirmation: { method: 'password', password: DEMO_PASSWORD },
      },
      { 'idempotency-key': 'wd-card-1' },
    )
    expect(w.status).toBe(201)
    expect(await buy('200')).toMatchObject({ approved: true })
    const withdrawal = (await paula.json('GET', `/accounts/${account}/withdrawals`)).body.items[0]
    expect(withdrawal).toMatchObject({ status: 'cancelled', failureReason: { key: 'reserved_for_card' } })
    expect((await position()).spendable).toBe('2300')
    expect(await buy('2400')).toMatchObject({ approved: false, reason: 'insufficient_spendable' })
  })
})
