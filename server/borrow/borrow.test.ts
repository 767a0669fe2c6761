import { beforeEach, describe, expect, it } from 'vitest'
import { ACCOUNT_IDS, CARD_IDS } from '../../fixtures/personas'
import { checkLedger } from '../ledger/ledger-check'
import { createTestApp, signIn, type Caller, type TestApp } from '../testing/test-app'
import { accrueInterest } from './interest-service'
import { checkPositions, runPositionsJob } from './liquidation-service'
import { createApp } from '../app'
import { testDeps } from '../testing/test-database'

let t: TestApp
let admin: Caller
const key = () => `b-${Math.random().toString(36).slice(2)}`
const later = (seconds: number) => t.setNow(new Date(t.deps.now().getTime() + seconds * 1000))
const balances = async (caller: Caller, accountId: string) =>
  (await caller.json('GET', `/accounts/${accountId}/balances`)).body
const asset = (b: { balances: { asset: string; balance: string }[] }, a: string) =>
  b.balances.find((x) => x.asset === a)?.balance
const buy = async (amount: string, cardId: string = CARD_IDS.personal) => (
  later(1), (await admin.json('POST', `/sandbox/cards/${cardId}/purchases`, { amount, merchantName: 'Mercado' })).body
)

beforeEach(async () => {
  t = await createTestApp()
  admin = await signIn(t.app, 'admin')
})

describe('mode switching', () => {
  it(
    'switches Direct Pay → Borrow after the mode delay, ' + 'confirmed, and spendable becomes the borrowing capacity',
    async () => {
      const paula = await signIn(t.app, 'personal')
      const account = ACCOUNT_IDS.personal
      const asked = await paula.json('PUT', `/accounts/${account}/mode`, {
        mode: 'borrow',
        confirmation: await paula.hostConfirmation(),
      })
      expect(asked.status).toBe(200)
      expect(asked.body).toMatchObject({
        mode: 'direct_pay',
        pending: { toMode: 'borrow', effectiveAt: '2026-11-21T12:01:00.000Z' },
      })
      expect((await balances(paula, account)).pendingModeChange).toEqual({
        toMode: 'borrow',
        effectiveAt: '2026-11-21T12:01:00.000Z',
      })
      later(59)
      await t.runJobs()
      expect((await balances(paula, account)).mode).toBe('direct_pay')
      later(1)
      await t.runJobs()
      const after = await balances(paula, account)
      // 2,500 USDC × 90 % + 1.2 weETH × 3,150 × 55 % = 2,250 + 2,079.
      expect(after).toMatchObject({ mode: 'borrow', spendable: '4329', pendingModeChange: null })
      // A Borrow purchase borrows: cash stays, debt grows when it clears.
      const auth = await buy('100')
      expect(auth.approved).toBe(true)
      await admin.json('POST', `/sandbox/card-authorizations/${auth.networkId}/clearing`, {})
      await t.runJobs()
      const cleared = await balances(paula, account)
      expect(cleared).toMatchObject({ debt: '100', spendable: '4229' })
      expect(asset(cleared, 'USDC')).toBe('2500')
    },
  )

  it('needs confirmation, and a web session must give the password', async () => {
    const web = await signIn(t.app, 'personal', 'web')
    const none = await web.json('PUT', `/accounts/${ACCOUNT_IDS.personal}/mode`, { mode: 'borrow' })
    expect(none.body.error).toMatchObject({ code: 'confirmation_required', fields: { password: expect.any(String) } })
    const host = await web.json('PUT', `/accounts/${ACCOUNT_IDS.personal}/mode`, {
      mode: 'borrow',
      confirmation: { method: 'host', challengeId: '00000000-0000-4000-8000-000000000000', signature: 'AAAA' },
    })
    expect(host.body.error.code).toBe('confirmation_required')
    const wrong = await web.json('PUT', `/accounts/${ACCOUNT_IDS.personal}/mode`, {
      mode: 'borrow',
      confirmation: { method: 'password', password: 'nope-nope-nope' },
    })
    expect(wrong.body.error.code).toBe('confirmation_failed')
    expect((await web.json('GET', `/accounts/${ACCOUNT_IDS.personal}/mode`)).body.pending).toBeNull()
  })

  it('refuses going back to Direct Pay with debt, at the mode field, and allows it once repaid', async () => {
    const bruno = await signIn(t.app, 'borrower')
    const account = ACCOUNT_IDS.borrower
    const refused = await bruno.json('PUT', `/accounts/${account}/mode`, {
      mode: 'direct_pay',
      confirmation: await bruno.hostConfirmation(),
    })
    expect(refused.status).toBe(409)
    expect(refused.body.error).toMatchObject({
      code: 'mode_debt_outstanding',
      fields: { mode: expect.stringContaining('Repay') },
    })
    expect((await bruno.json('GET', `/accounts/${account}/mode`)).body).toMatchObject({
      mode: 'borrow',
      debt: '1200',
      blocker: expect.stringContaining('Repay'),
    })
    // Cash to repay arrives, the debt is repaid, and the switch goes through after the delay.
    await admin.json(
      'POST',
      '/sandbox/deposits',
      { accountId: account, asset: 'USDC', amount: '1200' },
      { 'idempotency-key': key() },
    )
    await bruno.json('POST', `/accounts/${account}/repay`, { amount: 'all' }, { 'idempotency-key': key() })
    const asked = await bruno.json('PUT', `/accounts/${account}/mode`, {
      mode: 'direct_pay',
      confirmation: await bruno.hostConfirmation(),
    })
    expect(asked.body).toMatchObject({ pending: { toMode: 'direct_pay' }, blocker: null })
    later(60)
    await t.runJobs()
    expect((await balances(bruno, account)).mode).toBe('direct_pay')
  })

  it('refuses the switch when it comes due if debt appeared during the delay, and says why', async () => {
    const paula = await signIn(t.app, 'personal')
    const account = ACCOUNT_IDS.personal
    await paula.json('PUT', `/accounts/${account}/mode`, {
      mode: 'borrow',
      confirmation: await paula.hostConfirmation(),
    })
    later(60)
    await t.runJobs()
    await paula.json('PUT', `/accounts/${account}/mode`, {
      mode: 'direct_pay',
      confirmation: await paula.hostConfirmation(),
    })
    // A purchase while the switch waits is still paid by borrowing: its hold is on the debt.
    expect((await buy('25')).approved).toBe(true)
    later(60)
    await t.runJobs()
    const mode = (await paula.json('GET', `/accounts/${account}/mode`)).body
    expect(mode).toMatchObject({
      mode: 'borrow',
      pending: null,
      lastRefused: {
        toMode: 'direct_pay',
        reason: expect.stringContaining('settle'),
        // Stored and sent as data: the $25 purchase borrowed still holding, in USDC base units.
        reasonKey: { key: 'debt_and_borrow_holds', holds: '25000000' },
      },
    })
  })

  it('asking for the current mode cancels a pending switch; members cannot switch', async () => {
    const paula = await signIn(t.app, 'personal')
    await paula.json('PUT', `/accounts/${ACCOUNT_IDS.personal}/mode`, {
      mode: 'borrow',
      confirmation: await paula.hostConfirmation(),
    })
    const cancelled = await paula.json('PUT', `/accounts/${ACCOUNT_IDS.personal}/mode`, {
      mode: 'direct_pay',
      confirmation: await paula.hostConfirmation(),
    })
    expect(cancelled.body).toMatchObject({ mode: 'direct_pay', pending: null })
    later(60)
    await t.runJobs()
    expect((await balances(paula, ACCOUNT_IDS.personal)).mode).toBe('direct_pay')
    const member = await signIn(t.app, 'member')
    expect(
      (
        await member.json('PUT', `/accounts/${ACCOUNT_IDS.acme}/mode`, {
          mode: 'borrow',
          confirmation: await member.hostConfirmation(),
        })
      ).status,
    ).toBe(403)
  })

  it('clears a purchase the way it was approved even if the mode switched in between', async () => {
    const paula = await signIn(t.app, 'personal')
    const auth = await buy('40')
    await paula.json('PUT', `/accounts/${ACCOUNT_IDS.personal}/mode`, {
      mode: 'borrow',
      confirmation: await paula.hostConfirmation(),
    })
    later(60)
    await t.runJobs()
    await admin.json('POST', `/sandbox/card-authorizations/${auth.networkId}/clearing`, {})
    await t.runJobs()
    const b = await balances(paula, ACCOUNT_IDS.personal)
    expect(b.debt).toBe('0')
    expect(asset(b, 'USDC')).toBe('2460')
  })
})

describe('borrow interest', () => {
  it('charges APR ÷ 365 on the day’s debt once per day, carrying the fraction of a cent', async () => {
    const bruno = await signIn(t.app, 'borrower')
    expect(await accrueInterest(t.deps, '2026-11-21')).toEqual({ accounts: 1, total: 131_506n })
    expect(await accrueInterest(t.deps, '2026-11-21')).toEqual({ accounts: 0, total: 0n })
    expect((await balances(bruno, ACCOUNT_IDS.borrower)).debt).toBe('1200.131506')
    const rows = await t.deps.db.kysely.selectFrom('interest_accruals').selectAll().execute()
    expect(rows).toMatchObject([{ day: '2026-11-21', debt: 1_200_000000n, amount: 131_506n, carry: 3_100_000n }])
    // Next day: on the new debt, plus yesterday's carried fraction.
    expect((await accrueInterest(t.deps, '2026-11-22')).total).toBe((1_200_131506n * 400n + 3_100_000n) / 3_650_000n)
    const history = (await bruno.json('GET', `/accounts/${ACCOUNT_IDS.borrower}/history?type=borrow`)).body.items
    expect(history[0]).toMatchObject({
      type: 'borrow',
      title: { key: 'borrow_interest', day: '2026-11-22', debt: '1200131506' },
    })
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
  })

  it('runs as a daily job that schedules the next day', async () => {
    await t.deps.db.kysely.deleteFrom('jobs').execute()
    const { scheduleRecurringJobs } = await import('./interest-service')
    await scheduleRecurringJobs(t.deps, 60)
    t.setNow(new Date('2026-11-22T00:00:01Z'))
    await t.runJobs()
    expect(await t.deps.db.kysely.selectFrom('interest_accruals').select('day').execute()).toEqual([
      { day: '2026-11-21' },
    ])
    const next = await t.deps.db.kysely
      .selectFrom('jobs')
      .select(['kind', 'run_at', 'payload'])
      .where('status', '=', 'pending')
      .where('kind', '=', 'interest.accrue')
      .execute()
    expect(next).toEqual([
      { kind: 'interest.accrue', run_at: new Date('2026-11-23T00:00:00Z'), payload: { day: '2026-11-22' } },
    ])
  })
})

describe('borrow interest when the job runs late', () => {
  it('charges every UTC day, each once, when the daily job runs a day late (server down over a midnight)', async () => {
    await t.deps.db.kysely.deleteFrom('jobs').execute()
    const { scheduleRecurringJobs } = await import('./interest-service')
    await scheduleRecurringJobs(t.deps, 60) // 2026-11-21T12:00Z: the 21st is charged at midnight
    t.setNow(new Date('2026-11-23T00:00:05Z')) // down from before the 22nd's midnight until after the 23rd's
    await t.runJobs()
    t.setNow(new Date('2026-11-24T00:00:05Z'))
    await t.runJobs()
    const days = await t.deps.db.kysely.selectFrom('interest_accruals').select('day').orderBy('day').execute()
    // Bruno owed 1,200 USDC on each of them.
    expect(days.map((d) => d.day)).toEqual(['2026-11-21', '2026-11-22', '2026-11-23'])
  })
})

describe('health and liquidation', () => {
  const bruno = () => signIn(t.app, 'borrower')
  const setPrice = (asset: string, usdPrice: string) => admin.json('PUT', `/admin/prices/${asset}`, { usdPrice })

  it('shows the health meter and warns below 1.10', async () => {
    const b = await bruno()
    // (150 × 95 % + 3 × 3,150 × 75 %) ÷ 1,200 = 7,230 ÷ 1,200.
    expect((await balances(b, ACCOUNT_IDS.borrower)).health).toEqual({
      factor: '6.02',
      status: 'healthy',
      warningFactor: '1.10',
      liquidationValue: '7230',
    })
    await setPrice('weETH', '520')
    expect((await balances(b, ACCOUNT_IDS.borrower)).health).toMatchObject({ factor: '1.09', status: 'warning' })
    expect((await balances(await signIn(t.app, 'personal'), ACCOUNT_IDS.personal)).health).toBeNull()
    // The price change alone (no movement) warns the borrower.
    await t.runJobs()
    expect(
      (await b.json('GET', '/notifications')).body.items.map((n: { kind: string; health: string }) => [
        n.kind,
        n.health,
      ]),
    ).toEqual([['health_low', '1.09']])
  })

  it('refuses to liquidate a healthy position', async () => {
    const res = await admin.json('POST', `/admin/accounts/${ACCOUNT_IDS.borrower}/liquidate`)
    expect(res.status).toBe(409)
    expect(res.body.error.code).toBe('not_liquidatable')
    expect((await checkPositions(t.deps)).liquidated).toBe(0)
  })

  it('lends nothing against weETH a pending withdrawal is already taking out', async () => {
    const b = await bruno()
    const account = ACCOUNT_IDS.borrower
    const card = (await b.json('POST', `/accounts/${account}/cards`, {})).body
    // 150 USDC + 3 weETH, owing 1,200. Without 2.3 weETH and its 0.0002 fee the borrow limit is
    // 135 + 0.6998 × 3,150 × 55 % = 1,347.4035: enough for what is owed, so the withdrawal is allowed.
    const w = await b.json(
      'POST',
      `/accounts/${account}/withdrawals`,
      {
        asset: 'weETH',
        amount: '2.3',
        address: '0x52908400098527886E0F7030069857D2E4169EE7',
        confirmation: await b.hostConfirmation(),
      },
      { 'idempotency-key': key() },
    )
    expect(w.body.status).toBe('delayed')
    expect((await balances(b, account)).spendable).toBe('147.4035')
    // During the delay a purchase may not borrow against the weETH on its way out.
    expect(await buy('700', card.id)).toMatchObject({ approved: false, reason: 'insufficient_spendable' })
    expect(await buy('100', card.id)).toMatchObject({ approved: true })
    later(60)
    await t.runJobs() // the withdrawal is sent
    const after = await balances(b, account)
    expect(Number(after.debt) + 100).toBeLessThanOrEqual(Number(after.borrowLimit))
    expect(after.health.status).not.toBe('liquidatable')
  })

  it('liquidates at the price an admin set through another server process', async () => {
    // A second server process on the same database (deploy/cluster.sh), with its own price book, read at start.
    const other = testDeps(t.deps.db, {}, [], {
      get now() {
        return t.deps.now()
      },
    })
    createApp(other)
    await other.priceBook.load(other.db.kysely)
    await setPrice('weETH', '450') // through this one: Bruno's health 0.96, liquidatable
    // The positions check, a job either process may claim, reads the prices first.
    expect((await checkPositions(other)).liquidated).toBe(1)
    expect(other.prices().weETH).toBe(450_000_000n)
  })

  it('counts a Direct Pay purchase still on hold after the switch to Borrow once', async () => {
    const paula = await signIn(t.app, 'personal')
    const account = ACCOUNT_IDS.personal
    const auth = await buy('100')
    expect(auth.approved).toBe(true)
    const asked = await paula.json('PUT', `/accounts/${account}/mode`, {
      mode: 'borrow',
      confirmation: await paula.hostConfirmation(),
    })
    expect(asked.status).toBe(200)
    later(60)
    await t.runJobs()
    const pending = await balances(paula, account)
    expect(pending.mode).toBe('borrow')
    // It clears from cash, as approved: 2,400 × 90 % + 1.2 weETH × 3,150 × 55 % = 4,239, before as after.
    await admin.json('POST', `/sandbox/card-authorizations/${auth.networkId}/clearing`, {})
    await t.runJobs()
    const cleared = await balances(paula, account)
    expect(cleared).toMatchObject({ mode: 'borrow', debt: '0', spendable: '4239' })
    expect(pending.spendable).toBe('4239')
  })

  it('answers 404 to liquidating an account that does not exist', async () => {
    const res = await admin.json('POST', '/admin/accounts/10000000-0000-4000-8000-0000000000ff/liquidate')
    expect(res.status).toBe(404)
    expect(res.body.error.code).toBe('not_found')
  })

  it('still liquidates other positions when one owes with nothing left to sell (a bad debt)', async () => {
    // weETH crashes: Bruno (150 USDC + 3 weETH, owes 1,200) is sold out and still owes 750.
    await setPrice('weETH', '100')
    await t.runJobs()
    const b = await balances(await bruno(), ACCOUNT_IDS.borrower)
    expect(b.debt).toBe('750')
    expect(b.balances.every((x: { balance: string }) => x.balance === '0')).toBe(true)
    // Paula borrows 1,000 against her 2,500 USDC.
    const paula = await signIn(t.app, 'personal')
    await paula.json('PUT', `/accounts/${ACCOUNT_IDS.personal}/mode`, {
      mode: 'borrow',
      confirmation: await paula.hostConfirmation(),
    })
    later(60)
    await t.runJobs()
    const auth = await buy('1000')
    expect(auth.approved).toBe(true)
    await admin.json('POST', `/sandbox/card-authorizations/${auth.networkId}/clearing`, {})
    await t.runJobs()
    // Her collateral loses value: 2,500 × 0.30 × 95 % + 1.2 × 100 × 75 % = 802.5 < 1,000.
    await setPrice('USDC', '0.3')
    expect((await balances(paula, ACCOUNT_IDS.personal)).health.status).toBe('liquidatable')
    await t.runJobs() // the check the price change asks for
    const items = (await paula.json('GET', `/accounts/${ACCOUNT_IDS.personal}/liquidations`)).body.items
    expect(items).toHaveLength(1)
    // The recurring check runs past the bad debt and schedules the next one.
    await runPositionsJob(t.deps)
    const next = await t.deps.db.kysely
      .selectFrom('jobs')
      .select('kind')
      .where('kind', '=', 'positions.check')
      .where('status', '=', 'pending')
      .execute()
    expect(next.length).toBeGreaterThan(0)
  })

  it('writes the price an admin set and the liquidation they ran to the audit log, with before and after', async () => {
    await bruno()
    await setPrice('weETH', '450')
    const liquidated = await admin.json('POST', `/admin/accounts/${ACCOUNT_IDS.borrower}/liquidate`)
    expect(liquidated.status).toBe(201)
    const price = (await admin.json('GET', '/admin/audit?subjectType=price&subjectId=weETH')).body.items
    expect(price).toMatchObject([
      { action: 'price.set', actor: { email: 'admin@demo.cash' }, before: { usdPrice: '3150' } },
    ])
    expect(price[0].after).toMatchObject({ usdPrice: '450' })
    const audit = (await admin.json('GET', `/admin/audit?subjectType=account&subjectId=${ACCOUNT_IDS.borrower}`)).body
      .items
    expect(audit).toMatchObject([
      {
        action: 'account.liquidate',
        actor: { email: 'admin@demo.cash' },
        before: { debt: '1200', health: '0.96' },
        after: { id: liquidated.body.id, repaid: '600', healthAfter: '1.12' },
      },
    ])
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
  })

  it('repays half the debt from collateral when that is enough', async () => {
    const b = await bruno()
    await setPrice('weETH', '450') // 142.5 + 3 × 450 × 75 % = 1,155 < 1,200
    expect((await balances(b, ACCOUNT_IDS.borrower)).health.status).toBe('liquidatable')
    const res = await admin.json('POST', `/admin/accounts/${ACCOUNT_IDS.borrower}/liquidate`)
    expect(res.status).toBe(201)
    // 150 USDC first, then 450 USD of weETH (1 weETH at 450).
    expect(res.body).toMatchObject({
      trigger: 'admin',
      debtBefore: '1200',
      repaid: '600',
      healthBefore: '0.96',
      healthAfter: '1.12',
      sold: [
        { asset: 'USDC', amount: '150' },
        { asset: 'weETH', amount: '1' },
      ],
    })
    const after = await balances(b, ACCOUNT_IDS.borrower)
    expect(after).toMatchObject({ debt: '600', health: { factor: '1.12' } })
    expect(asset(after, 'weETH')).toBe('2')
    expect(asset(after, 'USDC')).toBe('0')
    expect((await b.json('GET', `/accounts/${ACCOUNT_IDS.borrower}/liquidations`)).body.items).toHaveLength(1)
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
  })

  it(
    'repays the rest too when half is not enough, from the job a ' +
      'price change triggers, cancelling the pending withdrawal first',
    async () => {
      const b = await bruno()
      const w = await b.json(
        'POST',
        `/accounts/${ACCOUNT_IDS.borrower}/withdrawals`,
        {
          asset: 'USDC',
          amount: '50',
          address: '0x52908400098527886E0F7030069857D2E4169EE7',
          confirmation: await b.hostConfirmation(),
        },
        { 'idempotency-key': key() },
      )
      expect(w.body.status).toBe('delayed')
      await setPrice('weETH', '400') // 142.5 + 900 = 1,042.5 < 1,200
      await t.runJobs()
      const after = await balances(b, ACCOUNT_IDS.borrower)
      // Round 1: 150 USDC + 1.125 weETH repay 600; still unhealthy (562.5 < 600), so round 2: 1.5 weETH repay 600.
      expect(after).toMatchObject({ debt: '0', health: null })
      expect(asset(after, 'weETH')).toBe('0.375')
      const withdrawal = (await b.json('GET', `/accounts/${ACCOUNT_IDS.borrower}/withdrawals`)).body.items[0]
      expect(withdrawal).toMatchObject({ status: 'cancelled', failureReason: { key: 'liquidated' } })
      const [liquidation] = (await b.json('GET', `/accounts/${ACCOUNT_IDS.borrower}/liquidations`)).body.items
      expect(liquidation).toMatchObject({
        trigger: 'job',
        repaid: '1200',
        healthAfter: null,
        cancelledWithdrawalId: w.body.id,
      })
      expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
    },
  )

  it('lets only admins set prices, and validates the price at its field', async () => {
    const b = await bruno()
    expect((await b.json('PUT', '/admin/prices/weETH', { usdPrice: '1' })).status).toBe(403)
    const bad = await setPrice('weETH', '0')
    expect(bad.body.error.fields).toHaveProperty('usdPrice')
    expect((await b.json('GET', '/prices')).body.items).toContainEqual({ asset: 'weETH', usdPrice: '3150' })
  })
})
