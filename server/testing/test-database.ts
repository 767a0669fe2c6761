import { DATABASE_PROCEDURES } from '../database-thread'
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'kysely'
import pg from 'pg'
import { createPriceBook } from '../prices/price-book'
import { loadConfig, type Config } from '../config'
import { connectPostgres, inProcess, pgliteParsers, wrapPglite, type Db } from '../db/connect'
import { migrate } from '../db/migrate'
import type { Deps } from '../http/route-table'
import { createLogger } from '../log'
import { seedPersonas } from '../seed'
import { ledgerAccountId, postJournal } from '../ledger/ledger-service'
import type { JournalKind } from '../../domain/ledger-kinds'
import { title } from '../../domain/movement-title'

/**
 * The databases the API tests run on. Once per run, one database is migrated and seeded with the demo
 * personas at the test clock, and a copy of every seeded row is kept beside it in the `seed` schema: a PGlite
 * data directory dumped to a file, or a PostgreSQL template database. Each test worker then opens its own
 * database from that snapshot (0.5–1 s instead of 3–4 s of initdb and migrations), and between tests
 * `resetDatabase` puts the seeded rows back (every table emptied, seeded rows copied in, sequences rewound)
 * in one transaction: tens of milliseconds where TRUNCATE and a fresh seed took hundreds.
 */

/** The instant every test starts at (createTestApp's clock) and the snapshot is seeded at. */
export const TEST_CLOCK = new Date('2026-11-21T12:00:00Z')

/** What the global setup hands the workers (vitest `provide` / `inject`). */
export type SnapshotInfo = { pgliteFile: string } | { postgresTemplate: string; postgresUrl: string; runId: string }

declare module 'vitest' {
  export interface ProvidedContext {
    cashSnapshot: SnapshotInfo
  }
}

/** The test servers' data keys (their sealed values open with them; never a real install's). */
export const TEST_DATA_KEYS = `test1:${Buffer.alloc(32, 't').toString('base64')}`

/** The dependencies the server modules take, on `db`, at a movable clock. */
export function testDeps(
  db: Db,
  overrides: Partial<Config> = {},
  logs: string[] = [],
  clock: { now: Date } = { now: TEST_CLOCK },
): Deps {
  // The card network's 2 s window is real time: a loaded test machine would decline purchases as timeouts.
  const config = {
    ...loadConfig({
      CASH_ENV: 'test',
      DATA_DIR: ':memory:',
      LOG_LEVEL: 'info',
      CARD_NETWORK_WAIT_MS: '60000',
      DATA_KEYS: TEST_DATA_KEYS,
    }),
    ...overrides,
  }
  const priceBook = createPriceBook()
  return {
    db,
    config,
    log: createLogger(config.LOG_LEVEL, (line) => logs.push(line)),
    now: () => clock.now,
    newId: randomUUID,
    prices: () => priceBook.current(),
    priceBook,
  }
}

/** Migrates an empty database, seeds the personas at the test clock and keeps a copy of every seeded row. */
export async function buildSnapshot(db: Db): Promise<void> {
  await migrate(db)
  await seedPersonas(testDeps(db))
  const tables = await publicTables(db)
  await db.execScript(
    `DROP SCHEMA IF EXISTS seed CASCADE; CREATE SCHEMA seed;
    ${tables.map((t) => `CREATE TABLE seed.${t} AS SELECT * FROM public.${t};`).join('\n')}
    CREATE TABLE seed.sequences AS SELECT sequencename::text AS name, last_value FROM pg_sequences WHERE schemaname ` +
      `= 'public';`,
  )
}

/** The application's tables (everything in `public` but the migrations ledger). */
async function publicTables(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`SELECT tablename AS name FROM pg_tables
    WHERE schemaname = 'public' AND tablename <> 'schema_migrations' ORDER BY tablename`.execute(db.kysely)
  return rows.map((r) => r.name)
}

/**
 * The script that puts a snapshot database back as it was seeded. Triggers are off while it runs
 * (`session_replication_role = replica`): the append-only audit log would refuse the DELETE, and foreign
 * keys need no order when the whole database is replaced at once.
 */
async function resetScript(db: Db): Promise<string> {
  const { rows: built } = await sql<{ ok: string | null }>`SELECT to_regclass('seed.sequences')::text AS ok`.execute(
    db.kysely,
  )
  if (!built[0]?.ok) throw new Error('this test database has no seed schema: it was not made by buildSnapshot')
  const tables = await publicTables(db)
  const seeded: string[] = []
  for (const t of tables) {
    const { rows } = await sql<{
      any: boolean
    }>`SELECT EXISTS (SELECT 1 FROM ${sql.table(`seed.${t}`)}) AS any`.execute(db.kysely)
    if (rows[0]?.any) seeded.push(t)
  }
  const { rows: sequences } = await sql<{
    name: string
    last_value: bigint | null
  }>`SELECT name, last_value FROM seed.sequences`.execute(db.kysely)
  return [
    'BEGIN;',
    'SET LOCAL session_replication_role = replica;',
    ...tables.map((t) => `DELETE FROM public.${t};`),
    ...seeded.map((t) => `INSERT INTO public.${t} OVERRIDING SYSTEM VALUE SELECT * FROM seed.${t};`),
    ...sequences.map((s) =>
      s.last_value === null
        ? `SELECT setval('public.${s.name}', 1, false);`
        : `SELECT setval('public.${s.name}', ${s.last_value}, true);`,
    ),
    'COMMIT;',
  ].join('\n')
}

const scripts = new WeakMap<Db, Promise<string>>()

/** Puts the database back to the seeded snapshot. */
export async function resetDatabase(db: Db): Promise<void> {
  let script = scripts.get(db)
  if (!script) {
    script = resetScript(db)
    scripts.set(db, script)
  }
  await db.execScript(await script)
}

/** A PGlite database opened from the run's dumped snapshot. */
export async function openPgliteSnapshot(file: string): Promise<Db> {
  const client = new PGlite({ loadDataDir: new Blob([readFileSync(file)]), parsers: pgliteParsers })
  await client.waitReady
  return await wrapPglite(inProcess(client, DATABASE_PROCEDURES))
}

/** A database of this worker's own on the PostgreSQL server, copied from the run's template. */
export async function openPostgresSnapshot(
  info: { postgresTemplate: string; postgresUrl: string; runId: string },
  worker: string,
): Promise<Db> {
  const name = `${info.runId}_w${worker}`
  await withAdmin(info.postgresUrl, async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    // Two workers copying the one template at the same instant can collide ("being accessed by other users").
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${info.postgresTemplate}`)
        return
      } catch (error) {
        if (attempt >= 20 || !String(error).includes('being accessed by other users')) throw error
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt))
      }
    }
  })
  return connectPostgres(databaseUrl(info.postgresUrl, name), 25)
}

/** `url` pointing at database `name` on the same server. */
export function databaseUrl(url: string, name: string): string {
  const target = new URL(url)
  target.pathname = `/${name}`
  return target.toString()
}

/** Runs `work` on a connection to the server's maintenance database. */
export async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  try {
    return await work(admin)
  } finally {
    await admin.end()
  }
}

/**
 * Resolves once some connection to this PostgreSQL database waits on a lock (what `started` ran into, a transaction
 * the caller holds open), or once `started` settles without having waited. A race test holds its transaction open
 * until then, so the other side is known to be under way. Polls `pg_stat_activity`: the wait is the event. With
 * `waiters`, resolves once that many connections wait (a second side started after the first is known to wait).
 */
export async function someoneWaitsOnALock(db: Db['kysely'], started: Promise<unknown>, waiters = 1): Promise<void> {
  let settled = false
  void started.then(
    () => (settled = true),
    () => (settled = true),
  )
  while (!settled) {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(db)
    if (rows[0]!.n >= waiters) return
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** Moves `amount` of USDC from custody to a ledger account (a holder's cash, a platform pool): test funding. */
export async function creditFromCustody(
  db: Db['kysely'],
  to: { accountId: string | null; code: 'cash' | 'cashback_pool' },
  amount: bigint,
): Promise<void> {
  await db.transaction().execute(async (tx) =>
    postJournal(tx, {
      id: randomUUID(),
      kind: 'test_funding' as JournalKind,
      accountId: to.accountId,
      title: title('note', { text: 'Test funding' }),
      entries: [
        {
          ledgerAccountId: await ledgerAccountId(tx, randomUUID, { accountId: null, code: 'custody', asset: 'USDC' }),
          side: 'debit',
          amount,
          asset: 'USDC',
        },
        {
          ledgerAccountId: await ledgerAccountId(tx, randomUUID, {
            accountId: to.accountId,
            code: to.code,
            asset: 'USDC',
          }),
          side: 'credit',
          amount,
          asset: 'USDC',
        },
      ],
    }),
  )
}
