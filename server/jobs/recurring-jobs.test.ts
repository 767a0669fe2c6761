import { sql } from 'kysely'
import { beforeEach, expect, it } from 'vitest'
import { scheduleRecurringJobs } from '../borrow/interest-service'
import { migrationFiles } from '../db/migrate'
import { scheduleMembershipJobs } from '../membership/membership-service'
import { createTestApp, type TestApp } from '../testing/test-app'
import { jobHandlers } from '../job-handlers'
import { enqueue, runDueJobs } from './job-queue'

/**
 * A recurring job (interest, positions check, membership day) has at most one pending run, whoever schedules it
 * (server/jobs/job-queue.ts, scheduleRecurring; two servers starting at once: recurring-jobs-race.test.ts).
 */
const RECURRING = ['interest.accrue', 'positions.check', 'membership.daily']
let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
  await t.deps.db.kysely.deleteFrom('jobs').where('kind', 'in', RECURRING).execute()
})

const pending = () =>
  t.deps.db.kysely
    .selectFrom('jobs')
    .select(['kind', 'payload', 'run_at'])
    .where('kind', 'in', RECURRING)
    .where('status', '=', 'pending')
    .orderBy('kind')
    .orderBy('run_at')
    .execute()
/** Two pending runs of each recurring kind, as two servers starting together left them before. */
const twice = async () => {
  for (let copy = 0; copy < 2; copy += 1) {
    const at = new Date(`2026-11-22T00:00:0${copy}Z`)
    await enqueue(t.deps.db.kysely, t.deps, { kind: 'interest.accrue', payload: { day: '2026-11-21' }, runAt: at })
    await enqueue(t.deps.db.kysely, t.deps, { kind: 'membership.daily', payload: { day: '2026-11-21' }, runAt: at })
    await enqueue(t.deps.db.kysely, t.deps, { kind: 'positions.check', payload: {}, runAt: at })
  }
}

it('two pending runs of a recurring job left from before run once more and schedule one next run', async () => {
  await twice()
  t.setNow(new Date('2026-11-22T00:00:05Z'))
  await t.runJobs()
  expect(await pending()).toEqual([
    { kind: 'interest.accrue', payload: { day: '2026-11-22' }, run_at: new Date('2026-11-23T00:00:00Z') },
    { kind: 'membership.daily', payload: { day: '2026-11-22' }, run_at: new Date('2026-11-23T00:00:00Z') },
    { kind: 'positions.check', payload: {}, run_at: new Date('2026-11-22T00:01:05Z') },
  ])
  // The second interest run of the day charged nothing more: one accrual for the borrower, the day's.
  expect(await t.deps.db.kysely.selectFrom('interest_accruals').select('day').execute()).toEqual([
    { day: '2026-11-21' },
  ])
})

it('a server starting schedules nothing more while a run is pending, claimed or not', async () => {
  await scheduleRecurringJobs(t.deps, 60)
  await scheduleMembershipJobs(t.deps)
  const scheduled = await pending()
  expect(scheduled.map((j) => j.kind)).toEqual(RECURRING.toSorted())
  // A run under way (claimed, still pending) schedules its own next: a server starting meanwhile leaves it.
  await t.deps.db.kysely
    .updateTable('jobs')
    .set({ locked_until: new Date('2026-11-21T12:05:00Z') })
    .where('kind', 'in', RECURRING)
    .execute()
  await scheduleRecurringJobs(t.deps, 60)
  await scheduleMembershipJobs(t.deps)
  expect(await pending()).toEqual(scheduled)
})

it('a one-off positions check (a price change’s) waiting leaves the recurring check scheduled', async () => {
  await enqueue(t.deps.db.kysely, t.deps, { kind: 'positions.check', payload: { once: true }, runAt: t.deps.now() })
  await scheduleRecurringJobs(t.deps, 60)
  expect((await pending()).filter((j) => j.kind === 'positions.check')).toEqual([
    { kind: 'positions.check', payload: { once: true }, run_at: new Date('2026-11-21T12:00:00Z') },
    { kind: 'positions.check', payload: {}, run_at: new Date('2026-11-21T12:01:00Z') },
  ])
})

it('migration 0065 gives up the second pending run of each recurring job, keeping the earliest', async () => {
  await twice()
  await enqueue(t.deps.db.kysely, t.deps, { kind: 'positions.check', payload: { once: true }, runAt: t.deps.now() })
  const { sql: body } = migrationFiles().find((m) => m.version === '0065_one_pending_run_per_recurring_job')!
  await sql.raw(body).execute(t.deps.db.kysely)
  expect(await pending()).toEqual([
    { kind: 'interest.accrue', payload: { day: '2026-11-21' }, run_at: new Date('2026-11-22T00:00:00Z') },
    { kind: 'membership.daily', payload: { day: '2026-11-21' }, run_at: new Date('2026-11-22T00:00:00Z') },
    { kind: 'positions.check', payload: { once: true }, run_at: new Date('2026-11-21T12:00:00Z') },
    { kind: 'positions.check', payload: {}, run_at: new Date('2026-11-22T00:00:00Z') },
  ])
  const givenUp = await t.deps.db.kysely
    .selectFrom('jobs')
    .select(['kind', 'run_at', 'last_error'])
    .where('status', '=', 'failed')
    .orderBy('kind')
    .execute()
  expect(givenUp.map((j) => [j.kind, j.run_at])).toEqual(
    RECURRING.toSorted().map((kind) => [kind, new Date('2026-11-22T00:00:01Z')]),
  )
  expect(givenUp[0]!.last_error).toContain('migration 0065')
})

it('a run that gets its turn after its claim ran out still schedules the next run', async () => {
  await scheduleRecurringJobs(t.deps, 60)
  // A pass claims the check due at 12:01 for a minute (JOB_LOCK_SECONDS); the jobs ahead of it take longer.
  t.setNow(new Date('2026-11-21T12:02:30Z'))
  await runDueJobs(t.deps, jobHandlers(t.deps, t.app), new Date('2026-11-21T12:01:00Z'))
  expect((await pending()).filter((j) => j.kind === 'positions.check')).toEqual([
    { kind: 'positions.check', payload: {}, run_at: new Date('2026-11-21T12:03:30Z') },
  ])
})
