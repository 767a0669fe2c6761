import {
  type CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely'
import type { PgliteClient } from './pglite-client'

/**
 * Kysely over one PGlite instance. PGlite is a single connection, so the driver hands it to one caller at
 * a time: a transaction holds it until commit, and other queries wait their turn.
 */
export class PGliteDialect implements Dialect {
  constructor(private readonly client: PgliteClient) {}
  createAdapter() {
    return new PostgresAdapter()
  }
  createDriver(): Driver {
    return new PGliteDriver(this.client)
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db)
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler()
  }
}

class PGliteDriver implements Driver {
  #queue: Promise<void> = Promise.resolve()

  constructor(private readonly client: PgliteClient) {}
  async init() {}
  /** The connection for one caller: the next caller's statements are sent only after it is released. */
  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#queue
    let release!: () => void
    this.#queue = new Promise<void>((resolve) => (release = resolve))
    await previous
    return new PGliteConnection(this.client, release)
  }
  // BEGIN is not sent by itself: it goes with the transaction's first statement (one crossing to the database's
  // thread and one call into PGlite fewer per transaction: prepared.ts). A transaction that ran no statement has
  // nothing to commit or roll back.
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const level = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : ''
    ;(connection as PGliteConnection).beginWithNext(`begin${level}`)
  }
  /**
   * The next caller may send its statements as soon as the COMMIT is sent, not answered: the database thread runs
   * them in the order sent (pglite-thread.ts), so they run after the commit and see what it wrote, and the thread
   * goes from one transaction to the next without waiting for this one's caller. A COMMIT that fails ends its
   * transaction (as a rollback) all the same, so what follows it starts clean. This caller still learns the
   * commit's outcome before its transaction is done.
   */
  async commitTransaction(connection: DatabaseConnection) {
    const c = connection as PGliteConnection
    if (c.dropUnsentBegin()) return
    const commit = c.control('commit')
    c.release()
    await commit
  }
  // After a failed COMMIT, Kysely rolls back: that transaction has already ended, and the statements now being run
  // are the next caller's, which a ROLLBACK here would undo. So once released, nothing more is sent.
  async rollbackTransaction(connection: DatabaseConnection) {
    const c = connection as PGliteConnection
    if (!c.dropUnsentBegin() && !c.released) await c.control('rollback')
  }
  async releaseConnection(connection: DatabaseConnection) {
    ;(connection as PGliteConnection).release()
  }
  async destroy() {
    await this.client.close()
  }
}

class PGliteConnection implements DatabaseConnection {
  #begin: string | undefined
  #release: (() => void) | undefined
  constructor(
    private readonly client: PgliteClient,
    release: () => void,
  ) {
    this.#release = release
  }
  /** Lets the next caller have the database (once: a committed transaction is released again by Kysely). */
  release() {
    const release = this.#release
    this.#release = undefined
    release?.()
  }
  get released() {
    return this.#release === undefined
  }
  beginWithNext(begin: string) {
    this.#begin = begin
  }
  /** Forgets a BEGIN no statement carried yet; true if there was one (the transaction never started). */
  dropUnsentBegin() {
    const unsent = this.#begin !== undefined
    this.#begin = undefined
    return unsent
  }
  /**
   * COMMIT or ROLLBACK as a script (PostgreSQL's simple protocol): one call into the database instead of the
   * parse, describe, bind and execute a statement with parameters takes (about half the cost on PGlite).
   */
  async control(statement: 'commit' | 'rollback'): Promise<void> {
    if (this.released) throw new Error('PGlite dialect: a statement on a connection already released')
    return this.client.exec(statement)
  }
  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.released) throw new Error('PGlite dialect: a statement on a connection already released')
    const begin = this.#begin
    this.#begin = undefined
    const result = await this.client.query<R>(query.sql, query.parameters, begin)
    const affected = result.affectedRows
    return affected === undefined ? { rows: result.rows } : { rows: result.rows, numAffectedRows: BigInt(affected) }
  }
  // biome-ignore lint/correctness/useYield: Kysely's interface; streaming is refused outright
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite dialect: streaming queries are not supported')
  }
}
