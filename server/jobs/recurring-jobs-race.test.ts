import { sql } from 'kysely'
import { expect, it } from 'vitest'
import { scheduleRecurringJobs } from '../borrow/interest-service'
import { scheduleMembershipJobs } from '../membership/membership-service'
import { createTestApp } from '../testing/test-app'
import { someoneWaitsOnALock } from '../testing/test-database'

/**
 * Servers starting together on one PostgreSQL each make sure the recurring jobs have a pending run (PostgreSQL only:
 * on PGlite one transaction runs at a time). Each read that none was pending before either wrote one, so the daily
 * job existed twice, and each copy scheduled its own next run, for ever. A transaction holding the jobs table in
 * SHARE mode lets both read but neither write: the first scheduler reaches its insert and waits, the second starts
 * and waits too (at its own insert, or for the first); then the table is let go.
 */
const RECURRING = ['interest.accrue', 'positions.check', 'membership.daily']

it('two servers starting at once schedule one pending run of each recurring job', async () => {
  const t = await createTestApp()
  expect(t.deps.db.driver).toBe('postgres')
  const db = t.deps.db.kysely
  await db.deleteFrom('jobs').where('kind', 'in', RECURRING).execute()
  const start = async () => {
    await scheduleRecurringJobs(t.deps, 60)
    await scheduleMembershipJobs(t.deps)
  }

  let first!: Promise<void>
  let second!: Promise<void>
  await db.transaction().execute(async (tx) => {
    await sql`LOCK TABLE jobs IN SHARE MODE`.execute(tx)
    first = start()
    await someoneWaitsOnALock(db, first)
    second = start()
    await someoneWaitsOnALock(db, second, 2)
  })
  await Promise.all([first, second])
  const pending = await db
    .selectFrom('jobs')
    .select(['kind', 'payload', 'run_at'])
    .where('kind', 'in', RECURRING)
    .where('status', '=', 'pending')
    .orderBy('kind')
    .execute()
  expect(pending).toEqual([
    { kind: 'interest.accrue', payload: { day: '2026-11-21' }, run_at: new Date('2026-11-22T00:00:00Z') },
    { kind: 'membership.daily', payload: { day: '2026-11-21' }, run_at: new Date('2026-11-22T00:00:00Z') },
    { kind: 'positions.check', payload: {}, run_at: new Date('2026-11-21T12:01:00Z') },
  ])
})
