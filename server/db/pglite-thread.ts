/**
 * PGlite on a thread of its own (a worker thread). PGlite is PostgreSQL compiled to WebAssembly: every statement
 * runs on the thread that calls it. On the server's one thread, a batch's 7–10 ms of SQL held up every request's
 * parsing, signing and answering; here the database runs on the machine's second core while the first answers.
 *
 * The protocol is as small as the driver needs: `query` (one statement with parameters, rows as objects, each text
 * prepared once: `statementCache`; with `begin`, the transaction's BEGIN runs first in the same message and the same
 * call into PGlite, one crossing and one call fewer per transaction),
 * `exec` (a script), `dump` (the data folder as a gzipped tarball, for backups), `procedure` (work the composition
 * root gave this thread, run here whole: `DatabaseProcedures`) and `procedures` (their names), each answered in order
 * by id; `close`. Rows, parameters and errors cross by structured
 * clone (bigint, Date, Uint8Array and JSON values survive it); an error crosses as its own fields (SQLSTATE
 * `code`, `constraint`, `detail`, …) and is rebuilt on the other side, so callers see what PGlite threw.
 */
import { parentPort, workerData } from 'node:worker_threads'
import type { PGlite } from '@electric-sql/pglite'
import { pgliteParsers as parsers } from './pglite-parsers'
import { growFilesInPlace } from './memfs-growth'
import { flushFolder, holdsDatabase, onDisk, walFlushesLater } from './flushed-files'
import { newPglite } from './fresh-cluster'
import { statementCache } from './prepared'

export type ThreadCall =
  | { op: 'query'; sql: string; params: unknown[]; begin?: string }
  | { op: 'exec'; sql: string }
  | { op: 'dump' }
  | { op: 'procedure'; name: string; input: unknown }
  | { op: 'procedures' }
  | { op: 'close' }
export type ThreadRequest = ThreadCall & { id: number }
export type ThreadAnswer = {
  id: number
  rows?: unknown[]
  affectedRows?: number | undefined
  dump?: Uint8Array
  result?: unknown
  procedures?: string[]
  error?: Record<string, unknown>
  /** WAL files (descriptors) the request's commits wrote: the answer holds once they are flushed (pglite-client.ts). */
  flush?: number[]
}

/**
 * The way to the database on its connection: a script, and a statement with parameters, rows as objects (each text
 * prepared once: `statementCache` in prepared.ts). The driver's queries and the procedures share it.
 */
export type DatabaseSession = ReturnType<typeof statementCache>
/**
 * Work run where the database runs, whole, before anything sent after it: a few statements and the code between them
 * with no crossing to the server's thread in between (a card batch: server/cards/card-batch-thread.ts). The
 * composition root names them (server/database-thread.ts); the platform knows none. Input and result cross by
 * structured clone.
 */
export type DatabaseProcedures = Record<string, (session: DatabaseSession, input: never) => Promise<unknown>>

/** The session on an open PGlite (on its thread, or in process for the tests): one per connection. */
export const sessionOf = (client: PGlite): DatabaseSession => statementCache(client)

/** The fields of what was thrown, as plain data: the message, the name, and every own field PGlite set. */
export function errorFields(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) }
  const fields: Record<string, unknown> = { message: error.message, name: error.name }
  for (const [key, value] of Object.entries(error))
    if (value === undefined || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value
  return fields
}

/**
 * Serves the database on this thread, with `procedures`, when this is the thread pgliteOnThread starts (a test
 * runner's own worker threads also have a parentPort); elsewhere does nothing. Called by the thread's entry.
 */
export function serveDatabaseThread(procedures: DatabaseProcedures): void {
  const started = workerData as { cashPgliteThread?: boolean; dataDir?: string; confirmed?: BigInt64Array } | null
  if (!parentPort || !started?.cashPgliteThread || !started.dataDir) return
  const port = parentPort
  const dataDir = started.dataDir
  const inMemory = dataDir === ':memory:'
  const created = !inMemory && !holdsDatabase(dataDir)
  // Once a commit could not be flushed, PGlite no longer answers: every later request gets that failure instead.
  let stopped: Error | undefined
  const onFailure = (error: unknown) => {
    stopped = new Error(`the database stopped: a commit could not be written to disk (${String(error)})`)
  }
  // On disk a commit's WAL flush is the server thread's: its answer says which files, and the server says when they
  // are flushed (`confirmed`: flushed-files.ts).
  const later = inMemory ? undefined : walFlushesLater(started.confirmed)
  let client!: PGlite
  let session!: DatabaseSession
  // A new database starts as a copy of a new (or a newly migrated) one, not by initdb (fresh-cluster.ts).
  const options = inMemory ? { parsers } : onDisk(dataDir, { parsers }, { onFailure, later })
  const ready = newPglite(options, undefined, { migrated: true }).then((c) => {
    client = c
    session = sessionOf(c)
    growFilesInPlace(c)
    if (created) flushFolder(dataDir)
  })
  const answer = async (request: ThreadRequest): Promise<ThreadAnswer> => {
    try {
      await ready
      if (stopped) throw stopped
      if (request.op === 'query') {
        const result = await session.query(request.sql, request.params, { begin: request.begin })
        return { id: request.id, rows: result.rows, affectedRows: result.affectedRows }
      }
      if (request.op === 'exec') {
        await session.exec(request.sql)
        return { id: request.id }
      }
      if (request.op === 'procedure') {
        const procedure = procedures[request.name]
        if (!procedure) throw new Error(`no procedure ${request.name} on the database thread`)
        return { id: request.id, result: await procedure(session, request.input as never) }
      }
      if (request.op === 'procedures') return { id: request.id, procedures: Object.keys(procedures) }
      if (request.op === 'dump') {
        const archive = await client.dumpDataDir('gzip')
        return { id: request.id, dump: new Uint8Array(await archive.arrayBuffer()) }
      }
      if (!client.closed) await client.close()
      return { id: request.id }
    } catch (error) {
      return { id: request.id, error: errorFields(error) }
    }
  }
  // One message at a time, in the order sent: a message's BEGIN and statement run with nothing between them, and
  // a transaction's statements run after the COMMIT sent before them (pglite-dialect.ts relies on both).
  const post = (reply: ThreadAnswer) => {
    try {
      // A dump's bytes move to the other thread rather than being copied.
      port.postMessage(reply, reply.dump ? [reply.dump.buffer as ArrayBuffer] : [])
    } catch (error) {
      port.postMessage({ id: reply.id, error: errorFields(error), flush: reply.flush }) // rows that cannot cross
    }
  }
  let previous: Promise<void> = Promise.resolve()
  port.on('message', (request: ThreadRequest) => {
    previous = previous
      .then(() => answer(request))
      .then((answered) => post(replyFor(answered, later?.take(request.id) ?? [], stopped)))
  })
}

/**
 * The answer as it goes to the server's thread: with the WAL files its request's commits handed out (`flush`), and as
 * the failure itself if a flush on this thread failed while it ran (settling the WAL before a page was written, say):
 * PGlite may have answered it all the same, and the database has stopped.
 */
export function replyFor(answered: ThreadAnswer, flush: number[], stopped: Error | undefined): ThreadAnswer {
  const reply = stopped && !answered.error ? { id: answered.id, error: errorFields(stopped) } : answered
  return flush.length > 0 ? { ...reply, flush } : reply
}
