import { sql } from 'kysely'
import { expect, it } from 'vitest'
import { ACCOUNT_IDS, CARD_IDS } from '../../fixtures/personas'
import { cardEvents } from '../cards/authorization-service'
import { checkLedger } from '../ledger/ledger-check'
import { createTestApp, signIn } from '../testing/test-app'
import { someoneWaitsOnALock } from '../testing/test-database'

/**
 * A change of time zone and a reversal on one account at the same time (PostgreSQL only: on PGlite one transaction
 * runs at a time). The reversal is under way when the change commits: it counts on no day, and the counters agree
 * with the rows.
 */
const account = ACCOUNT_IDS.personal

it('a purchase reversed while the account moves to another time zone counts on no day', async () => {
  const t = await createTestApp()
  expect(t.deps.db.driver).toBe('postgres')
  const db = t.deps.db.kysely
  const admin = await signIn(t.app, 'admin')
  // Holds are dated by the database's clock: two zones 25 hours apart put one on different days at any hour.
  await sql`UPDATE accounts SET time_zone = 'Pacific/Pago_Pago' WHERE id = ${account}`.execute(db)
  const first = (
    await admin.json('POST', `/sandbox/cards/${CARD_IDS.personal}/purchases`, { amount: '80', merchantName: 'Padaria' })
  ).body
  expect(first).toMatchObject({ approved: true })
  let reversed!: Promise<unknown>
  // What the profile writes, its transaction open while the network's reversal runs, then committed.
  await db.transaction().execute(async (tx) => {
    await sql`UPDATE accounts SET time_zone = 'Pacific/Kiritimati' WHERE id = ${account}`.execute(tx)
    reversed = db.transaction().execute((rtx) => cardEvents.reversal(t.deps, rtx, { authorizationId: first.networkId }))
    await someoneWaitsOnALock(db, reversed)
  })
  await reversed
  const status = await db
    .selectFrom('card_authorizations')
    .select('status')
    .where('network_id', '=', first.networkId)
    .executeTakeFirstOrThrow()
  expect(status).toEqual({ status: 'reversed' })
  const days = await db
    .selectFrom('account_limit_days')
    .select(['day', 'amount'])
    .where('account_id', '=', account)
    .where('amount', '<>', 0n)
    .execute()
  expect(days).toEqual([])
  expect(await checkLedger(db)).toMatchObject({ ok: true, problems: [] })
})
