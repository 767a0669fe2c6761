import { parse, type PGlite, protocol } from '@electric-sql/pglite'

const { serialize } = protocol

/** Text values as a PostgreSQL array's text form, each quoted (a bound parameter's text, not SQL). */
export const arrayText = (values: readonly string[]) =>
  `{${values.map((v) => `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`

/** The most statements one connection keeps prepared; the one used longest ago is closed to make room. */
const CACHED_STATEMENTS = 256
/**
 * Statements after which a prepared one may read a table's columns differently (a DO block may run any of them):
 * every one is prepared again.
 */
const CHANGES_TABLES = /^(CREATE|ALTER|DROP|DO)\b/
/** A script that may do the same; one that names none of these (a COMMIT, a SET) leaves the statements prepared. */
const MAY_CHANGE_TABLES = /\b(create|alter|drop|do)\b/i

/**
 * What the server's queries run through on PGlite: each statement text prepared once on the connection (parsed and
 * described), then bound and executed in one call into the database. PGlite's `query` parses, analyses and plans
 * the text every time, in six calls (parse, describe, bind, describe, execute, sync), each with its JavaScript
 * around it: a one-row read by key cost the database's thread about 0.5 ms. Parameters are serialized and rows
 * parsed with the connection's own serializers and parsers, as `query` does; a failure is thrown as `query` throws
 * it (SQLSTATE in `code`). A statement or a script that creates, alters or drops something (a DO block too)
 * closes every prepared statement: a prepared SELECT * cannot change its columns. A transaction's BEGIN, COMMIT and
 * ROLLBACK are scripts too (pglite-dialect.ts), and leave them prepared. The database's procedures run through the
 * same statements (a card batch's read and write: server/cards/card-batch-thread.ts).
 */
export function statementCache(client: PGlite) {
  const statements = new Map<string, { name: string; types: number[] }>()
  let next = 0
  let closing: Uint8Array[] = []
  // PGlite's own query waits until the database has started; execProtocol does not.
  const call = async (parts: Uint8Array[]) => {
    await client.waitReady
    return client.execProtocol(Buffer.concat(parts), { syncToFs: false })
  }
  const forget = () => {
    for (const { name } of statements.values()) closing.push(serialize.close({ type: 'S', name }))
    statements.clear()
  }
  const prepare = async (sql: string) => {
    const found = statements.get(sql)
    if (found) {
      statements.delete(sql)
      statements.set(sql, found)
      return found
    }
    if (statements.size >= CACHED_STATEMENTS) {
      const [oldest, { name: old }] = statements.entries().next().value!
      statements.delete(oldest)
      closing.push(serialize.close({ type: 'S', name: old }))
    }
    const name = `cash_${next++}`
    const parts = [...closing, serialize.parse({ name, text: sql, types: [] }), serialize.describe({ type: 'S', name })]
    closing = []
    const { messages } = await call([...parts, serialize.sync()])
    const statement = { name, types: parse.parseDescribeStatementResults(messages) }
    statements.set(sql, statement)
    return statement
  }
  let uses = 0
  return {
    /**
     * How many statements and scripts have been sent this way: what was kept between two uses of one's own (a card
     * batch's positions, server/cards/card-state-kept.ts) is still what the database holds if this has not moved.
     */
    get uses() {
      return uses
    },
    /**
     * One statement. `around` sends a transaction's BEGIN before it and its COMMIT after it in the same call (each
     * call into PGlite costs its own 0.1–0.2 ms of the database's thread, whatever it runs). A statement that fails
     * leaves its transaction aborted, so a COMMIT sent behind it ends the transaction as a rollback; the failure is
     * thrown.
     */
    async query<R>(
      sql: string,
      params: readonly unknown[],
      around: { begin?: string; commit?: boolean } = {},
    ): Promise<{ rows: R[]; affectedRows?: number }> {
      uses++
      const { name, types } = await prepare(sql)
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null
        const serializer = client.serializers[types[i]!]
        return serializer ? serializer(value) : String(value)
      })
      const { messages } = await call([
        ...(around.begin ? [serialize.query(around.begin)] : []),
        serialize.bind({ statement: name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
        ...(around.commit ? [serialize.query('COMMIT')] : []),
      ])
      const results = parse.parseResults(messages, client.parsers, { rowMode: 'object' })
      const result = results[around.begin ? 1 : 0]
      if (result?.command && CHANGES_TABLES.test(result.command)) forget()
      return { rows: (result?.rows ?? []) as R[], affectedRows: result?.affectedRows }
    },
    /** Runs a script (PGlite's `exec`); one that may change tables closes every prepared statement first. */
    async exec(sql: string): Promise<void> {
      uses++
      if (MAY_CHANGE_TABLES.test(sql)) forget()
      await client.exec(sql)
    },
  }
}
