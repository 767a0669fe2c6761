import { beforeEach, describe, expect, it } from 'vitest'
import { ACCOUNT_IDS } from '../../fixtures/personas'
import { checkLedger } from '../ledger/ledger-check'
import { createTestApp, signIn, type Caller, type TestApp } from '../testing/test-app'

let t: TestApp
let admin: Caller
let ops: Caller
let paula: Caller
let keyCount = 0
const key = () => ({ 'idempotency-key': `refund-test-${++keyCount}-${Date.now()}` })

beforeEach(async () => {
  t = await createTestApp()
  admin = await signIn(t.app, 'admin')
  ops = await signIn(t.app, 'admin2')
  paula = await signIn(t.app, 'personal')
})

const cashUnits = async () =>
  await t.deps.db.kysely
    .selectFrom('ledger_accounts')
    .select(['credits_posted', 'debits_posted'])
    .where('account_id', '=', ACCOUNT_IDS.personal)
    .where('code', '=', 'cash')
    .where('asset', '=', 'USDC')
    .executeTakeFirstOrThrow()
const cash = async () => {
  const a = await cashUnits()
  return a.credits_posted - a.debits_posted
}
const create = (body: Record<string, string>, by: Caller = admin, headers = key()) =>
  by.json('POST', '/admin/manual-refunds', body, headers)

describe('manual refunds', () => {
  it(
    'pays a refund of exactly $1,000 at once to the holder named by e-mail, ' + 'with the reason in their history',
    async () => {
      const before = await cash()
      const headers = key()
      const res = await create(
        {
          account: 'Personal@demo.cash',
          amount: '1000',
          reason: 'Double charge at Café Lisboa',
          transactionRef: 'auth_abc',
        },
        admin,
        headers,
      )
      expect(res.status).toBe(201)
      expect(res.body).toMatchObject({
        status: 'posted',
        amount: '1000',
        account: { id: ACCOUNT_IDS.personal },
        transactionRef: 'auth_abc',
        decidedBy: null,
      })
      expect((await cash()) - before).toBe(1_000_000_000n)
      const replay = await create(
        {
          account: 'Personal@demo.cash',
          amount: '1000',
          reason: 'Double charge at Café Lisboa',
          transactionRef: 'auth_abc',
        },
        admin,
        headers,
      )
      expect(replay.body.id).toBe(res.body.id)
      expect((await cash()) - before).toBe(1_000_000_000n)
      const history = (await paula.json('GET', `/accounts/${ACCOUNT_IDS.personal}/history`)).body.items
      expect(history[0]).toMatchObject({
        title: { key: 'cash_refund', reason: 'Double charge at Café Lisboa' },
        amount: '1000',
        asset: 'USDC',
      })
      const audit = (await admin.json('GET', `/admin/audit?subjectType=manual_refund&subjectId=${res.body.id}`)).body
        .items
      expect(audit[0]).toMatchObject({
        action: 'manual_refund.create',
        before: null,
        after: { status: 'posted', amount: '1000' },
      })
      expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
    },
  )

  it(
    'holds a $1,500 refund for a second admin: ' + 'refused to the admin who asked, paid when another admin approves',
    async () => {
      const before = await cash()
      const created = await create({
        account: ACCOUNT_IDS.personal,
        amount: '1500',
        reason: 'Lost card fraud reimbursement',
      })
      expect(created.body).toMatchObject({
        status: 'pending_approval',
        requestedBy: { email: 'admin@demo.cash' },
        journalId: null,
      })
      expect(await cash()).toBe(before)
      const list = (await admin.json('GET', '/admin/manual-refunds')).body
      expect(list).toMatchObject({
        approvalThreshold: '1000',
        items: [{ id: created.body.id, status: 'pending_approval' }],
      })

      t.setNow(new Date(t.deps.now().getTime() + 60_000))
      const self = await admin.json('POST', `/admin/manual-refunds/${created.body.id}/approve`, undefined, key())
      expect(self.status).toBe(403)
      expect(self.body.error).toMatchObject({
        code: 'refund_second_admin',
        message: 'A second admin must approve refunds above $1,000',
      })
      expect(await cash()).toBe(before)

      t.setNow(new Date(t.deps.now().getTime() + 60_000))
      const approved = await ops.json('POST', `/admin/manual-refunds/${created.body.id}/approve`, undefined, key())
      expect(approved.status).toBe(200)
      expect(approved.body).toMatchObject({ status: 'posted', decidedBy: { email: 'ops@demo.cash' } })
      expect((await cash()) - before).toBe(1_500_000_000n)
      const twice = await ops.json('POST', `/admin/manual-refunds/${created.body.id}/approve`, undefined, key())
      expect(twice.status).toBe(409)
      expect((await cash()) - before).toBe(1_500_000_000n)

      const audit = (await admin.json('GET', `/admin/audit?subjectType=manual_refund&subjectId=${created.body.id}`))
        .body.items
      expect(audit.map((a: { action: string; actor: { email: string } }) => `${a.action} by ${a.actor.email}`)).toEqual(
        [
          'manual_refund.approve by ops@demo.cash',
          'manual_refund.approve_refused by admin@demo.cash',
          'manual_refund.request by admin@demo.cash',
        ],
      )
      expect(audit[0]).toMatchObject({ before: { status: 'pending_approval' }, after: { status: 'posted' } })
      expect(audit[1]).toMatchObject({ reason: null, reasonMessage: { key: 'refund_second_admin' } })
      const stored = await t.deps.db.kysely
        .selectFrom('admin_audit_log')
        .select(['reason', 'reason_message'])
        .where('action', '=', 'manual_refund.approve_refused')
        .execute()
      expect(stored).toEqual([{ reason: null, reason_message: { key: 'refund_second_admin' } }])
      expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
    },
  )

  it('pays once when the second admin’s approval arrives twice at the same moment', async () => {
    const before = await cash()
    const created = await create({
      account: ACCOUNT_IDS.personal,
      amount: '1000.000001',
      reason: 'Chargeback lost on our side',
    })
    expect(created.body.status).toBe('pending_approval')
    const results = await Promise.all(
      [1, 2].map(() => ops.json('POST', `/admin/manual-refunds/${created.body.id}/approve`, undefined, key())),
    )
    expect(results.map((r) => r.status).sort()).toEqual([200, 409])
    expect((await cash()) - before).toBe(1_000_000_001n)
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
  })

  it('rejects a pending refund with a reason; nothing is paid and it can no longer be approved', async () => {
    const before = await cash()
    const created = await create({ account: ACCOUNT_IDS.personal, amount: '2000.5', reason: 'Customer asked twice' })
    const noReason = await ops.json('POST', `/admin/manual-refunds/${created.body.id}/reject`, { reason: '' }, key())
    expect(noReason.body.error.fields.reason).toBeDefined()
    const rejected = await ops.json(
      'POST',
      `/admin/manual-refunds/${created.body.id}/reject`,
      { reason: 'Already refunded by the merchant' },
      key(),
    )
    expect(rejected.body).toMatchObject({
      status: 'rejected',
      decisionReason: 'Already refunded by the merchant',
      decidedBy: { email: 'ops@demo.cash' },
    })
    expect((await ops.json('POST', `/admin/manual-refunds/${created.body.id}/approve`, undefined, key())).status).toBe(
      409,
    )
    expect(await cash()).toBe(before)
  })

  it(
    'names the field at fault: an unknown account, an amount that ' +
      'is not one, a missing reason, and needs an Idempotency-Key',
    async () => {
      const unknown = await create({ account: 'nobody@demo.cash', amount: '10', reason: 'Goodwill' })
      expect(unknown.status).toBe(404)
      expect(unknown.body.error.fields.account).toContain('nobody@demo.cash')
      const amount = await create({ account: ACCOUNT_IDS.personal, amount: '10.1234567', reason: 'Goodwill' })
      expect(amount.status).toBe(400)
      expect(amount.body.error.fields.amount).toBeDefined()
      const reason = await create({ account: ACCOUNT_IDS.personal, amount: '10', reason: '' })
      expect(reason.body.error.fields.reason).toBeDefined()
      expect(
        (
          await admin.json('POST', '/admin/manual-refunds', {
            account: ACCOUNT_IDS.personal,
            amount: '10',
            reason: 'Goodwill',
          })
        ).body.error.code,
      ).toBe('idempotency_key_required')
    },
  )

  it(
    'counts refunds paid at once over 24 hours, per admin and per ' +
      'account: five in a row cannot split past the second-admin rule',
    async () => {
      const before = await cash()
      const refund = async (account: string, amount: string, by: Caller = admin) =>
        (await create({ account, amount, reason: 'Goodwill' }, by)).body
      // One admin, one account: $1,000 pays at once in pieces, the piece that would pass it waits.
      for (let i = 0; i < 3; i++) expect(await refund(ACCOUNT_IDS.personal, '300')).toMatchObject({ status: 'posted' })
      expect(await refund(ACCOUNT_IDS.personal, '100')).toMatchObject({ status: 'posted' })
      expect(await refund(ACCOUNT_IDS.personal, '0.01')).toMatchObject({ status: 'pending_approval' })
      expect((await cash()) - before).toBe(1_000_000_000n)
      // The same admin to another account: their own total is spent too.
      expect(await refund(ACCOUNT_IDS.acme, '50')).toMatchObject({ status: 'pending_approval' })
      // Another admin to the first account: the account's total is spent.
      expect(await refund(ACCOUNT_IDS.personal, '50', ops)).toMatchObject({ status: 'pending_approval' })
      // …but not to another account.
      expect(await refund(ACCOUNT_IDS.acme, '50', ops)).toMatchObject({ status: 'posted' })
      // A day later the window has moved on.
      t.setNow(new Date(t.deps.now().getTime() + 24 * 60 * 60 * 1000 + 1000))
      expect(await refund(ACCOUNT_IDS.personal, '900')).toMatchObject({ status: 'posted' })
      expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
    },
  )

  it('decides refunds asked at the same moment one after another: parallel $600 refunds pay one at once', async () => {
    const before = await cash()
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => create({ account: ACCOUNT_IDS.personal, amount: '600', reason: 'Goodwill' })),
    )
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201])
    expect(answers.filter((a) => a.body.status === 'posted')).toHaveLength(1)
    expect((await cash()) - before).toBe(600_000_000n)
  })

  it('refuses one admin more than $10,000 of refunds asked in 24 hours, at the amount', async () => {
    for (let i = 0; i < 4; i++)
      expect(
        (await create({ account: ACCOUNT_IDS.personal, amount: '2500', reason: 'Fraud reimbursement' })).status,
      ).toBe(201)
    const over = await create({ account: ACCOUNT_IDS.personal, amount: '0.01', reason: 'Fraud reimbursement' })
    expect(over.status).toBe(409)
    // The cap and what is left are data (USDC base units) for the page to word in its language; English beside.
    expect(over.body.error).toMatchObject({
      code: 'refund_daily_cap',
      fields: { amount: expect.stringContaining('0.00 USDC is left') },
      messageKey: { key: 'refund_cap', cap: '10000000000', left: '0' },
      fieldKeys: { amount: { key: 'refund_cap', cap: '10000000000', left: '0' } },
    })
    // A rejected request gives its room back; another admin is not affected.
    const pending = (await admin.json('GET', '/admin/manual-refunds')).body.items[0]
    expect(
      (await ops.json('POST', `/admin/manual-refunds/${pending.id}/reject`, { reason: 'Duplicate' }, key())).status,
    ).toBe(200)
    expect(
      (await create({ account: ACCOUNT_IDS.personal, amount: '2500', reason: 'Fraud reimbursement' })).status,
    ).toBe(201)
    expect((await create({ account: ACCOUNT_IDS.personal, amount: '1', reason: 'Goodwill' }, ops)).status).toBe(201)
  })

  it('is for platform admins only', async () => {
    const refused = await create({ account: ACCOUNT_IDS.personal, amount: '10', reason: 'Paying myself' }, paula)
    expect(refused.status).toBe(403)
    expect((await paula.json('GET', '/admin/manual-refunds')).status).toBe(403)
  })
})
