import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ACCOUNT_IDS } from '../../fixtures/personas'
import { createTestApp, signIn, type SignedIn, type TestApp } from '../testing/test-app'
import { refusalForDatabaseError } from './database-refusal'

/**
 * The safety net under the account lock: a request the database itself refuses for a race answers a 409 with a
 * code, never a 500. The money-out services no longer lose these races (money-out-races.test.ts), so a trigger
 * raises the database's own error, carried by the real driver, exactly where the race would.
 */
const account = ACCOUNT_IDS.personal
const TO = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
let t: TestApp
let paula: SignedIn

beforeEach(async () => {
  t = await createTestApp()
  paula = await signIn(t.app, 'personal', 'native')
})

// Triggers outlive the per-test reset of the worker's database: take them away after each test.
afterEach(async () => {
  await t.deps.db.execScript(
    'DROP TRIGGER IF EXISTS cash_test_raise ON withdrawals; DROP TRIGGER IF EXISTS ' +
      'cash_test_raise ON bank_sends; DROP FUNCTION IF EXISTS cash_test_raise();',
  )
})

/** Makes every insert into `table` fail with `sqlstate`, naming `constraint`, as PostgreSQL would. */
async function failInserts(table: 'withdrawals' | 'bank_sends', sqlstate: string, constraint: string) {
  await sql
    .raw(`CREATE OR REPLACE FUNCTION cash_test_raise() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'raised by the test' USING ERRCODE = TG_ARGV[0], CONSTRAINT = TG_ARGV[1]; END $$`)
    .execute(t.deps.db.kysely)
  await sql
    .raw(
      `CREATE TRIGGER cash_test_raise BEFORE INSERT ON ${table} FOR EACH ` +
        `ROW EXECUTE FUNCTION cash_test_raise('${sqlstate}', '${constraint}')`,
    )
    .execute(t.deps.db.kysely)
}

const usdc = async () =>
  (await paula.json('GET', `/accounts/${account}/balances`)).body.balances.find(
    (b: { asset: string }) => b.asset === 'USDC',
  )
const withdraw = async (idem: string) =>
  paula.json(
    'POST',
    `/accounts/${account}/withdrawals`,
    { asset: 'USDC', amount: '100', address: TO, confirmation: await paula.hostConfirmation() },
    { 'idempotency-key': idem },
  )
const sendToBank = async (idem: string) => {
  const recipient = await paula.json('POST', `/accounts/${account}/bank-recipients`, {
    region: 'us',
    name: 'Joe Smith',
    routingNumber: '011000015',
    accountNumber: '12345678',
  })
  return paula.json(
    'POST',
    `/accounts/${account}/bank-sends`,
    { recipientId: recipient.body.id, amount: '100', confirmation: await paula.hostConfirmation() },
    { 'idempotency-key': idem },
  )
}

describe('requests the database refuses for a race', () => {
  it(
    'answers a withdrawal that loses the one-pending race 409 ' +
      'withdrawal_pending, reserves nothing, and takes the same key again',
    async () => {
      await failInserts('withdrawals', '23505', 'withdrawals_one_pending')
      const lost = await withdraw('lost-the-race-01')
      expect(lost).toMatchObject({
        status: 409,
        body: { error: { code: 'withdrawal_pending', details: { retryable: true } } },
      })
      expect(await usdc()).toMatchObject({ balance: '2500', available: '2500' })
      expect(t.logs.join('\n')).toContain('database refused a raced request')
      await sql.raw('DROP TRIGGER cash_test_raise ON withdrawals').execute(t.deps.db.kysely)
      expect((await withdraw('lost-the-race-01')).status).toBe(201)
      expect(await usdc()).toMatchObject({ available: '2399.5' })
    },
  )

  it.each([
    ['a deadlock', '40P01'],
    ['a serialization failure', '40001'],
  ])('answers %s 409 conflict, retryable, and moves nothing', async (_, sqlstate) => {
    await failInserts('bank_sends', sqlstate, 'none')
    const res = await sendToBank(`gave-way-${sqlstate}`)
    expect(res).toMatchObject({ status: 409, body: { error: { code: 'conflict', details: { retryable: true } } } })
    expect(await usdc()).toMatchObject({ balance: '2500' })
  })

  it('keeps any other unique violation a 500: it is a bug, not a race', async () => {
    await failInserts('bank_sends', '23505', 'bank_sends_pkey')
    const res = await sendToBank('not-a-known-race')
    expect(res).toMatchObject({ status: 500, body: { error: { code: 'internal' } } })
  })

  it('reads the constraint of a real violation of one pending withdrawal per account from the driver', async () => {
    expect((await withdraw('first-pending-01')).status).toBe(201)
    const pending = await t.deps.db.kysely
      .selectFrom('withdrawals')
      .selectAll()
      .where('account_id', '=', account)
      .executeTakeFirstOrThrow()
    const error = await t.deps.db.kysely
      .insertInto('withdrawals')
      .values({ ...pending, id: t.deps.newId(), failure_reason: null })
      .execute()
      .catch((e: unknown) => e)
    expect(refusalForDatabaseError(error)).toMatchObject({ code: 'withdrawal_pending', status: 409 })
  })
})
