import {
  CompiledQuery,
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
  readonly #connection: PGliteConnection
  #queue: Promise<void> = Promise.resolve()
  #release: (() => void) | undefined

  constructor(private readonly client: PgliteClient) {
    this.#connection = new PGliteConnection(client)
  }
  async init() {}
  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#queue
    let release!: () => void
    this.#queue = new Promise<void>((resolve) => (release = resolve))
    await previous
    this.#release = release
    return this.#connection
  }
  // BEGIN is not sent by itself: it goes with the transaction's first statement (one crossing to the database's
  // thread fewer per transaction). A transaction that ran no statement has nothing to commit or roll back.
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const level = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : ''
    ;(connection as PGliteConnection).beginWithNext(`begin${level}`)
  }
  async commitTransaction(connection: DatabaseConnection) {
    if (!(connection as PGliteConnection).dropUnsentBegin()) await connection.executeQuery(CompiledQuery.raw('commit'))
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    if (!(connection as PGliteConnection).dropUnsentBegin())
      await connection.executeQuery(CompiledQuery.raw('rollback'))
  }
  async releaseConnection() {
    const release = this.#release
    this.#release = undefined
    release?.()
  }
  async destroy() {
    await this.client.close()
  }
}

class PGliteConnection implements DatabaseConnection {
  #begin: string | undefined
  constructor(private readonly client: PgliteClient) {}
  beginWithNext(begin: string) {
    this.#begin = begin
  }
  /** Forgets a BEGIN no statement carried yet; true if there was one (the transaction never started). */
  dropUnsentBegin() {
    const unsent = this.#begin !== undefined
    this.#begin = undefined
    return unsent
  }
  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
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
