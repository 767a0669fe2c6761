import { sql } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { refusalForDatabaseError } from '../http/database-refusal'
import { connectPglite, type Db } from './connect'
import { replyFor } from './pglite-thread'

// The server's PGlite runs on a thread of its own (pglite-client.ts): what the server relies on must cross it.
let db: Db
beforeAll(async () => {
  db = await connectPglite(':memory:')
})
afterAll(() => db?.close())

it(
  'values and parameters cross the thread as the server reads them: ' + 'bigint, timestamps, JSON, bytes, NULL',
  async () => {
    const at = new Date('2026-11-26T10:00:00.123Z')
    const { rows } = await sql<{ big: bigint; amount: bigint; at: Date; doc: unknown; bytes: Uint8Array; none: null }>`
    SELECT ${123456789012345678n}::bigint AS big, round(${'1500000.000001'}::numeric * 1000000)
      AS amount, ${at}::timestamptz AS at,
           ${JSON.stringify({ a: [1, 'é'] })}::jsonb AS doc, '\\x00ff'::bytea AS bytes, NULL AS none`.execute(db.kysely)
    expect(rows).toEqual([
      {
        big: 123456789012345678n,
        amount: 1500000000001n,
        at,
        doc: { a: [1, 'é'] },
        bytes: new Uint8Array([0, 255]),
        none: null,
      },
    ])
  },
)

it(
  'a database error keeps its SQLSTATE and constraint (a raced ' +
    'rule is a 409, not a 500), and the transaction is rolled back',
  async () => {
    // In a schema of its own: a new database may start migrated, with the real constraint of that name in public.
    await db.execScript(
      'CREATE SCHEMA scratch; CREATE TABLE scratch.thread_once (k text CONSTRAINT withdrawals_one_pending PRIMARY KEY)',
    )
    await sql`INSERT INTO scratch.thread_once VALUES ('a')`.execute(db.kysely)
    const thrown = await db.kysely
      .transaction()
      .execute(async (tx) => {
        await sql`INSERT INTO scratch.thread_once VALUES ('b')`.execute(tx)
        await sql`INSERT INTO scratch.thread_once VALUES ('a')`.execute(tx)
      })
      .catch((error: unknown) => error)
    expect(thrown).toMatchObject({ code: '23505', constraint: 'withdrawals_one_pending' })
    expect(thrown).toBeInstanceOf(Error)
    expect(refusalForDatabaseError(thrown)?.code).toBe('withdrawal_pending')
    expect((await sql<{ k: string }>`SELECT k FROM scratch.thread_once ORDER BY k`.execute(db.kysely)).rows).toEqual([
      { k: 'a' },
    ])
  },
)

it(
  'the server thread keeps turning while the database ' + 'works (a long statement does not hold up other requests)',
  async () => {
    let turns = 0
    let working = true
    const spin = () => {
      turns++
      if (working) setImmediate(spin)
    }
    setImmediate(spin)
    const { rows } = await sql<{
      n: bigint
    }>`SELECT count(*) AS n FROM generate_series(1, 3000000) g WHERE g % 7 = 0`.execute(db.kysely)
    working = false
    expect(rows[0]!.n).toBe(428571n)
    // On the server's own thread the statement would run in one piece, between two turns.
    expect(turns).toBeGreaterThan(20)
  },
)

it('once closed, a query fails with a reason instead of waiting forever or answering nothing', async () => {
  const other = await connectPglite(':memory:')
  await other.close()
  await expect(sql`SELECT 1`.execute(other.kysely)).rejects.toThrow(/closed|stopped/)
})

it(
  'a transaction’s BEGIN travels with its first statement: its isolation level ' +
    'holds, its statements share one transaction, and an empty one leaves none open',
  async () => {
    const seen = await db.kysely
      .transaction()
      .setIsolationLevel('serializable')
      .execute(async (tx) => {
        const level = (
          await sql<{ level: string }>`SELECT current_setting('transaction_isolation') AS level`.execute(tx)
        ).rows[0]!.level
        const first = (await sql<{ xid: string }>`SELECT pg_current_xact_id()::text AS xid`.execute(tx)).rows[0]!.xid
        const second = (await sql<{ xid: string }>`SELECT pg_current_xact_id()::text AS xid`.execute(tx)).rows[0]!.xid
        return { level, first, second }
      })
    expect(seen.level).toBe('serializable')
    expect(seen.second).toBe(seen.first)
    await db.kysely.transaction().execute(async () => undefined)
    // Outside a transaction every statement is its own: a BEGIN left open would make these two the same.
    const xid = async () =>
      (await sql<{ xid: string }>`SELECT pg_current_xact_id()::text AS xid`.execute(db.kysely)).rows[0]!.xid
    expect(await xid()).not.toBe(await xid())
  },
)

it(
  'the next transaction goes to the database as soon as a COMMIT is sent, ' +
    'runs after it and sees what it wrote; each caller still learns its own commit',
  async () => {
    await db.execScript('CREATE TABLE thread_pipeline (k integer PRIMARY KEY)')
    const order: string[] = []
    const first = db.kysely
      .transaction()
      .execute((tx) => sql`INSERT INTO thread_pipeline VALUES (1)`.execute(tx))
      .then(() => order.push('first committed'))
    const second = db.kysely.transaction().execute(async (tx) => {
      order.push('second began')
      const { rows } = await sql<{ k: number }>`SELECT k FROM thread_pipeline`.execute(tx)
      await sql`INSERT INTO thread_pipeline VALUES (2)`.execute(tx)
      return rows
    })
    await first
    expect(await second).toEqual([{ k: 1 }])
    // The second began while the first's COMMIT was on its way: the database thread had work waiting.
    expect(order).toEqual(['second began', 'first committed'])
    const { rows } = await sql<{ k: number }>`SELECT k FROM thread_pipeline ORDER BY k`.execute(db.kysely)
    expect(rows).toEqual([{ k: 1 }, { k: 2 }])
  },
)

it('a COMMIT that fails rolls back only its own transaction, not the next one already sent behind it', async () => {
  await db.execScript(
    'CREATE TABLE thread_deferred (k integer CONSTRAINT thread_deferred_once UNIQUE DEFERRABLE INITIALLY DEFERRED)',
  )
  const failing = db.kysely
    .transaction()
    .execute((tx) => sql`INSERT INTO thread_deferred VALUES (1), (1)`.execute(tx))
    .catch((error: unknown) => error)
  const next = db.kysely.transaction().execute(async (tx) => {
    await sql`INSERT INTO thread_deferred VALUES (2)`.execute(tx)
    return (await sql<{ k: number }>`SELECT k FROM thread_deferred`.execute(tx)).rows
  })
  expect(await failing).toMatchObject({ code: '23505', constraint: 'thread_deferred_once' })
  expect(await next).toEqual([{ k: 2 }])
  const { rows } = await sql<{ k: number }>`SELECT k FROM thread_deferred`.execute(db.kysely)
  expect(rows, 'the second transaction committed although the first failed at its COMMIT').toEqual([{ k: 2 }])
})

it('an answer computed after a flush on the database thread failed goes as that failure, with its WAL files', () => {
  const stopped = new Error('the database stopped: a commit could not be written to disk (EIO)')
  expect(replyFor({ id: 7, rows: [] }, [12], undefined)).toEqual({ id: 7, rows: [], flush: [12] })
  expect(replyFor({ id: 8, rows: [{ n: 1 }] }, [], undefined)).toEqual({ id: 8, rows: [{ n: 1 }] })
  // PGlite answered, but a flush failed while the request ran: the server must not take the answer as done.
  expect(replyFor({ id: 9, affectedRows: 1 }, [12], stopped)).toEqual({
    id: 9,
    error: expect.objectContaining({ message: stopped.message }),
    flush: [12],
  })
  // A request that failed keeps its own error.
  const own = { id: 10, error: { message: 'duplicate key', code: '23505' } }
  expect(replyFor(own, [], stopped)).toEqual(own)
})
