import { sql } from 'kysely'
import { expect, it } from 'vitest'
import { createLogger } from '../log'
import { testDb } from '../testing/test-app'
import { startStatisticsRefresh } from './refresh-statistics'

const analyzedJournals = async (db: Awaited<ReturnType<typeof testDb>>) =>
  Number(
    (
      await sql<{ n: bigint }>`SELECT analyze_count AS n FROM pg_stat_user_tables WHERE relname = 'journals'`.execute(
        db.kysely,
      )
    ).rows[0]?.n ?? 0,
  )

it(
  'analyzes the database when it starts on PGlite, ' + 'which has no autovacuum, and leaves PostgreSQL to its own',
  async () => {
    const db = await testDb()
    const before = await analyzedJournals(db)
    const stop = startStatisticsRefresh(db, createLogger('silent'))
    await stop()
    expect(await analyzedJournals(db)).toBe(db.driver === 'pglite' ? before + 1 : before)
  },
)
