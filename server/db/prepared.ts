import { type PGlite, protocol } from '@electric-sql/pglite'

const { serialize } = protocol

/**
 * Statements prepared on one PGlite connection the first time they are asked for by name, then bound and executed
 * with text parameters in one call into the database. PGlite's `query` parses and plans its statement every time and
 * takes six calls into the database (parse, describe, bind, describe, execute, sync); the database's thread runs a
 * card batch's two statements this way (server/cards/card-batch-thread.ts). A failure is thrown as PGlite throws it
 * (its SQLSTATE in `code`); a statement that failed to prepare is prepared again next time.
 */
export function preparedStatements(client: PGlite) {
  const prepared = new Set<string>()
  const call = (parts: Uint8Array[]) => client.execProtocol(Buffer.concat(parts), { syncToFs: false })
  return async (name: string, sql: string, params: string[]): Promise<(string | null)[][]> => {
    if (!prepared.has(name)) {
      await call([serialize.parse({ name, text: sql, types: [] }), serialize.sync()])
      prepared.add(name)
    }
    const { messages } = await call([
      serialize.bind({ statement: name, values: params }),
      serialize.execute({}),
      serialize.sync(),
    ])
    return messages.flatMap((m) =>
      m.name === 'dataRow' ? [(m as unknown as { fields: (string | null)[] }).fields] : [],
    )
  }
}

/** Text values as a PostgreSQL array's text form, each quoted (a bound parameter's text, not SQL). */
export const arrayText = (values: readonly string[]) =>
  `{${values.map((v) => `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`
