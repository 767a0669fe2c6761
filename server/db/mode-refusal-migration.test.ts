import type { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorMessageSchema } from '../../domain/error-message'
import { errorText } from '../../domain/error-words'
import { migrationFiles } from './migrate'
import { newPglite } from './fresh-cluster'

/**
 * Migration 0046 reads the English a refused mode switch stored before its reason was data. Each sentence the
 * server wrote is read by the migration's own function, and the message it gives words as the sentence said.
 */
let db: PGlite
beforeAll(async () => {
  db = await newPglite()
  const { sql } = migrationFiles().find((m) => m.version === '0046_mode_refusal_reasons')!
  await db.exec(sql.slice(0, sql.indexOf('ALTER TABLE')))
})
afterAll(() => db.close())

const read = async (sentence: string) =>
  ErrorMessageSchema.parse(
    (await db.query<{ m: unknown }>('SELECT mode_refusal_from_text($1) AS m', [sentence])).rows[0]!.m,
  )

describe('mode refusals read from the sentences written before', () => {
  it('reads a debt with borrowed card purchases still holding, their amount in base units', async () => {
    const stored =
      'Repay what you borrowed before switching back to Direct Pay. Card purchases made in Borrow mode (25.5 USD) ' +
      'must settle first.'
    const m = await read(stored)
    expect(m).toEqual({ key: 'debt_and_borrow_holds', holds: '25500000' })
    expect(errorText(m, 'en-US')).toBe(
      'Repay what you borrowed before switching back to Direct Pay. Card purchases made in Borrow mode ($25.50) ' +
        'must settle first.',
    )
    expect(errorText(m, 'pt-BR')).toContain('(US$\u00a025,50)')
  })

  it('reads a code’s own message as its code, and keeps anything else as a note', async () => {
    expect(await read('Repay what you borrowed before switching back to Direct Pay.')).toEqual({
      key: 'mode_debt_outstanding',
    })
    expect(await read('Something else.')).toEqual({ key: 'note', text: 'Something else.' })
  })
})
