import { sql } from 'kysely'
import { expect, it } from 'vitest'
import { ACCOUNT_IDS, persona } from '../../fixtures/personas'
import { checkLedger } from '../ledger/ledger-check'
import { anonymous, createTestApp, signIn } from '../testing/test-app'
import { creditFromCustody, someoneWaitsOnALock } from '../testing/test-database'
import { payReferrals } from './referral-service'

/**
 * Two referral payout runs at once (PostgreSQL only: on PGlite one transaction runs at a time). The job queue does not
 * keep them apart: a claimed job's lease (JOB_LOCK_SECONDS) ends while a long daily run still works, and two servers
 * starting together each schedule a daily job. Both runs read the referrer's unpaid total before either pays; the
 * second waits for the first and then finds nothing left to pay.
 */
it('two referral payout runs at once pay the referrer once', async () => {
  const t = await createTestApp()
  expect(t.deps.db.driver).toBe('postgres')
  const db = t.deps.db.kysely
  const admin = await signIn(t.app, 'admin')
  const paula = await signIn(t.app, 'personal')
  // Rita signs up with Paula's link, qualifies (KYC and a card) and spends $200 in November: $2 for Paula.
  const link = (await paula.json('POST', '/referrals/link')).body.link
  const signUp = await anonymous(t.app).json('POST', '/auth/sign-up', {
    name: 'Rita Reis',
    email: 'rita@example.com',
    password: 'a-long-password-1',
    client: 'native',
    referralCode: link.code,
  })
  expect(signUp.status).toBe(201)
  const rita = { authorization: `Bearer ${signUp.body.token}` }
  const opened = await anonymous(t.app).json('POST', '/accounts', { kind: 'personal', timeZone: 'UTC' }, rita)
  expect(opened.status).toBe(201)
  await admin.json('POST', `/sandbox/users/${signUp.body.user.id}/kyc`, { status: 'approved' })
  const card = (await anonymous(t.app).json('POST', `/accounts/${opened.body.accountId}/cards`, {}, rita)).body
  await creditFromCustody(db, { accountId: opened.body.accountId, code: 'cash' }, 1_000_000_000n)
  const auth = (
    await admin.json('POST', `/sandbox/cards/${card.id}/purchases`, { amount: '200', merchantName: 'Café Lisboa' })
  ).body
  expect(auth).toMatchObject({ approved: true })
  await admin.json('POST', `/sandbox/card-authorizations/${auth.networkId}/clearing`, {})
  await t.runJobs()
  expect((await paula.json('GET', '/referrals')).body.unpaid).toBe('2')
  await creditFromCustody(db, { accountId: null, code: 'cashback_pool' }, 100_000_000n)
  t.setNow(new Date('2026-12-01T00:00:01Z'))
  const cash = () =>
    db
      .selectFrom('ledger_accounts')
      .select('credits_posted')
      .where('account_id', '=', ACCOUNT_IDS.personal)
      .where('code', '=', 'cash')
      .where('asset', '=', 'USDC')
      .executeTakeFirstOrThrow()
  const before = (await cash()).credits_posted

  let first!: Promise<number>
  let second!: Promise<number>
  // Another payment from the cashback pool under way holds the pool's row: the first run reaches it and waits, the
  // second starts (reading the same unpaid total) and waits too; then the pool's row is let go.
  await db.transaction().execute(async (tx) => {
    await sql`SELECT id FROM ledger_accounts WHERE account_id IS NULL AND code = 'cashback_pool' AND asset = 'USDC'
      FOR UPDATE`.execute(tx)
    first = payReferrals(t.deps)
    await someoneWaitsOnALock(db, first)
    second = payReferrals(t.deps)
    await someoneWaitsOnALock(db, second, 2)
  })
  expect((await first) + (await second)).toBe(1)
  expect((await cash()).credits_posted - before).toBe(2_000_000n)
  const payouts = await db
    .selectFrom('referral_payouts')
    .select('amount')
    .where('referrer_user_id', '=', persona('personal').id)
    .execute()
  expect(payouts).toEqual([{ amount: 2_000_000n }])
  expect(await checkLedger(db)).toMatchObject({ ok: true })
})
