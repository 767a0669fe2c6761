import { beforeEach, describe, expect, it } from 'vitest'
import { ACCOUNT_IDS, CARD_IDS } from '../../fixtures/personas'
import { checkLedger } from '../ledger/ledger-check'
import { createTestApp, signIn, type Caller, type TestApp } from '../testing/test-app'

// Issue 8 remainder: summer-mint and membership-rewards as admin campaigns, promotion payouts at the
// campaign's payout date, edits of campaigns not started, and the audit of every admin write.

let t: TestApp
let admin: Caller
let paula: Caller
const account = ACCOUNT_IDS.personal
let keyN = 0
const key = () => ({ 'idempotency-key': `campaigns-test-${++keyN}` })

beforeEach(async () => {
  t = await createTestApp()
  admin = await signIn(t.app, 'admin')
  paula = await signIn(t.app, 'personal')
})

const later = (ms: number) => t.setNow(new Date(t.deps.now().getTime() + ms))
const at = (iso: string) => t.setNow(new Date(iso))
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
  await admin.json('POST', `/sandbox/card-authorizations/${r.networkId}/clearing`, {})
  await t.runJobs()
  return r.networkId as string
}
const usdc = async () =>
  Number(
    (await paula.json('GET', `/accounts/${account}/balances`)).body.balances.find(
      (b: { asset: string }) => b.asset === 'USDC',
    ).balance,
  )
const fund = (amount: string) => admin.json('POST', '/sandbox/cashback/pool/fund', { amount }, key())
const campaigns = async () =>
  (await admin.json('GET', '/admin/campaigns')).body.items as { id: string; kind: string; status: string }[]
const seeded = async (kind: string) => (await campaigns()).find((c) => c.kind === kind)!
const create = (body: Record<string, unknown>) =>
  admin.json('POST', '/admin/campaigns', {
    name: 'Campaign',
    startsAt: '2026-11-01T00:00:00Z',
    endsAt: '2026-12-01T00:00:00Z',
    totalCap: '1000',
    perHolderCap: '50',
    ...body,
  })
const audit = async (subjectType: string, subjectId: string) =>
  (await admin.json('GET', `/admin/audit?subjectType=${subjectType}&subjectId=${subjectId}`)).body.items as {
    action: string
    before: unknown
    after: unknown
    actor: { email: string }
  }[]
const relogin = async () => {
  admin = await signIn(t.app, 'admin')
  paula = await signIn(t.app, 'personal')
}

describe('summer-mint and membership-rewards run as campaigns', () => {
  it('seeds the promotions that were fixed in code, so the pages keep their figures', async () => {
    const all = await campaigns()
    expect(all.find((c) => c.kind === 'summer_mint')).toMatchObject({
      name: 'Summer Mint',
      status: 'active',
      spendGoal: '500',
      startsAt: '2026-11-01T00:00:00.000Z',
      endsAt: '2027-03-01T00:00:00.000Z',
    })
    expect(all.find((c) => c.kind === 'membership_rewards')).toMatchObject({
      status: 'active',
      tierRewards: { core: '0', luxe: '5', pinnacle: '15', vip: '25' },
    })
    // Both are running, so the promotions hub lists them (neither adds cashback to purchases).
    const hub = (await paula.json('GET', `/accounts/${account}/campaigns`)).body.items as {
      kind: string
      name: string
      status: string
    }[]
    expect(hub.map((c) => [c.kind, c.name, c.status])).toEqual(
      expect.arrayContaining([
        ['summer_mint', 'Summer Mint', 'active'],
        ['membership_rewards', 'Membership rewards', 'active'],
      ]),
    )
  })

  it(
    'summer-mint: no campaign → “none” (not an error); ' + 'a new campaign’s goal and window decide the badge',
    async () => {
      await admin.json('POST', `/admin/campaigns/${(await seeded('summer_mint')).id}/end`)
      const none = await paula.json('GET', `/accounts/${account}/promotions/summer-mint`)
      expect(none).toMatchObject({ status: 200, body: { state: 'none', campaign: null } })
      const c = await create({
        kind: 'summer_mint',
        name: 'Mint 100',
        startsAt: '2026-11-21T12:00:00Z',
        endsAt: '2026-12-21T00:00:00Z',
        spendGoal: '100',
        perHolderCap: '1',
        totalCap: '1',
      })
      expect(c).toMatchObject({ status: 201, body: { kind: 'summer_mint', spendGoal: '100', status: 'active' } })
      await buy('60')
      expect((await paula.json('GET', `/accounts/${account}/promotions/summer-mint`)).body).toMatchObject({
        state: 'running',
        campaign: { name: 'Mint 100' },
        goal: '100',
        spent: '60',
        progressPercent: 60,
        badge: null,
      })
      await buy('40')
      expect((await paula.json('GET', `/accounts/${account}/promotions/summer-mint`)).body).toMatchObject({
        spent: '100',
        badge: { earnedAt: expect.any(String) },
      })
    },
  )

  it('summer-mint: a campaign needs its goal, at the field', async () => {
    const res = await create({ kind: 'summer_mint' })
    expect(res).toMatchObject({ status: 400, body: { error: { fields: { spendGoal: expect.any(String) } } } })
  })

  it(
    'membership-rewards: pays the running campaign’s tier reward; ' + 'none running → nothing to claim, said plainly',
    async () => {
      await fund('500')
      await admin.json('PUT', `/admin/accounts/${account}/vip`, { vip: true })
      await admin.json('POST', `/admin/campaigns/${(await seeded('membership_rewards')).id}/end`)
      const view = await paula.json('GET', `/accounts/${account}/promotions/membership-rewards`)
      expect(view).toMatchObject({ status: 200, body: { running: false, amount: '0', rewards: [] } })
      const refused = await paula.json(
        'POST',
        `/accounts/${account}/promotions/membership-rewards/claim`,
        undefined,
        key(),
      )
      expect(refused).toMatchObject({
        status: 422,
        body: {
          error: { code: 'reward_not_available', message: 'No membership-rewards promotion is running right now.' },
        },
      })
      // The benefits table shows no monthly reward while none runs.
      expect(
        (await paula.json('GET', `/accounts/${account}/membership`)).body.benefits.map(
          (b: { monthlyReward: string }) => b.monthlyReward,
        ),
      ).toEqual(['0', '0', '0', '0'])
      const c = await create({
        kind: 'membership_rewards',
        name: 'Double rewards',
        startsAt: '2026-11-21T12:00:00Z',
        endsAt: '2027-01-01T00:00:00Z',
        tierRewards: { core: '1', luxe: '10', pinnacle: '30', vip: '50' },
        perHolderCap: '100',
      })
      expect(c.status).toBe(201)
      expect((await paula.json('GET', `/accounts/${account}/promotions/membership-rewards`)).body).toMatchObject({
        running: true,
        campaign: { name: 'Double rewards' },
        amount: '50',
      })
      const before = await usdc()
      const claimed = await paula.json(
        'POST',
        `/accounts/${account}/promotions/membership-rewards/claim`,
        undefined,
        key(),
      )
      expect(claimed).toMatchObject({ status: 201, body: { claimed: { amount: '50', tier: 'vip' } } })
      expect((await usdc()) - before).toBe(50)
      expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
    },
  )

  it('membership-rewards: the per-holder cap stops a claim', async () => {
    await fund('500')
    await admin.json('PUT', `/admin/accounts/${account}/vip`, { vip: true })
    await admin.json('POST', `/admin/campaigns/${(await seeded('membership_rewards')).id}/end`)
    await create({
      kind: 'membership_rewards',
      startsAt: '2026-11-21T12:00:00Z',
      endsAt: '2027-03-01T00:00:00Z',
      tierRewards: { core: '0', luxe: '5', pinnacle: '15', vip: '25' },
      perHolderCap: '40',
    })
    expect(
      (await paula.json('POST', `/accounts/${account}/promotions/membership-rewards/claim`, undefined, key())).status,
    ).toBe(201)
    at('2026-12-02T12:00:00Z')
    await relogin()
    const second = await paula.json(
      'POST',
      `/accounts/${account}/promotions/membership-rewards/claim`,
      undefined,
      key(),
    )
    expect(second).toMatchObject({
      status: 422,
      body: { error: { message: 'You reached this promotion’s limit per holder.' } },
    })
  })
})

describe('promotion payouts after the window', () => {
  it(
    'pays promotion cashback at the payout date (window end + 14 days ' +
      'by default) from the pool, regular cashback after its own 14 days',
    async () => {
      await fund('100')
      const c = await create({
        kind: 'splashback',
        category: 'restaurants',
        bps: 300,
        startsAt: '2026-11-21T00:00:00Z',
        endsAt: '2026-11-25T00:00:00Z',
      })
      expect(c.body).toMatchObject({ payoutAt: '2026-12-09T00:00:00.000Z', payoutAtSet: false })
      await buy('100')
      const lines = (await paula.json('GET', `/accounts/${account}/cashback`)).body.lines as {
        type: string
        payableAt: string
        amount: string
      }[]
      expect(lines.find((l) => l.type === 'regular')).toMatchObject({
        amount: '2',
        payableAt: '2026-12-05T12:00:01.000Z',
      })
      expect(lines.find((l) => l.type === 'promotion')).toMatchObject({
        amount: '3',
        payableAt: '2026-12-09T00:00:00.000Z',
      })
      const start = await usdc()
      at('2026-12-05T12:00:02Z')
      await t.runJobs()
      await relogin()
      expect((await usdc()) - start).toBe(2)
      expect((await paula.json('GET', `/accounts/${account}/campaigns`)).body.items[0]).toMatchObject({
        earned: '3',
        totalPaid: '0',
      })
      at('2026-12-08T23:59:59Z')
      await t.runJobs()
      await relogin()
      expect((await usdc()) - start).toBe(2)
      at('2026-12-09T00:00:00Z')
      await t.runJobs()
      await relogin()
      expect((await usdc()) - start).toBe(5)
      expect(
        (await admin.json('GET', '/admin/campaigns')).body.items.find((x: { id: string }) => x.id === c.body.id),
      ).toMatchObject({ totalEarned: '3', totalPaid: '3', status: 'ended' })
      expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
    },
  )

  it('uses a set payout date, and refuses one before the window ends at the field', async () => {
    const bad = await create({ kind: 'triple_dip', payoutAt: '2026-11-30T00:00:00Z' })
    expect(bad).toMatchObject({
      status: 400,
      body: { error: { fields: { payoutAt: 'The payout date cannot be before the window ends.' } } },
    })
    await fund('100')
    const c = await create({ kind: 'triple_dip', payoutAt: '2027-01-15T00:00:00Z' })
    expect(c.body).toMatchObject({ payoutAt: '2027-01-15T00:00:00.000Z', payoutAtSet: true })
    await buy('100')
    const promo = (await paula.json('GET', `/accounts/${account}/cashback`)).body.lines.find(
      (l: { type: string }) => l.type === 'promotion',
    )
    expect(promo).toMatchObject({ amount: '4', payableAt: '2027-01-15T00:00:00.000Z' })
  })
})

describe('campaign edits and the audit of admin writes', () => {
  it('edits and reschedules a campaign before it starts, audited; refuses once it has started', async () => {
    const c = await create({
      kind: 'splashback',
      category: 'hotel',
      bps: 100,
      startsAt: '2026-12-01T00:00:00Z',
      endsAt: '2026-12-10T00:00:00Z',
    })
    expect(c.body.status).toBe('upcoming')
    later(1000)
    const edited = await admin.json('PUT', `/admin/campaigns/${c.body.id}`, {
      kind: 'splashback',
      name: 'Hotel week',
      category: 'hotel',
      bps: 250,
      startsAt: '2026-12-05T00:00:00Z',
      endsAt: '2026-12-12T00:00:00Z',
      totalCap: '500',
      perHolderCap: '20',
    })
    expect(edited).toMatchObject({
      status: 200,
      body: {
        name: 'Hotel week',
        bps: 250,
        startsAt: '2026-12-05T00:00:00.000Z',
        payoutAt: '2026-12-26T00:00:00.000Z',
        totalCap: '500',
      },
    })
    at('2026-12-05T00:00:01Z')
    await relogin()
    const late = await admin.json('PUT', `/admin/campaigns/${c.body.id}`, {
      kind: 'splashback',
      name: 'Too late',
      category: 'hotel',
      bps: 300,
      startsAt: '2026-12-06T00:00:00Z',
      endsAt: '2026-12-12T00:00:00Z',
      totalCap: '500',
      perHolderCap: '20',
    })
    expect(late).toMatchObject({
      status: 400,
      body: { error: { fields: { startsAt: expect.stringContaining('Already started') } } },
    })
    await admin.json('POST', `/admin/campaigns/${c.body.id}/end`)
    const lines = await audit('campaign', c.body.id)
    expect(lines.map((l) => l.action)).toEqual(['campaign.end', 'campaign.update', 'campaign.create'])
    expect(lines[1]).toMatchObject({
      actor: { email: 'admin@demo.cash' },
      before: { bps: 100 },
      after: { bps: 250, name: 'Hotel week' },
    })
    expect(lines[0]).toMatchObject({ before: { status: 'active' }, after: { status: 'ended' } })
  })

  it('audits rule creation, change and removal; a refused change writes nothing', async () => {
    const rule = await admin.json('POST', '/admin/cashback-rules', {
      name: 'Groceries boost',
      category: 'groceries',
      bps: 100,
    })
    expect(rule).toMatchObject({ status: 201, body: { createdBy: 'admin@demo.cash' } })
    const id = rule.body.ruleId as string
    const cut = await admin.json('PUT', `/admin/cashback-rules/${id}`, {
      name: 'Groceries boost',
      category: 'groceries',
      bps: 50,
      effectiveFrom: '2026-12-01T00:00:00Z',
    })
    expect(cut).toMatchObject({
      status: 400,
      body: {
        error: {
          fields: { effectiveFrom: expect.stringContaining('Dec 21, 2026, 12:00:00 PM UTC') },
          fieldKeys: { effectiveFrom: { key: 'cashback_cut_notice', earliest: '2026-12-21T12:00:00.000Z' } },
        },
      },
    })
    later(1000)
    const raise = await admin.json('PUT', `/admin/cashback-rules/${id}`, {
      name: 'Groceries boost',
      category: 'groceries',
      bps: 150,
    })
    expect(raise).toMatchObject({ status: 200, body: { version: 2, bps: 150 } })
    later(1000)
    const removed = await admin.json('DELETE', `/admin/cashback-rules/${id}`, { effectiveFrom: '2026-12-22T00:00:00Z' })
    expect(removed).toMatchObject({ status: 200, body: { version: 3, removed: true } })
    const lines = await audit('cashback_rule', id)
    expect(lines.map((l) => l.action)).toEqual(['cashback_rule.remove', 'cashback_rule.change', 'cashback_rule.create'])
    expect(lines[1]).toMatchObject({ before: { version: 1, bps: 100 }, after: { version: 2, bps: 150 } })
    // The list names who wrote each version.
    expect(
      (await admin.json('GET', '/admin/cashback-rules')).body.items.map((r: { version: number; createdBy: string }) => [
        r.version,
        r.createdBy,
      ]),
    ).toEqual([
      [1, 'admin@demo.cash'],
      [2, 'admin@demo.cash'],
      [3, 'admin@demo.cash'],
    ])
  })

  it('ending a campaign that has not started calls it off: it shows as ended and never pays', async () => {
    const c = await create({
      kind: 'splashback',
      category: 'restaurants',
      bps: 300,
      startsAt: '2026-11-22T00:00:00Z',
      endsAt: '2026-11-30T00:00:00Z',
      optInRequired: false,
    })
    const ended = await admin.json('POST', `/admin/campaigns/${c.body.id}/end`)
    expect(ended).toMatchObject({ status: 200, body: { status: 'ended', endsAt: '2026-11-21T12:00:00.000Z' } })
    at('2026-11-23T00:00:00Z')
    await relogin()
    await buy('100')
    const lines = (await paula.json('GET', `/accounts/${account}/cashback`)).body.lines as { type: string }[]
    expect(lines.map((l) => l.type)).toEqual(['regular'])
  })

  it('keeps campaign edits to admins', async () => {
    const c = await create({ kind: 'triple_dip', startsAt: '2026-12-01T00:00:00Z', endsAt: '2026-12-10T00:00:00Z' })
    const res = await paula.json('PUT', `/admin/campaigns/${c.body.id}`, {
      kind: 'triple_dip',
      name: 'x',
      startsAt: '2026-12-01T00:00:00Z',
      endsAt: '2026-12-10T00:00:00Z',
      totalCap: '1',
      perHolderCap: '1',
    })
    expect(res.status).toBe(403)
  })
})
