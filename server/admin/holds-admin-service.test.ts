import { beforeEach, describe, expect, it } from 'vitest'
import { ACCOUNT_IDS, CARD_IDS, DEMO_PASSWORD } from '../../fixtures/personas'
import { checkLedger } from '../ledger/ledger-check'
import { createTestApp, signIn, type Caller, type TestApp } from '../testing/test-app'

let t: TestApp
let admin: Caller
let paula: Caller
let keyCount = 0
const key = () => ({ 'idempotency-key': `holds-test-${++keyCount}-${Date.now()}` })

beforeEach(async () => {
  t = await createTestApp()
  admin = await signIn(t.app, 'admin')
  paula = await signIn(t.app, 'personal')
})

const buy = async (amount: string) => (
  t.setNow(new Date(t.deps.now().getTime() + 1000)),
  (await admin.json('POST', `/sandbox/cards/${CARD_IDS.personal}/purchases`, { amount, merchantName: 'Hotel Lisboa' }))
    .body as { networkId: string }
)
const spendable = async () =>
  (await paula.json('GET', `/accounts/${ACCOUNT_IDS.personal}/balances`)).body.spendable as string
const pendingHold = async (networkId: string) =>
  (await admin.json('GET', '/admin/holds/pending')).body.items.find(
    (h: { reference: string }) => h.reference === networkId,
  )
const authStatus = async (networkId: string) =>
  (
    await t.deps.db.kysely
      .selectFrom('card_authorizations')
      .select('status')
      .where('network_id', '=', networkId)
      .executeTakeFirstOrThrow()
  ).status

describe('pending holds in the back office', () => {
  it(
    'releases a card hold: the money is available again, the ' +
      'purchase reversed, and a later clearing becomes a failed recon',
    async () => {
      const { networkId } = await buy('123.45')
      expect(await spendable()).toBe('2376.55')
      const hold = await pendingHold(networkId)
      expect(hold).toMatchObject({
        kind: 'card_authorization',
        amount: '123.45',
        asset: 'USDC',
        account: { name: 'Paula Pereira' },
        title: { key: 'card', merchant: 'Hotel Lisboa' },
        expiresAt: '2026-11-28T12:00:01.000Z',
      })

      const noReason = await admin.json('POST', `/admin/holds/${hold.id}/release`, { reason: '' }, key())
      expect(noReason.status).toBe(400)
      expect(noReason.body.error.fields.reason).toBeDefined()
      const released = await admin.json(
        'POST',
        `/admin/holds/${hold.id}/release`,
        { reason: 'Merchant confirmed the booking was cancelled' },
        key(),
      )
      expect(released.body).toEqual({ id: hold.id, status: 'voided', adminAction: 'released' })
      expect(await spendable()).toBe('2500')
      expect(await authStatus(networkId)).toBe('reversed')
      expect(await pendingHold(networkId)).toBeUndefined()

      const again = await admin.json('POST', `/admin/holds/${hold.id}/force-expire`, { reason: 'twice' }, key())
      expect(again.status).toBe(409)
      await admin.json('POST', `/sandbox/card-authorizations/${networkId}/clearing`, { amount: '123.45' })
      await t.runJobs()
      expect(await spendable()).toBe('2500')
      expect((await admin.json('GET', '/admin/failed-recons')).body.items[0]).toMatchObject({
        networkId,
        reason: { key: 'recon_authorization_not_open', status: 'reversed' },
        status: 'open',
      })

      const audit = (await admin.json('GET', `/admin/audit?subjectType=hold&subjectId=${hold.id}`)).body.items
      expect(audit).toHaveLength(1)
      expect(audit[0]).toMatchObject({
        action: 'hold.release',
        reason: 'Merchant confirmed the booking was cancelled',
        before: { status: 'pending', admin_action: null },
        after: { status: 'voided', admin_action: 'released' },
      })
      expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
    },
  )

  it('force-expires a hold as the expiry job would, marked as forced', async () => {
    const { networkId } = await buy('50')
    const hold = await pendingHold(networkId)
    const expired = await admin.json(
      'POST',
      `/admin/holds/${hold.id}/force-expire`,
      { reason: 'Stale hotel pre-authorization' },
      key(),
    )
    expect(expired.body).toEqual({ id: hold.id, status: 'expired', adminAction: 'force_expired' })
    expect(await spendable()).toBe('2500')
    expect(await authStatus(networkId)).toBe('expired')
    const row = await t.deps.db.kysely
      .selectFrom('holds')
      .select(['status', 'admin_action', 'admin_reason', 'resolved_at'])
      .where('id', '=', hold.id)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      status: 'expired',
      admin_action: 'force_expired',
      admin_reason: 'Stale hotel pre-authorization',
      resolved_at: t.deps.now(),
    })
    // The expiry job, when its time comes, leaves the already-expired authorization alone.
    t.setNow(new Date(t.deps.now().getTime() + 8 * 86_400_000))
    await t.runJobs()
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
  })

  it('releases a withdrawal’s hold by cancelling the withdrawal, which then never sends', async () => {
    const w = await paula.json(
      'POST',
      `/accounts/${ACCOUNT_IDS.personal}/withdrawals`,
      {
        asset: 'USDC',
        amount: '100',
        address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
        confirmation: { method: 'password', password: DEMO_PASSWORD },
      },
      key(),
    )
    expect(w.body).toMatchObject({ status: 'delayed', total: '100.5' })
    expect(await spendable()).toBe('2399.5')
    const hold = await pendingHold(w.body.id)
    expect(hold).toMatchObject({ kind: 'withdrawal', amount: '100.5' })
    await admin.json('POST', `/admin/holds/${hold.id}/release`, { reason: 'Holder asked support to stop it' }, key())
    expect(await spendable()).toBe('2500')
    t.setNow(new Date(t.deps.now().getTime() + 120_000))
    await t.runJobs()
    const after = (await paula.json('GET', `/accounts/${ACCOUNT_IDS.personal}/withdrawals`)).body.items[0]
    expect(after).toMatchObject({
      status: 'cancelled',
      failureReason: { key: 'support_cancelled', reason: 'Holder asked support to stop it' },
    })
    expect(await spendable()).toBe('2500')
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
  })

  it('never touches a posted hold', async () => {
    const { networkId } = await buy('20')
    const hold = await pendingHold(networkId)
    await admin.json('POST', `/sandbox/card-authorizations/${networkId}/clearing`, { amount: '20' })
    await t.runJobs()
    const refused = await admin.json(
      'POST',
      `/admin/holds/${hold.id}/release`,
      { reason: 'Customer says it is wrong' },
      key(),
    )
    expect(refused.status).toBe(409)
    expect(refused.body.error).toMatchObject({
      code: 'hold_not_pending',
      message: expect.stringContaining('already posted'),
    })
    expect(await spendable()).toBe('2480')
  })

  it('is for platform admins only', async () => {
    const { networkId } = await buy('20')
    const hold = await pendingHold(networkId)
    expect((await paula.json('GET', '/admin/holds/pending')).status).toBe(403)
    expect(
      (await paula.json('POST', `/admin/holds/${hold.id}/release`, { reason: 'Free my money' }, key())).status,
    ).toBe(403)
    expect(await spendable()).toBe('2480')
  })
})
