import { randomUUID } from 'node:crypto'
import { beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_PRICES } from '../../domain/prices'
import { ACCOUNT_IDS, CARD_IDS, persona } from '../../fixtures/personas'
import { createTestApp, signIn, type Caller, type TestApp } from '../testing/test-app'
import { title } from '../../domain/movement-title'
import { reserveHold, voidHold } from '../ledger/hold-service'
import { ledgerAccountId, postJournal } from '../ledger/ledger-service'
import { notifyPurchaseAbove } from './alert-evaluator'

let t: TestApp
let admin: Caller
let paula: Caller

beforeEach(async () => {
  t = await createTestApp()
  admin = await signIn(t.app, 'admin')
  paula = await signIn(t.app, 'personal')
  await t.runJobs()
})

const buy = async (amount: string, merchantName = 'Loja Centro', cardId: string = CARD_IDS.personal) => {
  const res = await admin.json('POST', `/sandbox/cards/${cardId}/purchases`, { amount, merchantName, mcc: '5812' })
  expect(res.body.approved).toBe(true)
  return res.body as { networkId: string }
}
const deposit = (accountId: string, amount: string) =>
  admin.json('POST', '/sandbox/deposits', { accountId, asset: 'USDC', amount }, { 'idempotency-key': randomUUID() })
const inbox = async (who: Caller) =>
  (await who.json('GET', '/notifications')).body as {
    items: {
      id: string
      kind: string
      amount: string | null
      threshold: string | null
      merchant: string | null
      health: string | null
      read: boolean
    }[]
    unread: number
  }
const settle = async () => {
  while ((await t.runJobs()) > 0);
}

describe('alert settings', () => {
  it('are each member’s own, off until set, and turn off with null', async () => {
    const url = `/accounts/${ACCOUNT_IDS.personal}/alert-settings`
    expect((await paula.json('GET', url)).body).toMatchObject({
      purchaseAbove: null,
      dailySpendAbove: null,
      spendableBelow: null,
      timeZone: 'America/Sao_Paulo',
      healthWarning: '1.10',
    })
    expect((await paula.json('PUT', url, { purchaseAbove: '50', spendableBelow: '200.5' })).body).toMatchObject({
      purchaseAbove: '50',
      dailySpendAbove: null,
      spendableBelow: '200.5',
    })
    expect((await paula.json('PUT', url, { purchaseAbove: null })).body).toMatchObject({
      purchaseAbove: null,
      spendableBelow: '200.5',
    })
  })

  it('refuse a bad amount at its field', async () => {
    const url = `/accounts/${ACCOUNT_IDS.personal}/alert-settings`
    for (const bad of ['12.345', '0', '-5', 'abc']) {
      const res = await paula.json('PUT', url, { dailySpendAbove: bad })
      expect(res.status).toBe(400)
      expect(res.body.error.fields).toHaveProperty('dailySpendAbove')
    }
  })

  it('cannot be read or set on an account the caller is not a member of', async () => {
    expect(
      (await paula.json('PUT', `/accounts/${ACCOUNT_IDS.acme}/alert-settings`, { purchaseAbove: '1' })).status,
    ).toBe(403)
  })
})

describe('alerts on movements', () => {
  it('notify a purchase above the threshold once, with the merchant, and not one at or below it', async () => {
    await paula.json('PUT', `/accounts/${ACCOUNT_IDS.personal}/alert-settings`, { purchaseAbove: '50' })
    await buy('60', 'Mercado Azul')
    await buy('50', 'Padaria')
    await settle()
    const box = await inbox(paula)
    expect(box.unread).toBe(1)
    expect(box.items).toEqual([
      expect.objectContaining({
        kind: 'purchase_above',
        amount: '60',
        threshold: '50',
        merchant: 'Mercado Azul',
        read: false,
      }),
    ])
  })

  it('notify daily spend once when it goes above the threshold in the holder’s day', async () => {
    await paula.json('PUT', `/accounts/${ACCOUNT_IDS.personal}/alert-settings`, { dailySpendAbove: '100' })
    await buy('60')
    await settle()
    expect((await inbox(paula)).items).toHaveLength(0)
    await buy('50')
    await settle()
    await buy('10')
    await settle()
    const box = await inbox(paula)
    expect(box.items).toEqual([expect.objectContaining({ kind: 'daily_spend_above', amount: '110', threshold: '100' })])
  })

  it('notify spendable falling below the threshold once, and again only after it recovered', async () => {
    await paula.json('PUT', `/accounts/${ACCOUNT_IDS.personal}/alert-settings`, { spendableBelow: '2000' })
    await settle()
    expect((await inbox(paula)).items).toHaveLength(0)
    await buy('600')
    await settle()
    await buy('10')
    await settle()
    expect((await inbox(paula)).items.map((n) => [n.kind, n.amount])).toEqual([['spendable_below', '1900']])
    await deposit(ACCOUNT_IDS.personal, '1000')
    await settle()
    await buy('1000')
    await settle()
    expect((await inbox(paula)).items.map((n) => [n.kind, n.amount])).toEqual([
      ['spendable_below', '1890'],
      ['spendable_below', '1900'],
    ])
  })

  it(
    'are evaluated after a purchase only on an account with ' +
      'something to evaluate (no job per purchase for nothing)',
    async () => {
      const evaluations = async () =>
        (
          await t.deps.db.kysely
            .selectFrom('jobs')
            .select('id')
            .where('kind', '=', 'alerts.evaluate')
            .where('status', '=', 'pending')
            .execute()
        ).length
      await settle()
      await buy('5')
      expect(await evaluations()).toBe(0) // nobody set alerts on Paula's account, and it does not borrow
      await paula.json('PUT', `/accounts/${ACCOUNT_IDS.personal}/alert-settings`, { spendableBelow: '100' })
      await settle()
      await buy('5')
      expect(await evaluations()).toBe(1)
    },
  )

  it('follow whatever the ledger posts or holds, whichever feature moves the money (issue 21)', async () => {
    // The ledger imports no feature: alerts follow its postings through the follower the composition root set.
    await paula.json('PUT', `/accounts/${ACCOUNT_IDS.personal}/alert-settings`, { spendableBelow: '2450' })
    await settle()
    const { db, newId } = t.deps
    const cash = await ledgerAccountId(db.kysely, newId, {
      accountId: ACCOUNT_IDS.personal,
      code: 'cash',
      asset: 'USDC',
    })
    const settlement = await ledgerAccountId(db.kysely, newId, {
      accountId: null,
      code: 'card_settlement',
      asset: 'USDC',
    })
    const holdId = newId()
    await db.kysely.transaction().execute((tx) =>
      reserveHold(tx, {
        id: holdId,
        kind: 'card_authorization',
        accountId: ACCOUNT_IDS.personal,
        debitLedgerAccountId: cash,
        creditLedgerAccountId: settlement,
        asset: 'USDC',
        amount: 60_000_000n,
        title: title('card', { merchant: 'Coffee' }),
        expiresAt: new Date(t.deps.now().getTime() + 86_400_000),
      }),
    )
    await settle()
    expect((await inbox(paula)).items.map((n) => [n.kind, n.amount])).toEqual([['spendable_below', '2440']])
    await db.kysely.transaction().execute((tx) => voidHold(tx, holdId, t.deps.now()))
    await settle()
    await db.kysely.transaction().execute((tx) =>
      postJournal(tx, {
        id: newId(),
        kind: 'card_spend',
        accountId: ACCOUNT_IDS.personal,
        title: title('card', { merchant: 'Coffee' }),
        entries: [
          { ledgerAccountId: cash, side: 'debit', amount: 70_000_000n, asset: 'USDC' },
          { ledgerAccountId: settlement, side: 'credit', amount: 70_000_000n, asset: 'USDC' },
        ],
      }),
    )
    await settle()
    expect((await inbox(paula)).items.map((n) => [n.kind, n.amount])).toEqual([
      ['spendable_below', '2430'],
      ['spendable_below', '2440'],
    ])
  })

  it('count withdrawals, their cancellation and a lowered limit as movements of spendable', async () => {
    const web = await signIn(t.app, 'personal', 'web')
    await paula.json('PUT', `/accounts/${ACCOUNT_IDS.personal}/alert-settings`, { spendableBelow: '2450' })
    const w = await web.json(
      'POST',
      `/accounts/${ACCOUNT_IDS.personal}/withdrawals`,
      {
        asset: 'USDC',
        amount: '100',
        address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
        confirmation: { method: 'password', password: 'cash-demo-2026' },
      },
      { 'idempotency-key': randomUUID() },
    )
    expect(w.status).toBe(201)
    await settle()
    expect((await inbox(paula)).items.map((n) => [n.kind, n.amount])).toEqual([['spendable_below', '2399.5']])
    expect(
      (
        await web.json(
          'POST',
          `/accounts/${ACCOUNT_IDS.personal}/withdrawals/${w.body.id}/cancel`,
          {},
          { 'idempotency-key': randomUUID() },
        )
      ).status,
    ).toBe(200)
    await settle()
    await web.json('PUT', `/accounts/${ACCOUNT_IDS.personal}/limits`, { daily: '2000', monthly: '50000' })
    t.setNow(new Date(t.deps.now().getTime() + 3_601_000))
    await settle()
    expect((await inbox(paula)).items.map((n) => [n.kind, n.amount])).toEqual([
      ['spendable_below', '2000'],
      ['spendable_below', '2399.5'],
    ])
  })

  it('give a company member their own alerts; others see and touch only their own notifications', async () => {
    const member = await signIn(t.app, 'member')
    const owner = await signIn(t.app, 'owner')
    await member.json('PUT', `/accounts/${ACCOUNT_IDS.acme}/alert-settings`, { purchaseAbove: '100' })
    expect((await owner.json('GET', `/accounts/${ACCOUNT_IDS.acme}/alert-settings`)).body.purchaseAbove).toBeNull()
    await buy('200', 'Office Depot', CARD_IDS.member)
    await settle()
    const mine = await inbox(member)
    expect(mine.items).toEqual([expect.objectContaining({ kind: 'purchase_above', merchant: 'Office Depot' })])
    expect((await inbox(owner)).items).toHaveLength(0)
    expect((await owner.json('POST', `/notifications/${mine.items[0]!.id}/read`)).status).toBe(404)
    expect((await inbox(member)).unread).toBe(1)
    expect((await member.json('POST', `/notifications/${mine.items[0]!.id}/read`)).body.unread).toBe(0)
  })

  it('show a person removed from a company none of its notifications, and still their own account’s', async () => {
    const owner = await signIn(t.app, 'owner')
    const paulaId = persona('personal').id
    const email = persona('personal').email
    await owner.json('POST', `/accounts/${ACCOUNT_IDS.acme}/invitations`, { email, role: 'admin' })
    const mail = (await admin.json('GET', `/sandbox/mail?to=${encodeURIComponent(email)}`)).body.items[0]
    const token = /accept-invite\?token=([\w-]+)/.exec(mail.body)![1]!
    expect((await paula.json('POST', '/invitations/accept', { token })).status).toBe(200)
    await paula.json('PUT', `/accounts/${ACCOUNT_IDS.acme}/alert-settings`, { purchaseAbove: '100' })
    await paula.json('PUT', `/accounts/${ACCOUNT_IDS.personal}/alert-settings`, { purchaseAbove: '100' })
    await buy('200', 'Office Depot', CARD_IDS.member)
    await buy('150', 'Mercado Azul')
    await settle()
    const before = await inbox(paula)
    expect([before.items.map((n) => n.merchant), before.unread]).toEqual([['Mercado Azul', 'Office Depot'], 2])
    const companys = before.items.find((n) => n.merchant === 'Office Depot')!

    expect((await owner.json('DELETE', `/accounts/${ACCOUNT_IDS.acme}/members/${paulaId}`)).status).toBe(200)
    // A purchase alert decided just before the removal committed, written just after it.
    await notifyPurchaseAbove(t.deps, t.deps.db.kysely, {
      userId: paulaId,
      accountId: ACCOUNT_IDS.acme,
      amount: 300_000000n,
      threshold: 100_000000n,
      merchant: 'Late Lunch',
      authorizationId: randomUUID(),
    })
    const after = await inbox(paula)
    expect([after.items.map((n) => n.merchant), after.unread]).toEqual([['Mercado Azul'], 1])
    expect((await paula.json('POST', `/notifications/${companys.id}/read`)).status).toBe(404)
    expect((await paula.json('POST', '/notifications/read-all')).body).toMatchObject({
      items: [{ merchant: 'Mercado Azul', read: true }],
      unread: 0,
    })
  })

  it('marks all read at once', async () => {
    await paula.json('PUT', `/accounts/${ACCOUNT_IDS.personal}/alert-settings`, { purchaseAbove: '1' })
    await buy('2')
    await buy('3')
    expect((await inbox(paula)).unread).toBe(2)
    const after = await paula.json('POST', '/notifications/read-all')
    expect(after.body).toMatchObject({ unread: 0 })
    expect(after.body.items.every((n: { read: boolean }) => n.read)).toBe(true)
  })
})

describe('health warning', () => {
  it('warns the Borrow holder once under 1.10 before liquidation, and again only after it recovered', async () => {
    const bruno = await signIn(t.app, 'borrower')
    const priced = (weETH: bigint) => (t.deps.prices = () => ({ ...DEFAULT_PRICES, weETH }))
    priced(500_000000n)
    await deposit(ACCOUNT_IDS.borrower, '1')
    await settle()
    await deposit(ACCOUNT_IDS.borrower, '1')
    await settle()
    expect((await inbox(bruno)).items.map((n) => [n.kind, n.health])).toEqual([['health_low', '1.05']])
    priced(DEFAULT_PRICES.weETH)
    await deposit(ACCOUNT_IDS.borrower, '1')
    await settle()
    priced(450_000000n)
    await deposit(ACCOUNT_IDS.borrower, '1')
    await settle()
    expect((await inbox(bruno)).items.map((n) => n.kind)).toEqual(['health_low', 'health_low'])
    expect((await inbox(paula)).items).toHaveLength(0)
  })
})
