import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pgliteParsers } from './pglite-parsers'
import { arrayText, statementCache } from './prepared'
import { freshClusterTemplate } from './fresh-cluster'

// Each database a copy of a new one (fresh-cluster.ts), constructed here as each test needs it: still starting.
const pg = new PGlite({ loadDataDir: freshClusterTemplate() })
beforeAll(() => pg.waitReady)
afterAll(() => pg.close())
const run = statementCache(pg)
const preparedCount = async () =>
  Number((await pg.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_prepared_statements')).rows[0]!.n)

it('prepares a statement once and runs it with text parameters, arrays in their text form', async () => {
  const sql = 'SELECT $1::int + 1 AS next, $2::text[] AS words'
  const odd = ['plain', 'a "quote"', 'back\\slash', "it's", 'ç 😀', '']
  expect((await run.query(sql, ['41', arrayText(odd)])).rows).toEqual([{ next: 42, words: odd }])
  // The array came back whole: each element as sent, quotes and backslashes included.
  expect((await run.query(sql, ['1', arrayText(odd)])).rows).toEqual([{ next: 2, words: odd }])
  expect(await preparedCount()).toBe(1)
})

it('throws what the database refused, with its SQLSTATE, and runs the statement again afterwards', async () => {
  const sql = 'SELECT $1::int * 2 AS twice'
  await expect(run.query(sql, ['two'])).rejects.toMatchObject({ code: '22P02' })
  expect((await run.query(sql, ['2'])).rows).toEqual([{ twice: 4 }])
  // A statement that could not be prepared is prepared again the next time it is asked for.
  await expect(run.query('SELEC 1', [])).rejects.toMatchObject({ code: '42601' })
  await expect(run.query('SELEC 1', [])).rejects.toMatchObject({ code: '42601' })
})

it('waits for a database that is still starting, as PGlite’s own query does', async () => {
  const starting = new PGlite({ loadDataDir: freshClusterTemplate() })
  try {
    expect((await statementCache(starting).query('SELECT $1::int AS n', [7])).rows).toEqual([{ n: 7 }])
  } finally {
    await starting.close()
  }
})

describe('the statement cache every PGlite query runs through', () => {
  const db = new PGlite({ parsers: pgliteParsers, loadDataDir: freshClusterTemplate() })
  const cache = statementCache(db)
  beforeAll(async () => {
    await db.waitReady
    await db.exec(`CREATE TABLE things (id uuid PRIMARY KEY, amount numeric NOT NULL, at timestamptz NOT NULL,
      data jsonb, tags text[] NOT NULL DEFAULT '{}', UNIQUE (amount))`)
  })
  afterAll(() => db.close())
  const ours = async () =>
    Number(
      (
        await db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE 'cash\\_%'",
        )
      ).rows[0]!.n,
    )

  it('answers as PGlite’s own query does, parameters and rows of every kind, preparing each text once', async () => {
    const insert = 'INSERT INTO things (id, amount, at, data, tags) VALUES ($1, $2, $3, $4, $5) RETURNING *'
    const row = (n: bigint) => [
      `00000000-0000-4000-8000-00000000000${n}`,
      10n ** 30n + n,
      new Date(`2026-11-2${n}T10:00:00.123Z`),
      { note: 'Depósito “quoted”', n: Number(n), nested: [1, null] },
      ['a', 'b "c"', 'ç'],
    ]
    const viaCache = await cache.query(insert, row(1n))
    const viaPglite = await db.query(insert, row(2n), { rowMode: 'object' })
    expect(viaCache.rows[0]).toEqual({ ...(viaPglite.rows[0] as object), ...rowObject(row(1n)) })
    expect(viaCache.affectedRows).toBe(1)
    const select = 'SELECT * FROM things WHERE amount = $1 OR data IS NULL'
    expect((await cache.query(select, [10n ** 30n + 1n])).rows).toEqual(viaCache.rows)
    expect((await cache.query(select, [10n ** 30n + 2n])).rows).toEqual(viaPglite.rows)
    expect((await cache.query(select, [null])).rows).toEqual([])
    expect(await ours()).toBe(2)
  })

  it('throws what the database refused, with its SQLSTATE and constraint, and keeps working', async () => {
    const insert = 'INSERT INTO things (id, amount, at) VALUES (gen_random_uuid(), $1, now())'
    await cache.query(insert, [5n])
    await expect(cache.query(insert, [5n])).rejects.toMatchObject({ code: '23505', constraint: 'things_amount_key' })
    await expect(cache.query('SELEC 1', [])).rejects.toMatchObject({ code: '42601' })
    expect((await cache.query<{ n: number }>('SELECT $1::int + 1 AS n', [1])).rows).toEqual([{ n: 2 }])
  })

  it('prepares again after a change to a table, so a SELECT * sees its new columns', async () => {
    const all = 'SELECT * FROM things ORDER BY amount LIMIT 1'
    expect(Object.keys((await cache.query(all, [])).rows[0] as object)).not.toContain('label')
    await cache.query("ALTER TABLE things ADD COLUMN label text NOT NULL DEFAULT 'x'", [])
    expect((await cache.query(all, [])).rows[0]).toMatchObject({ label: 'x' })
    await cache.query("DO $$ BEGIN EXECUTE 'ALTER TABLE things ADD COLUMN note text'; END $$", [])
    expect(Object.keys((await cache.query(all, [])).rows[0] as object)).toContain('note')
    await cache.exec("ALTER TABLE things ADD COLUMN kind text NOT NULL DEFAULT 'y'")
    expect((await cache.query(all, [])).rows[0]).toMatchObject({ label: 'x', kind: 'y' })
  })

  it('keeps its statements prepared across transactions: BEGIN, COMMIT and ROLLBACK are scripts too', async () => {
    const read = 'SELECT count(*)::int AS n FROM things WHERE amount > $1'
    const runs = async () =>
      (
        await db.query<{ runs: bigint }>(
          'SELECT sum(generic_plans + custom_plans) AS runs FROM pg_prepared_statements WHERE statement = $1',
          [read],
        )
      ).rows[0]!.runs
    await cache.query(read, [0n])
    await cache.exec('BEGIN')
    await cache.query(read, [1n])
    await cache.exec('COMMIT')
    await cache.exec('BEGIN')
    await cache.query(read, [2n])
    await cache.exec('ROLLBACK')
    await cache.query(read, [3n])
    // One statement, prepared once and run four times.
    expect(await runs()).toBe(4n)
  })

  it('sends BEGIN and COMMIT with a statement: committed when it succeeds, undone when it fails', async () => {
    const insert = 'INSERT INTO things (id, amount, at) VALUES (gen_random_uuid(), $1, now()) RETURNING amount'
    const count = async (amount: bigint) =>
      (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM things WHERE amount = $1', [amount])).rows[0]!.n
    // No transaction left open: a SAVEPOINT is refused outside one (SQLSTATE 25P01).
    const noTransaction = async () =>
      (await db.exec('SAVEPOINT probe').then(
        () => 'in a transaction',
        (error: { code?: string }) => error.code,
      )) === '25P01'
    // Its own rows and count, not BEGIN's or COMMIT's.
    const done = await cache.query(insert, [71n], { begin: 'BEGIN', commit: true })
    expect(done).toEqual({ rows: [{ amount: 71n }], affectedRows: 1 })
    expect(await count(71n)).toBe(1)
    expect(await noTransaction()).toBe(true)
    // A statement whose transaction was begun by an earlier one, committed with it.
    await cache.query(insert, [72n], { begin: 'BEGIN' })
    await cache.query(insert, [73n], { commit: true })
    expect((await count(72n)) + (await count(73n))).toBe(2)
    // A failure after BEGIN makes the COMMIT behind it a rollback: nothing of the transaction stays.
    await cache.query(insert, [74n], { begin: 'BEGIN' })
    await expect(cache.query(insert, [71n], { commit: true })).rejects.toMatchObject({ code: '23505' })
    expect(await count(74n)).toBe(0)
    expect(await noTransaction()).toBe(true)
    await expect(cache.query(insert, [71n], { begin: 'BEGIN', commit: true })).rejects.toMatchObject({ code: '23505' })
    expect(await noTransaction()).toBe(true)
    expect((await cache.query(insert, [75n], { begin: 'BEGIN', commit: true })).rows).toEqual([{ amount: 75n }])
  })

  it('keeps at most 256 statements prepared, closing the one used longest ago', async () => {
    for (let i = 0; i < 300; i++) await cache.query(`SELECT ${i} + $1::int AS n`, [1])
    expect(await ours()).toBeLessThanOrEqual(257)
    expect((await cache.query<{ n: number }>('SELECT 7 + $1::int AS n', [1])).rows).toEqual([{ n: 8 }])
  })
})

const rowObject = ([id, amount, at, data, tags]: unknown[]) => ({ id, amount, at, data, tags })
