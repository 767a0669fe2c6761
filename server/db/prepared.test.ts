import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { arrayText, preparedStatements } from './prepared'

const pg = new PGlite()
beforeAll(() => pg.waitReady)
afterAll(() => pg.close())
const run = preparedStatements(pg)
const preparedCount = async () =>
  Number((await pg.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_prepared_statements')).rows[0]!.n)

it('prepares a statement once by name and runs it with text parameters, rows as text', async () => {
  const sql = 'SELECT $1::int + 1 AS next, $2::text[] AS words'
  const odd = ['plain', 'a "quote"', 'back\\slash', "it's", 'ç 😀', '']
  expect(await run('next_and_words', sql, ['41', arrayText(odd)])).toEqual([['42', expect.any(String)]])
  const [[, words]] = (await run('next_and_words', sql, ['1', arrayText(odd)])) as [[string, string]]
  // The array came back whole: each element as sent, quotes and backslashes included.
  expect((await pg.query<{ w: string[] }>('SELECT $1::text[] AS w', [words])).rows[0]!.w).toEqual(odd)
  expect(await preparedCount()).toBe(1)
})

it('throws what the database refused, with its SQLSTATE, and runs the statement again afterwards', async () => {
  const sql = 'SELECT $1::int * 2 AS twice'
  await expect(run('twice', sql, ['two'])).rejects.toMatchObject({ code: '22P02' })
  expect(await run('twice', sql, ['2'])).toEqual([['4']])
  // A statement that could not be prepared is prepared again the next time it is asked for.
  await expect(run('broken', 'SELEC 1', [])).rejects.toMatchObject({ code: '42601' })
  await expect(run('broken', 'SELEC 1', [])).rejects.toMatchObject({ code: '42601' })
})
