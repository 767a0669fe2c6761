import { sql } from 'kysely'
import { expect, it } from 'vitest'
import { testDb } from '../testing/test-app'
import { connectPglite } from './connect'

/** Settings the money engine's speed rests on (docs/architecture-notes.md, "Cards and the authorization engine"). */

it(
  'PGlite starts new WAL segments without writing 16 ' + 'MB of zeros on the one thread that answers requests',
  async () => {
    const db = await connectPglite(':memory:')
    try {
      expect((await sql<{ wal_init_zero: string }>`SHOW wal_init_zero`.execute(db.kysely)).rows[0]!.wal_init_zero).toBe(
        'off',
      )
    } finally {
      await db.close()
    }
  },
)

it(
  'the card batch functions keep their prepared plans ' + '(replanning the read at each call cost more than the read)',
  async () => {
    const db = await testDb()
    const { rows } = await sql<{ proname: string; proconfig: string[] | null }>`
    SELECT proname, proconfig FROM pg_proc WHERE proname IN ('read_card_batch', 'write_card_decisions', 'post_journals')
      ORDER BY proname`.execute(db.kysely)
    expect(rows).toEqual([
      { proname: 'post_journals', proconfig: null },
      // `auto` replanned the read at every call (its custom plans, knowing the array sizes, look cheaper).
      { proname: 'read_card_batch', proconfig: ['plan_cache_mode=force_generic_plan'] },
      { proname: 'write_card_decisions', proconfig: null },
    ])
  },
)
