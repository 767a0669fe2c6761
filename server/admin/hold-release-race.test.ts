import { expect, it } from 'vitest'
import { ACCOUNT_IDS, CARD_IDS, DEMO_PASSWORD } from '../../fixtures/personas'
import { clear } from '../cards/authorization-service'
import { checkLedger } from '../ledger/ledger-check'
import { releaseWithdrawal } from '../money-out/withdrawals'
import { createTestApp, signIn } from '../testing/test-app'
import { someoneWaitsOnALock } from '../testing/test-database'

/**
 * A back-office release of a hold while the movement the hold reserved for is being settled (PostgreSQL only: on
 * PGlite one transaction runs at a time). The settling path locks its row (the withdrawal, the card purchase) and then
 * the hold; the admin's release takes them in the same order, so it waits and then finds the hold posted. Taken the
 * other way round (the hold first), the two deadlocked and one of them was rolled back.
 */
const reason = 'Holder asked support to stop it'

it('an admin’s release of a withdrawal’s hold while it is being sent waits, then finds it sent', async () => {
  const t = await createTestApp()
  expect(t.deps.db.driver).toBe('postgres')
  const db = t.deps.db.kysely
  const admin = await signIn(t.app, 'admin')
  const paula = await signIn(t.app, 'personal')
  const w = await paula.json(
    'POST',
    `/accounts/${ACCOUNT_IDS.personal}/withdrawals`,
    {
      asset: 'USDC',
      amount: '100',
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      confirmation: { method: 'password', password: DEMO_PASSWORD },
    },
    { 'idempotency-key': 'hold-release-race-w' },
  )
  expect(w.body).toMatchObject({ status: 'delayed' })
  const { hold_id: holdId } = await db
    .selectFrom('withdrawals')
    .select('hold_id')
    .where('id', '=', w.body.id)
    .executeTakeFirstOrThrow()
  t.setNow(new Date(t.deps.now().getTime() + 120_000))
  let released!: Promise<{ status: number; body: { error?: { code: string } } }>
  // The release job under way (what the `withdrawal.release` handler runs): it holds the account and the withdrawal,
  // as releaseWithdrawal's first steps take them, when the admin's release comes in; then it settles the hold.
  await db.transaction().execute(async (tx) => {
    await tx.selectFrom('accounts').select('id').where('id', '=', ACCOUNT_IDS.personal).forNoKeyUpdate().execute()
    await tx.selectFrom('withdrawals').select('id').where('id', '=', w.body.id).forUpdate().execute()
    released = admin.json('POST', `/admin/holds/${holdId}/release`, { reason }, { 'idempotency-key': 'hold-race-1' })
    await someoneWaitsOnALock(db, released)
    await releaseWithdrawal(t.deps, tx, w.body.id)
  })
  const answer = await released
  expect(answer.status).toBe(409)
  expect(answer.body.error?.code).toBe('hold_not_pending')
  const after = await db
    .selectFrom('withdrawals')
    .select('status')
    .where('id', '=', w.body.id)
    .executeTakeFirstOrThrow()
  expect(after.status).toBe('broadcast')
  expect(await checkLedger(db)).toMatchObject({ ok: true })
})

it('an admin’s release of a card hold while the purchase clears waits, then finds it posted', async () => {
  const t = await createTestApp()
  expect(t.deps.db.driver).toBe('postgres')
  const db = t.deps.db.kysely
  const admin = await signIn(t.app, 'admin')
  const bought = await admin.json('POST', `/sandbox/cards/${CARD_IDS.personal}/purchases`, {
    amount: '20',
    merchantName: 'Hotel Lisboa',
  })
  const auth = await db
    .selectFrom('card_authorizations')
    .select(['id', 'hold_id'])
    .where('network_id', '=', bought.body.networkId)
    .executeTakeFirstOrThrow()
  let released!: Promise<{ status: number; body: { error?: { code: string } } }>
  // The network's clearing under way: it holds the purchase (as clear's first step takes it), then posts the hold.
  await db.transaction().execute(async (tx) => {
    await tx.selectFrom('card_authorizations').select('id').where('id', '=', auth.id).forUpdate().execute()
    released = admin.json(
      'POST',
      `/admin/holds/${auth.hold_id}/release`,
      { reason },
      { 'idempotency-key': 'hold-race-2' },
    )
    await someoneWaitsOnALock(db, released)
    await clear(t.deps, tx, { authorizationId: bought.body.networkId, amount: '20' })
  })
  const answer = await released
  expect(answer.status).toBe(409)
  expect(answer.body.error?.code).toBe('hold_not_pending')
  const after = await db.selectFrom('card_authorizations').select('status').where('id', '=', auth.id).executeTakeFirst()
  expect(after?.status).toBe('cleared')
  expect(await checkLedger(db)).toMatchObject({ ok: true })
})
