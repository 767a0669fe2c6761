import { describe, expect, it } from 'vitest'
import { ACCOUNT_IDS } from '../../fixtures/personas'
import { createTestApp } from '../testing/test-app'
import { refusalForDatabaseError } from './database-refusal'

/**
 * A real deadlock, read from the driver. PostgreSQL only (PGlite runs one transaction at a time, so nothing
 * can deadlock there): this file is in the `postgres` Vitest project alone (vitest.config.ts).
 */
describe('a deadlock between two requests', () => {
  it(
    'reads a real deadlock from the driver (PostgreSQL: ' + 'two transactions lock two accounts in opposite order)',
    async () => {
      const t = await createTestApp()
      expect(t.deps.db.driver, 'this suite runs on PostgreSQL only').toBe('postgres')
      const db = t.deps.db.kysely
      const lock = (tx: typeof db, id: string) =>
        tx.selectFrom('accounts').select('id').where('id', '=', id).forNoKeyUpdate().execute()
      let firstHeld!: () => void
      let secondHeld!: () => void
      const bothHeld = Promise.all([
        new Promise<void>((r) => (firstHeld = r)),
        new Promise<void>((r) => (secondHeld = r)),
      ])
      const outcomes = await Promise.allSettled([
        db.transaction().execute(async (tx) => {
          await lock(tx, ACCOUNT_IDS.personal)
          firstHeld()
          await bothHeld
          await lock(tx, ACCOUNT_IDS.acme)
        }),
        db.transaction().execute(async (tx) => {
          await lock(tx, ACCOUNT_IDS.acme)
          secondHeld()
          await bothHeld
          await lock(tx, ACCOUNT_IDS.personal)
        }),
      ])
      const failed = outcomes.filter((o) => o.status === 'rejected')
      expect(failed).toHaveLength(1)
      expect(refusalForDatabaseError(failed[0]!.reason)).toMatchObject({
        code: 'conflict',
        status: 409,
        details: { retryable: true },
      })
    },
  )
})
