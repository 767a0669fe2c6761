import { mkdirSync } from 'node:fs'
import type { PGlite } from '@electric-sql/pglite'
import { Kysely, PostgresDialect, type Transaction } from 'kysely'
import pg from 'pg'
import { lockFolder } from './folder-lock'
import { pgliteOnThread, type PgliteClient } from './pglite-client'
import { PGliteDialect } from './pglite-dialect'
import { toBigInt } from './pglite-parsers'
import type { Database } from './schema'
import { type DatabaseProcedures, sessionOf } from './pglite-thread'

/** A transaction, or the database handle where a statement runs on its own: what every service function takes. */
export type Tx = Transaction<Database> | Kysely<Database>

/** The database handle every server module receives: Kysely plus a way to run a SQL script. */
export type Db = {
  kysely: Kysely<Database>
  driver: 'pglite' | 'postgres'
  /** Runs a multi-statement SQL script (migrations, test resets). */
  execScript(sql: string): Promise<void>
  /** PGlite only: the data folder as a gzipped tarball, taken between transactions (server/ops/backup.ts). */
  dump?: () => Promise<Uint8Array>
  /** PGlite in memory: once migrated from nothing, kept as the copy new databases start from (fresh-cluster.ts). */
  memory?: true
  /**
   * PGlite only: the procedures the composition root gave the database, run where it runs, each whole
   * (server/db/pglite-thread.ts, `DatabaseProcedures`; a card batch: server/cards/card-batch-thread.ts).
   */
  procedures?: ReadonlySet<string>
  procedure?: (name: string, input: unknown) => Promise<unknown>
  close(): Promise<void>
}

const NUMERIC_OID = 1700
const INT8_OID = 20
export { pgliteParsers } from './pglite-parsers'

/**
 * PGlite in a folder on disk, or in memory for `:memory:`, running on a thread of its own (pglite-client.ts) so its SQL
 * uses the second core instead of the one that answers requests. A folder is locked to this process until `close`
 * (folder-lock.ts); a folder another live process holds throws FolderLockedError.
 */
export async function connectPglite(dataDir: string): Promise<Db> {
  if (dataDir === ':memory:')
    return Object.assign(await wrapPglite(await pgliteOnThread(dataDir)), { memory: true as const })
  mkdirSync(dataDir, { recursive: true })
  const lock = lockFolder(dataDir)
  try {
    return await wrapPglite(await pgliteOnThread(dataDir), lock.release)
  } catch (error) {
    lock.release()
    throw error
  }
}

/** An open PGlite on this thread, as the driver sees it, with the procedures it may run (on this thread too). */
export const inProcess = (client: PGlite, procedures: DatabaseProcedures = {}): PgliteClient => {
  const session = sessionOf(client)
  return {
    query: <R>(sql: string, params: readonly unknown[], begin?: string) => session.query<R>(sql, params, { begin }),
    exec: (sql) => session.exec(sql),
    dump: async () => new Uint8Array(await (await client.dumpDataDir('gzip')).arrayBuffer()),
    procedures: Object.keys(procedures),
    proceduresRunWhole: false,
    procedure: async (name, input) => procedures[name]!(session, input as never),
    close: async () => {
      if (!client.closed) await client.close()
    },
    get closed() {
      return client.closed
    },
  }
}

/**
 * The Db handle over an open PGlite instance; `afterClose` runs once the instance is closed. A new WAL segment is
 * not zero-filled first: PGlite's files live in its own in-process file system, where writing a segment's 16 MB of
 * zeros stalls the database's one thread (a 40–50 ms pause every few seconds under card load).
 * Nothing about durability changes: PostgreSQL zero-fills only to reserve the disk space in advance.
 */
export async function wrapPglite(client: PgliteClient, afterClose: () => void = () => undefined): Promise<Db> {
  await client.exec('SET wal_init_zero = off')
  const kysely = new Kysely<Database>({ dialect: new PGliteDialect(client) })
  return {
    kysely,
    driver: 'pglite',
    // Holding the one connection, so no transaction is half-way when the files are read.
    dump: () => kysely.connection().execute(() => client.dump()),
    procedures: new Set(client.procedures),
    // Sent holding the one connection. On the database's thread a procedure is one message, run whole before the
    // next: the connection is let go of once it is sent, so the next caller's statements (another card batch) go
    // right behind it. On this thread's PGlite it is several calls, and the connection is held until they are done.
    procedure: async (name, input) => {
      let result!: Promise<unknown>
      await kysely.connection().execute(async () => {
        result = client.procedure(name, input)
        result.catch(() => undefined) // its failure is the caller's, once it awaits it
        if (!client.proceduresRunWhole) await result
      })
      return result
    },
    // Holding the one connection too: sent while another caller holds it (a transaction half-way, a card batch in
    // process), a script ran in the middle of that caller's work (inside its transaction, or unseen by a batch that
    // keeps what it read: card-state-kept.ts).
    execScript: (sql) =>
      kysely.connection().execute(async () => {
        try {
          await client.exec(sql)
        } catch (error) {
          // A failed script inside BEGIN leaves the one connection in an aborted transaction: end it.
          await client.exec('ROLLBACK').catch(() => undefined)
          throw error
        }
      }),
    close: async () => {
      await client.close()
      afterClose()
    },
  }
}

/**
 * A pool on a real PostgreSQL server. An idle connection the server closes (a restart, a failover, an operator's
 * pg_terminate_backend, DROP DATABASE … FORCE) is reported to `onIdleError` and dropped; the pool opens a new
 * one when asked. Without this listener Node treats the pool's 'error' event as uncaught and ends the process.
 */
export async function connectPostgres(
  url: string,
  poolSize = 20,
  onIdleError: (error: Error) => void = () => undefined,
): Promise<Db> {
  const parsers: Record<number, (value: string) => unknown> = { [NUMERIC_OID]: toBigInt, [INT8_OID]: toBigInt }
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        parsers[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  })
  pool.on('error', onIdleError)
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  await pool.query('select 1')
  return {
    kysely,
    driver: 'postgres',
    execScript: async (sql) => {
      const client = await pool.connect()
      try {
        await client.query(sql)
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined)
        throw error
      } finally {
        client.release()
      }
    },
    close: () => kysely.destroy(),
  }
}

/** PostgreSQL when a URL is given, PGlite otherwise. */
export function connect(options: {
  databaseUrl?: string | undefined
  dataDir: string
  onIdleError?: (error: Error) => void
}): Promise<Db> {
  return options.databaseUrl
    ? connectPostgres(options.databaseUrl, undefined, options.onIdleError)
    : connectPglite(options.dataDir)
}
