import { sql } from 'kysely'
import { expect, it } from 'vitest'
import { ACCOUNT_IDS } from '../../fixtures/personas'
import { createTestApp, signIn } from '../testing/test-app'
import { someoneWaitsOnALock } from '../testing/test-database'

/**
 * A freeze and a send on one account at the same time (PostgreSQL only: on PGlite one connection runs one
 * transaction at a time, so the two cannot overlap). The freeze is committed while the send is on its way: the send
 * sees it and moves nothing.
 */
const account = ACCOUNT_IDS.personal

it('money does not leave an account frozen while the send was on its way', async () => {
  const t = await createTestApp()
  expect(t.deps.db.driver).toBe('postgres')
  const paula = await signIn(t.app, 'personal', 'native')
  const db = t.deps.db.kysely
  const recipient = await paula.json('POST', `/accounts/${account}/bank-recipients`, {
    region: 'us',
    name: 'Joe Smith',
    routingNumber: '011000015',
    accountNumber: '12345678',
  })
  const confirmation = await paula.hostConfirmation()
  let sent!: Promise<{ status: number; body: { error?: { code: string } } }>
  // An admin's freeze (what setAccountFrozen writes), held open until the send waits on the account's row, then
  // committed.
  await db.transaction().execute(async (tx) => {
    await sql`UPDATE accounts SET frozen_at = now(), frozen_reason = 'Fraud review' WHERE id = ${account}`.execute(tx)
    sent = paula.json(
      'POST',
      `/accounts/${account}/bank-sends`,
      { recipientId: recipient.body.id, amount: '100', confirmation },
      { 'idempotency-key': 'freeze-race-0001' },
    )
    await someoneWaitsOnALock(db, sent)
  })
  const answer = await sent
  expect(answer.status).toBe(423)
  expect(answer.body.error?.code).toBe('account_frozen')
  expect(await db.selectFrom('bank_sends').select('id').where('account_id', '=', account).execute()).toEqual([])
})
