import { beforeEach, describe, expect, it } from 'vitest'
import { ACCOUNT_IDS, CARD_IDS } from '../../fixtures/personas'
import { checkLedger } from '../ledger/ledger-check'
import { createTestApp, signIn, type Caller, type TestApp } from '../testing/test-app'

let t: TestApp
let admin: Caller
let paula: Caller
let keyCount = 0
const key = () => ({ 'idempotency-key': `recon-test-${++keyCount}-${Date.now()}` })

beforeEach(async () => {
  t = await createTestApp()
  admin = await signIn(t.app, 'admin')
  paula = await signIn(t.app, 'personal')
})

const buy = async (amount: string) => (
  t.setNow(new Date(t.deps.now().getTime() + 1000)),
  (await admin.json('POST', `/sandbox/cards/${CARD_IDS.personal}/purchases`, { amount, merchantName: 'Café Lisboa' }))
    .body as { networkId: string; approved: boolean }
)
const clearing = async (networkId: string, amount: string) => {
  await admin.json('POST', `/sandbox/card-authorizations/${networkId}/clearing`, { amount })
  await t.runJobs()
}
const position = async () => (await paula.json('GET', `/accounts/${ACCOUNT_IDS.personal}/balances`)).body
const usdc = async () =>
  (await position()).balances.find((b: { asset: string }) => b.asset === 'USDC').balance as string
const openRecon = async () =>
  (await admin.json('GET', '/admin/failed-recons')).body.items.find((r: { status: string }) => r.status === 'open')
const platformBalance = async (code: string) => {
  const a = await t.deps.db.kysely
    .selectFrom('ledger_accounts')
    .selectAll()
    .where('code', '=', code)
    .where('account_id', 'is', null)
    .where('asset', '=', 'USDC')
    .executeTakeFirst()
  return a ? { debits: a.debits_posted, credits: a.credits_posted } : null
}

describe('failed recons in the back office', () => {
  it(
    'matches a clearing more than 20 % off to its authorization: ' +
      'posted once through the clearing code, idempotent, audited',
    async () => {
      const auth = await buy('40')
      await clearing(auth.networkId, '60')
      const recon = await openRecon()
      expect(recon).toMatchObject({
        networkId: auth.networkId,
        amount: '60',
        status: 'open',
        card: { last4: '4242' },
        account: { name: 'Paula Pereira' },
        reason: { key: 'recon_outside_tolerance', cleared: '60000000', authorized: '40000000' },
      })
      expect(await usdc()).toBe('2500')

      const candidates = (await admin.json('GET', `/admin/failed-recons/${recon.id}/candidates`)).body.items
      expect(candidates.map((c: { networkId: string }) => c.networkId)).toEqual([auth.networkId])

      const headers = key()
      const body = { authorizationId: candidates[0].authorizationId, reason: 'Tip agreed with the merchant' }
      const matched = await admin.json('POST', `/admin/failed-recons/${recon.id}/match`, body, headers)
      expect(matched.status).toBe(200)
      expect(matched.body).toMatchObject({
        status: 'matched',
        resolvedBy: 'admin@demo.cash',
        resolutionReason: 'Tip agreed with the merchant',
        matchedAuthorizationId: candidates[0].authorizationId,
      })
      expect(await usdc()).toBe('2440')
      expect((await position()).spendable).toBe('2440')

      const replay = await admin.request('POST', `/admin/failed-recons/${recon.id}/match`, body, headers)
      expect(replay.headers.get('idempotent-replayed')).toBe('true')
      expect((await replay.json()).journalId).toBe(matched.body.journalId)
      const again = await admin.json(
        'POST',
        `/admin/failed-recons/${recon.id}/write-off`,
        { reason: 'second try' },
        key(),
      )
      expect(again.status).toBe(409)
      expect(again.body.error).toMatchObject({
        code: 'recon_resolved',
        message: expect.stringMatching(
          /already matched to an authorization on \w{3} \d{1,2}, \d{4}, .* UTC\. Nothing was changed\./,
        ),
      })
      expect(await usdc()).toBe('2440')

      const purchase = (await paula.json('GET', `/accounts/${ACCOUNT_IDS.personal}/card-authorizations`)).body.items[0]
      expect(purchase).toMatchObject({ status: 'cleared', clearedAmount: '60' })
      const audit = (await admin.json('GET', `/admin/audit?subjectType=failed_recon&subjectId=${recon.id}`)).body.items
      expect(audit).toHaveLength(1)
      expect(audit[0]).toMatchObject({
        action: 'failed_recon.match',
        actor: { email: 'admin@demo.cash' },
        reason: 'Tip agreed with the merchant',
        before: { status: 'open', journalId: null },
        after: { status: 'matched', journalId: matched.body.journalId },
      })
      expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
    },
  )

  it(
    'writes off a clearing with no authorization: the platform ' +
      'absorbs exactly the amount, the holder is not charged',
    async () => {
      await clearing('auth_unknown_network_1', '25.123456')
      const recon = await openRecon()
      expect(recon).toMatchObject({ authorizationId: null, reason: { key: 'recon_no_authorization' }, account: null })
      const noReason = await admin.json('POST', `/admin/failed-recons/${recon.id}/write-off`, { reason: '' }, key())
      expect(noReason.status).toBe(400)
      expect(noReason.body.error.fields.reason).toMatch(/reason/)
      const settlementBefore = await platformBalance('card_settlement')

      const done = await admin.json(
        'POST',
        `/admin/failed-recons/${recon.id}/write-off`,
        { reason: 'Network duplicate, settled with the network' },
        key(),
      )
      expect(done.body).toMatchObject({ status: 'written_off' })
      expect(await platformBalance('write_offs')).toEqual({ debits: 25_123_456n, credits: 0n })
      expect((await platformBalance('card_settlement'))!.credits - (settlementBefore?.credits ?? 0n)).toBe(25_123_456n)
      expect(await usdc()).toBe('2500')
      const refundAfter = await admin.json(
        'POST',
        `/admin/failed-recons/${recon.id}/refund`,
        { reason: 'x'.repeat(5), accountId: ACCOUNT_IDS.personal },
        key(),
      )
      expect(refundAfter.status).toBe(409)
      expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
    },
  )

  it('refunds a failed recon to the holder of its authorization, shown in their history with the reason', async () => {
    const auth = await buy('10')
    await clearing(auth.networkId, '30')
    const recon = await openRecon()
    const refunded = await admin.json(
      'POST',
      `/admin/failed-recons/${recon.id}/refund`,
      { reason: 'Merchant refunded the difference' },
      key(),
    )
    expect(refunded.body).toMatchObject({ status: 'refunded', account: { id: ACCOUNT_IDS.personal } })
    expect(await usdc()).toBe('2530')
    // The purchase's own hold is untouched: it still reserves its 10 until cleared, reversed or expired.
    expect((await position()).spendable).toBe('2520')
    const history = (await paula.json('GET', `/accounts/${ACCOUNT_IDS.personal}/history`)).body.items
    expect(history[0]).toMatchObject({
      title: { key: 'recon_refund', merchant: 'Café Lisboa', reason: 'Merchant refunded the difference' },
      amount: '30',
      status: 'settled',
    })
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
  })

  it('a refund paid by hand before its purchase cleared earns no cashback when the purchase clears', async () => {
    const auth = await buy('40')
    // The merchant's refund of part of it comes before the purchase cleared: a failed recon, refunded by an admin.
    await admin.json('POST', `/sandbox/card-authorizations/${auth.networkId}/refund`, { amount: '10' })
    await t.runJobs()
    const recon = await openRecon()
    expect(recon.reason).toMatchObject({ key: 'recon_refund_without_purchase' })
    await admin.json('POST', `/admin/failed-recons/${recon.id}/refund`, { reason: 'Merchant refunded early' }, key())
    await clearing(auth.networkId, '40')
    expect(await usdc()).toBe('2470') // 2,500 + 10 back − 40 spent
    const purchase = (await paula.json('GET', `/accounts/${ACCOUNT_IDS.personal}/card-authorizations`)).body.items[0]
    expect(purchase).toMatchObject({ status: 'cleared', amount: '40', refundedAmount: '10' })
    // Cashback on the 30 the holder was left paying (2 %), not on the 40 cleared.
    expect((await paula.json('GET', `/accounts/${ACCOUNT_IDS.personal}/cashback`)).body).toMatchObject({
      earned: '0.6',
    })
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
  })

  it('asks which account to refund when the recon names no authorization', async () => {
    await clearing('auth_unknown_network_2', '5')
    const recon = await openRecon()
    const refused = await admin.json(
      'POST',
      `/admin/failed-recons/${recon.id}/refund`,
      { reason: 'Goodwill refund' },
      key(),
    )
    expect(refused.status).toBe(400)
    expect(refused.body.error).toMatchObject({
      code: 'recon_holder_unknown',
      fields: { accountId: expect.any(String) },
    })
    const ok = await admin.json(
      'POST',
      `/admin/failed-recons/${recon.id}/refund`,
      { reason: 'Goodwill refund', accountId: ACCOUNT_IDS.personal },
      key(),
    )
    expect(ok.body).toMatchObject({ status: 'refunded', account: { name: 'Paula Pereira' } })
    expect(await usdc()).toBe('2505')
  })

  it('refuses to match a merchant’s refund made before its purchase cleared (it would charge the holder)', async () => {
    const auth = await buy('40')
    expect(auth.approved).toBe(true)
    await admin.json('POST', `/sandbox/card-authorizations/${auth.networkId}/refund`, { amount: '40' })
    await t.runJobs()
    const recon = await openRecon()
    expect(recon).toMatchObject({ amount: '40', reason: { key: 'recon_refund_without_purchase' } })
    // No purchase to clear is offered, and a match sent anyway is refused.
    expect((await admin.json('GET', `/admin/failed-recons/${recon.id}/candidates`)).body.items).toEqual([])
    const [purchase] = (await paula.json('GET', `/accounts/${ACCOUNT_IDS.personal}/card-authorizations`)).body.items
    const matched = await admin.json(
      'POST',
      `/admin/failed-recons/${recon.id}/match`,
      { authorizationId: purchase.id, reason: 'belongs to this purchase' },
      key(),
    )
    expect(matched.status).toBe(409)
    expect(matched.body.error).toMatchObject({ code: 'recon_not_matchable', fields: { authorizationId: /refund/ } })
    expect(await usdc()).toBe('2500')
    expect((await openRecon()).id).toBe(recon.id)
  })

  it('refuses a match to an authorization that has no pending hold', async () => {
    const a = await buy('20')
    await clearing(a.networkId, '20')
    await clearing('auth_unknown_network_3', '20')
    const recon = await openRecon()
    const cleared = await t.deps.db.kysely
      .selectFrom('card_authorizations')
      .select('id')
      .where('network_id', '=', a.networkId)
      .executeTakeFirstOrThrow()
    const refused = await admin.json(
      'POST',
      `/admin/failed-recons/${recon.id}/match`,
      { authorizationId: cleared.id, reason: 'try to double post' },
      key(),
    )
    expect(refused.status).toBe(409)
    expect(refused.body.error.code).toBe('recon_not_matchable')
    expect(await usdc()).toBe('2480')
  })

  it('is for platform admins only', async () => {
    await clearing('auth_unknown_network_4', '5')
    const recon = await openRecon()
    expect((await paula.json('GET', '/admin/failed-recons')).status).toBe(403)
    expect(
      (await paula.json('POST', `/admin/failed-recons/${recon.id}/write-off`, { reason: 'not mine to do' }, key()))
        .status,
    ).toBe(403)
    expect((await openRecon()).status).toBe('open')
  })
})
