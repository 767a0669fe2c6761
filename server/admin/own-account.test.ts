import { beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, signIn, type SignedIn, type TestApp } from '../testing/test-app'

let t: TestApp
let admin: SignedIn
let ops: SignedIn
let adminAccount: string
let keyCount = 0
const key = () => ({ 'idempotency-key': `own-account-test-${++keyCount}-${Date.now()}` })

beforeEach(async () => {
  t = await createTestApp()
  admin = await signIn(t.app, 'admin')
  ops = await signIn(t.app, 'admin2')
  // Staff are people too: Ada opens her own personal account.
  const opened = await admin.json('POST', '/accounts', { kind: 'personal' })
  expect(opened.status).toBe(201)
  adminAccount = opened.body.accountId
})

const cash = async () => {
  const a = await t.deps.db.kysely
    .selectFrom('ledger_accounts')
    .select(['credits_posted', 'debits_posted'])
    .where('account_id', '=', adminAccount)
    .where('code', '=', 'cash')
    .where('asset', '=', 'USDC')
    .executeTakeFirst()
  return a ? a.credits_posted - a.debits_posted : 0n
}

describe('an admin and an account they belong to', () => {
  it('refuses a manual refund an admin asks for into their own account, by its id or by their e-mail', async () => {
    for (const account of [adminAccount, 'admin@demo.cash']) {
      const res = await admin.json(
        'POST',
        '/admin/manual-refunds',
        { account, amount: '50', reason: 'Goodwill' },
        key(),
      )
      expect(res.status).toBe(403)
      expect(res.body.error).toMatchObject({ code: 'admin_own_account' })
    }
    expect(await cash()).toBe(0n)
    expect(await t.deps.db.kysely.selectFrom('manual_refunds').select('id').execute()).toEqual([])
  })

  it('refuses the approval of a refund into the approving admin’s own account; another admin approves it', async () => {
    const asked = await ops.json(
      'POST',
      '/admin/manual-refunds',
      { account: adminAccount, amount: '1500', reason: 'Chargeback' },
      key(),
    )
    expect(asked.body.status).toBe('pending_approval')
    const self = await admin.json('POST', `/admin/manual-refunds/${asked.body.id}/approve`, undefined, key())
    expect(self.status).toBe(403)
    expect(self.body.error).toMatchObject({ code: 'admin_own_account' })
    expect(await cash()).toBe(0n)
  })

  it('refuses to refund a failed recon into an account the admin belongs to', async () => {
    await admin.json('POST', '/sandbox/card-authorizations/auth_unknown_own/clearing', { amount: '700' })
    await t.runJobs()
    const recon = (await admin.json('GET', '/admin/failed-recons')).body.items.find(
      (r: { status: string }) => r.status === 'open',
    )
    const res = await admin.json(
      'POST',
      `/admin/failed-recons/${recon.id}/refund`,
      { reason: 'Goodwill', accountId: adminAccount },
      key(),
    )
    expect(res.status).toBe(403)
    expect(res.body.error).toMatchObject({ code: 'admin_own_account' })
    expect(await cash()).toBe(0n)
    const byOps = await ops.json(
      'POST',
      `/admin/failed-recons/${recon.id}/refund`,
      { reason: 'Goodwill', accountId: adminAccount },
      key(),
    )
    expect(byOps.body).toMatchObject({ status: 'refunded' })
    expect(await cash()).toBe(700_000_000n)
  })
})
