import { beforeEach, describe, expect, it } from 'vitest'
import { ACCOUNT_IDS, DEMO_PASSWORD } from '../../fixtures/personas'
import { createTestApp, signIn, type Caller, type TestApp } from '../testing/test-app'
import { scheduleVaultSnapshots } from './earn-service'

// Issue 8 remainder: a vault's APY changes (admins, audited), daily snapshots, and the history read from them.

let t: TestApp
let paula: Caller
let admin: Caller
const account = ACCOUNT_IDS.personal
const DAY = 86_400_000
let keyN = 0

beforeEach(async () => {
  t = await createTestApp()
  paula = await signIn(t.app, 'personal', 'web')
  admin = await signIn(t.app, 'admin')
})

type Point = { at: string; apyPercent: string; sharePrice: string; value: string }
const usdVault = async () =>
  (await paula.json('GET', `/accounts/${account}/earn`)).body.vaults.find(
    (v: { vault: string }) => v.vault === 'usd',
  ) as { apyPercent: string; sharePrice: string; value: string; history: Point[] }
const relogin = async () => {
  paula = await signIn(t.app, 'personal', 'web')
  admin = await signIn(t.app, 'admin')
}
const nextDays = async (days: number) => {
  t.setNow(new Date(t.deps.now().getTime() + days * DAY))
  await t.runJobs()
  await relogin()
}

describe('vault APY history', () => {
  it('has 30 days of seeded snapshots, so the chart is not empty before any job ran', async () => {
    const rows = await t.deps.db.kysely
      .selectFrom('vault_snapshots')
      .selectAll()
      .where('vault', '=', 'usd')
      .orderBy('day')
      .execute()
    expect(rows).toHaveLength(31)
    expect(rows[0]).toMatchObject({ day: '2026-10-22', apy_bps: 500 })
    const v = await usdVault()
    expect(v.history).toHaveLength(31)
    expect(v.history[0]).toMatchObject({ at: '2026-10-22T00:00:00.000Z', apyPercent: '5' })
    expect(v.history.at(-1)).toMatchObject({
      at: '2026-11-21T12:00:00.000Z',
      apyPercent: '5',
      sharePrice: v.sharePrice,
    })
  })

  it(
    'an admin’s APY change shows in the history at once and in ' +
      'the daily snapshots; the value line follows the share price',
    async () => {
      const deposit = await paula.json(
        'POST',
        `/accounts/${account}/earn/liquid/deposits`,
        { vault: 'usd', amount: '1000', confirmation: { method: 'password', password: DEMO_PASSWORD } },
        { 'idempotency-key': `vault-apy-key-${++keyN}` },
      )
      expect(deposit.body).toMatchObject({ vault: 'usd', amount: '1000' })
      await scheduleVaultSnapshots(t.deps)
      const before = await usdVault()
      const changed = await admin.json('PUT', '/admin/vaults/usd/apy', { apyBps: 2000, reason: 'Rates rose' })
      expect(changed).toMatchObject({
        status: 200,
        body: { vault: 'usd', apyPercent: '20', apyBps: 2000, sharePrice: before.sharePrice },
      })
      const now = await usdVault()
      expect(now.apyPercent).toBe('20')
      expect(now.history.at(-1)!.apyPercent).toBe('20')
      expect(now.history.at(-2)!.apyPercent).toBe('5')
      // The share price kept its value at the change: no jump.
      expect(now.sharePrice).toBe(before.sharePrice)

      await nextDays(1) // the daily job snapshots 2026-11-22 at the new rate
      await nextDays(1) // and 2026-11-23
      const rows = await t.deps.db.kysely
        .selectFrom('vault_snapshots')
        .selectAll()
        .where('vault', '=', 'usd')
        .where('day', '>=', '2026-11-21')
        .orderBy('day')
        .execute()
      expect(rows.map((r) => [r.day, r.apy_bps])).toEqual([
        ['2026-11-21', 500],
        ['2026-11-22', 2000],
        ['2026-11-23', 2000],
      ])
      const after = await usdVault()
      const day22 = after.history.find((p) => p.at === '2026-11-22T00:00:00.000Z')!
      const day21 = after.history.find((p) => p.at === '2026-11-21T00:00:00.000Z')!
      expect(day22.apyPercent).toBe('20')
      expect(day21.apyPercent).toBe('5')
      // A day at 20 % adds about 1000 × 0.20 / 365 ≈ 0.548 to the position; at 5 % it would be ≈ 0.137.
      const last = after.history.at(-1)!
      const dayGain = (Number(last.value) - Number(day22.value)) / 1.5 // from 22 Nov 00:00 to 23 Nov 12:00
      expect(dayGain).toBeGreaterThan(0.5)
      expect(dayGain).toBeLessThan(0.6)
      // The value line is the shares at each point's share price.
      for (const p of after.history.slice(-3))
        expect(Number(p.value) / Number(p.sharePrice)).toBeCloseTo(Number(last.value) / Number(last.sharePrice), 2)
    },
  )

  it('audits the change, refuses a bad APY at the field, and keeps it to admins', async () => {
    const bad = await admin.json('PUT', '/admin/vaults/eth/apy', { apyBps: 90_000 })
    expect(bad).toMatchObject({ status: 400, body: { error: { fields: { apyBps: expect.any(String) } } } })
    expect((await paula.json('PUT', '/admin/vaults/eth/apy', { apyBps: 100 })).status).toBe(403)
    await admin.json('PUT', '/admin/vaults/eth/apy', { apyBps: 425, reason: 'Staking yield' })
    const audit = (await admin.json('GET', '/admin/audit?subjectType=vault&subjectId=eth')).body.items
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({
      action: 'vault.apy',
      reason: 'Staking yield',
      actor: { email: 'admin@demo.cash' },
      before: { apyBps: 350 },
      after: { apyBps: 425, apyPercent: '4.25' },
    })
  })
})
