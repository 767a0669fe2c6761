import { Worker } from 'node:worker_threads'
import { confirmFlushed, flushConfirmations, flushesInOrder } from './flushed-files'
import type { ThreadAnswer, ThreadCall } from './pglite-thread'

/** What the Kysely driver and `Db` need of PGlite: a statement with parameters, a script, and closing. */
export type PgliteClient = {
  /** One statement; with `begin`, that BEGIN runs first (a transaction's first statement carries it). */
  query<R>(
    sql: string,
    params: readonly unknown[],
    begin?: string,
  ): Promise<{ rows: R[]; affectedRows?: number | undefined }>
  exec(sql: string): Promise<void>
  /** The whole data folder as a gzipped tarball (PGlite's `dumpDataDir`), for a backup. */
  dump(): Promise<Uint8Array>
  /** A procedure the composition root gave the database (pglite-thread.ts, `DatabaseProcedures`), by name. */
  procedure(name: string, input: unknown): Promise<unknown>
  /** The procedures' names. */
  readonly procedures: readonly string[]
  /** Whether a procedure runs whole before anything sent after it (one message to the thread), or in several calls. */
  readonly proceduresRunWhole: boolean
  close(): Promise<void>
  readonly closed: boolean
}

/**
 * PGlite on its own thread (pglite-thread.ts), seen from the server's thread. Statements are sent in the order
 * they are asked and answered in that order; the driver's one-caller-at-a-time rule still holds on this side.
 * If the thread dies, every waiting and later call fails with the reason: a database that stopped answering is a
 * failure, never an empty result.
 */
export async function pgliteOnThread(dataDir: string): Promise<PgliteClient> {
  // How far the WAL is flushed, shared with the database's thread, which waits on it before it writes a data page.
  const confirmed = flushConfirmations()
  const worker = new Worker(new URL('./pglite-thread-boot.mjs', import.meta.url), {
    workerData: { cashPgliteThread: true, dataDir, confirmed },
  })
  const waiting = new Map<number, { resolve: (answer: ThreadAnswer) => void; reject: (error: Error) => void }>()
  let next = 1
  let failure: Error | undefined
  let closed = false
  const fail = (error: Error) => {
    failure ??= error
    for (const w of waiting.values()) w.reject(failure)
    waiting.clear()
  }
  // An answer on disk may name WAL files its commit wrote: it is let go once they are flushed (flushed-files.ts).
  // In memory nothing is flushed, and each answer goes at once.
  const flushed = dataDir === ':memory:' ? null : flushesInOrder()
  worker.on('message', (answer: ThreadAnswer) => {
    const w = waiting.get(answer.id)
    waiting.delete(answer.id)
    if (!flushed) return w?.resolve(answer)
    flushed(answer.flush).then(
      () => {
        confirmFlushed(confirmed, answer.id)
        w?.resolve(answer)
      },
      (error: unknown) => {
        confirmFlushed(confirmed, answer.id, true)
        const stopped = new Error(`the database stopped: a commit could not be written to disk (${String(error)})`)
        w?.reject(stopped)
        fail(stopped)
        // As PostgreSQL does on a failed flush: stop without a checkpoint; a restart recovers from what is on disk.
        void worker.terminate()
      },
    )
  })
  worker.on('error', fail)
  worker.on('exit', (code) => fail(new Error(`the database thread stopped (exit code ${code})`)))
  const call = (request: ThreadCall): Promise<ThreadAnswer> =>
    new Promise<ThreadAnswer>((resolve, reject) => {
      if (failure) return reject(failure)
      const id = next++
      waiting.set(id, { resolve, reject })
      worker.postMessage({ ...request, id })
    }).then((answer) => {
      if (answer.error) throw Object.assign(new Error(String(answer.error.message)), answer.error)
      return answer
    })
  // The first answer says the database opened (or why it did not), and what it can run there.
  const { procedures = [] } = await call({ op: 'procedures' })
  return {
    async query<R>(sql: string, params: readonly unknown[], begin?: string) {
      const answer = await call(
        begin ? { op: 'query', sql, params: [...params], begin } : { op: 'query', sql, params: [...params] },
      )
      return { rows: answer.rows as R[], affectedRows: answer.affectedRows }
    },
    async exec(sql: string) {
      await call({ op: 'exec', sql })
    },
    async dump() {
      return (await call({ op: 'dump' })).dump!
    },
    procedures,
    proceduresRunWhole: true,
    async procedure(name: string, input: unknown) {
      return (await call({ op: 'procedure', name, input })).result ?? null
    },
    async close() {
      if (closed) return
      closed = true
      await call({ op: 'close' }).catch(() => undefined)
      await worker.terminate()
    },
    get closed() {
      return closed
    },
  }
}
