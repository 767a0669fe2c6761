import { beforeEach, describe, expect, it } from 'vitest'
import { ACCOUNT_IDS, CARD_IDS } from '../../fixtures/personas'
import { checkLedger } from '../ledger/ledger-check'
import { createTestApp, signIn, type Caller, type TestApp } from '../testing/test-app'

let t: TestApp
let admin: Caller
let paula: Caller
const account = ACCOUNT_IDS.personal
let keyN = 0
const key = () => ({ 'idempotency-key': `cashback-test-${++keyN}` })

beforeEach(async () => {
  t = await createTestApp()
  admin = await signIn(t.app, 'admin')
  paula = await signIn(t.app, 'personal')
})

const later = (ms: number) => t.setNow(new Date(t.deps.now().getTime() + ms))
const DAY = 86_400_000
const buy = async (amount: string, mcc = '5812') => {
  later(1000)
  const r = (
    await admin.json('POST', `/sandbox/cards/${CARD_IDS.personal}/purchases`, {
      amount,
      merchantName: 'Café Lisboa',
      mcc,
    })
  ).body
  expect(r).toMatchObject({ approved: true })
  return r.networkId as string
}
const network = async (networkId: string, type: 'clearing' | 'refund', amount?: string) => {
  await admin.json('POST', `/sandbox/card-authorizations/${networkId}/${type}`, amount ? { amount } : {})
  await t.runJobs()
}
const cashback = async () => (await paula.json('GET', `/accounts/${account}/cashback`)).body
const usdc = async () =>
  (await paula.json('GET', `/accounts/${account}/balances`)).body.balances.find(
    (b: { asset: string }) => b.asset === 'USDC',
  ).balance as string
const fund = (amount: string) => admin.json('POST', '/sandbox/cashback/pool/fund', { amount }, key())
const splashback = (over: Record<string, unknown> = {}) =>
  admin.json('POST', '/admin/campaigns', {
    kind: 'splashback',
    name: 'Restaurant splash',
    category: 'restaurants',
    bps: 200,
    startsAt: '2026-11-01T00:00:00Z',
    endsAt: '2026-12-01T00:00:00Z',
    totalCap: '1000',
    perHolderCap: '50',
    ...over,
  })

describe('cashback', () => {
  it('records 2 % pending on a cleared Core purchase, nothing on a cash-equivalent one', async () => {
    const id = await buy('100')
    expect((await cashback()).lines).toEqual([])
    await network(id, 'clearing')
    const atm = await buy('50', '6011')
    await network(atm, 'clearing')
    const view = await cashback()
    expect(view).toMatchObject({
      tierRatePercent: '2',
      earned: '2',
      pending: '2',
      paid: '0',
      monthlyCap: '200',
      pendingDays: 14,
    })
    expect(view.lines).toHaveLength(1)
    expect(view.lines[0]).toMatchObject({
      type: 'regular',
      state: 'pending',
      amount: '2',
      net: '2',
      ratePercent: '2',
      purchaseAmount: '100',
      merchantName: 'Café Lisboa',
      networkId: id,
      payableAt: '2026-12-05T12:00:01.000Z',
      waitingForFunding: false,
    })
  })

  it('a full refund cancels the pending line', async () => {
    const id = await buy('100')
    await network(id, 'clearing')
    const before = await usdc()
    await network(id, 'refund')
    expect(Number(await usdc()) - Number(before)).toBe(100)
    expect(await cashback()).toMatchObject({
      earned: '0',
      pending: '0',
      clawedBack: '2',
      lines: [{ state: 'cancelled', clawedBack: '2', net: '0' }],
    })
  })

  it('a partial refund claws back its share of the pending line', async () => {
    const id = await buy('100')
    await network(id, 'clearing')
    await network(id, 'refund', '25')
    expect(await cashback()).toMatchObject({
      pending: '1.5',
      lines: [{ state: 'pending', clawedBack: '0.5', net: '1.5' }],
    })
  })

  it('pays after the 14-day window from the pool; USDC rises by the cashback', async () => {
    await fund('100')
    const id = await buy('100')
    await network(id, 'clearing')
    const before = await usdc()
    later(13 * DAY)
    await t.runJobs()
    expect(await usdc()).toBe(before)
    later(DAY)
    await t.runJobs()
    expect(Number(await usdc()) - Number(before)).toBe(2)
    expect(await cashback()).toMatchObject({ pending: '0', paid: '2', lines: [{ state: 'paid' }] })
    expect((await admin.json('GET', '/admin/cashback/pool')).body.balance).toBe('98')
    expect((await paula.json('GET', `/accounts/${account}/activity`)).body.items[0]).toMatchObject({
      title: { key: 'cashback', source: 'card', merchant: 'Café Lisboa' },
      amount: '2',
    })
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
  })

  it('waits for funding when the pool is short, and funding pays it', async () => {
    const id = await buy('100')
    await network(id, 'clearing')
    const before = await usdc()
    later(15 * DAY)
    await t.runJobs()
    expect(await usdc()).toBe(before)
    expect((await cashback()).lines[0]).toMatchObject({ state: 'pending', waitingForFunding: true })
    const funded = await fund('10')
    expect(funded).toMatchObject({ status: 201, body: { balance: '8', paidLines: 1 } })
    expect(Number(await usdc()) - Number(before)).toBe(2)
    expect((await cashback()).lines[0]).toMatchObject({ state: 'paid', waitingForFunding: false })
  })

  it('a refund after payout arrives net of the cashback, which goes back to the pool', async () => {
    await fund('10')
    const id = await buy('100')
    await network(id, 'clearing')
    later(15 * DAY)
    await t.runJobs()
    const before = await usdc()
    await network(id, 'refund')
    expect(Number(await usdc()) - Number(before)).toBe(98)
    expect((await admin.json('GET', '/admin/cashback/pool')).body.balance).toBe('10')
    expect(await cashback()).toMatchObject({ paid: '0', clawedBack: '2' })
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
  })

  it('a splashback campaign adds its % as a promotion line; ending it stops it', async () => {
    const c = await splashback()
    expect(c).toMatchObject({ status: 201, body: { status: 'active', payoutAsset: 'USDC' } })
    const id = await buy('100')
    await network(id, 'clearing')
    const view = await cashback()
    expect(view.pending).toBe('4')
    expect(view.lines.map((l: { type: string; amount: string }) => [l.type, l.amount]).sort()).toEqual([
      ['promotion', '2'],
      ['regular', '2'],
    ])
    const promo = (await paula.json('GET', `/accounts/${account}/campaigns`)).body.items[0]
    expect(promo).toMatchObject({ eligible: true, earned: '2', progressPercent: 4, totalEarned: '2' })
    await admin.json('POST', `/admin/campaigns/${c.body.id}/end`)
    const again = await buy('100')
    await network(again, 'clearing')
    expect((await cashback()).pending).toBe('6')
  })

  it('an opt-in campaign pays only after the holder opts in', async () => {
    const c = await splashback({ optInRequired: true })
    await network(await buy('100'), 'clearing')
    expect((await cashback()).pending).toBe('2')
    const opted = await paula.json('POST', `/accounts/${account}/campaigns/${c.body.id}/opt-in`)
    expect(opted.body).toMatchObject({ optedIn: true })
    await network(await buy('100'), 'clearing')
    expect((await cashback()).pending).toBe('6')
  })

  it(
    'triple-dip triples the tier rate in its window; ' + 'a personal-only campaign is not offered to a company',
    async () => {
      await admin.json('POST', '/admin/campaigns', {
        kind: 'triple_dip',
        name: 'Triple week',
        startsAt: '2026-11-20T00:00:00Z',
        endsAt: '2026-11-28T00:00:00Z',
        eligibility: { kycApproved: true, activeCard: true, personalOnly: true },
        totalCap: '1000',
        perHolderCap: '50',
      })
      await network(await buy('100', '5411'), 'clearing')
      expect(await cashback()).toMatchObject({ pending: '6' })
      const owner = await signIn(t.app, 'owner')
      const seen = (await owner.json('GET', `/accounts/${ACCOUNT_IDS.acme}/campaigns`)).body.items[0]
      expect(seen).toMatchObject({ eligible: false, ineligibleReason: 'For personal accounts only.' })
      t.setNow(new Date('2026-11-28T00:00:01Z'))
      await network(await buy('100', '5411'), 'clearing')
      expect(await cashback()).toMatchObject({ pending: '8' })
    },
  )

  it('refuses a campaign with a bad window or no category, at the field', async () => {
    expect((await splashback({ endsAt: '2026-10-01T00:00:00Z' })).body.error.fields).toMatchObject({
      endsAt: 'The window must end after it starts.',
    })
    expect((await splashback({ category: null })).body.error.fields).toMatchObject({ category: expect.any(String) })
    expect((await paula.json('POST', '/admin/campaigns', {})).status).toBe(403)
  })

  it(
    'versions rules: a raise applies now; ' + 'a cut must be announced 30 days ahead and shows before it applies',
    async () => {
      const created = await admin.json('POST', '/admin/cashback-rules', {
        name: 'Restaurants +1 %',
        category: 'restaurants',
        bps: 100,
      })
      expect(created).toMatchObject({ status: 201, body: { version: 1, bps: 100, cut: false } })
      const ruleId = created.body.ruleId
      await network(await buy('100'), 'clearing')
      expect((await cashback()).pending).toBe('3')
      const tooSoon = await admin.json('PUT', `/admin/cashback-rules/${ruleId}`, {
        name: 'Restaurants +0.5 %',
        category: 'restaurants',
        bps: 50,
        effectiveFrom: '2026-11-25T00:00:00Z',
      })
      expect(tooSoon.status).toBe(400)
      expect(tooSoon.body.error.fields.effectiveFrom).toMatch(/lowers or removes cashback/)
      const announced = await admin.json('PUT', `/admin/cashback-rules/${ruleId}`, {
        name: 'Restaurants +0.5 %',
        category: 'restaurants',
        bps: 50,
        effectiveFrom: '2026-12-22T00:00:00Z',
      })
      expect(announced.body).toMatchObject({ version: 2, cut: true })
      expect((await cashback()).upcomingChanges).toEqual([
        {
          ruleId,
          name: 'Restaurants +0.5 %',
          effectiveFrom: '2026-12-22T00:00:00.000Z',
          cut: true,
          removed: false,
          beforeBps: 100,
          afterBps: 50,
          category: 'restaurants',
          merchantName: null,
        },
      ])
      await network(await buy('100'), 'clearing')
      expect((await cashback()).pending).toBe('6')
      t.setNow(new Date('2026-12-23T00:00:00Z'))
      admin = await signIn(t.app, 'admin') // sessions last 30 days
      paula = await signIn(t.app, 'personal')
      await network(await buy('100'), 'clearing')
      const view = await cashback()
      expect(view.lines[0]).toMatchObject({ amount: '2.5', ratePercent: '2.5' })
      expect(view.upcomingChanges).toEqual([])
    },
  )

  it('keeps rules and campaigns to admins, and the payout sandbox pays lines due by a time', async () => {
    expect((await paula.json('POST', '/admin/cashback-rules', { name: 'x', bps: 100 })).status).toBe(403)
    await fund('5')
    const id = await buy('100')
    await network(id, 'clearing')
    const before = await usdc()
    expect(
      (
        await admin.json('POST', `/sandbox/accounts/${account}/cashback/payout`, {
          until: '2026-12-10T00:00:00Z',
          networkId: id,
        })
      ).body,
    ).toMatchObject({ paidLines: 1 })
    expect(Number(await usdc()) - Number(before)).toBe(2)
  })
})
