import { sql } from 'kysely'
import type { Deps } from '../http/route-table'
import type { Tx } from '../db/connect'
import { metricsOf } from '../monitoring/metrics'

/**
 * Which job runs (`id`), which attempt this run is, and whether the queue gives up if it fails (a handler may record
 * why it gave up).
 */
export type JobRun = { id: string; attempt: number; last: boolean }
export type JobHandler = (payload: unknown, run: JobRun) => Promise<void>
export type JobHandlers = Record<string, JobHandler>

export const MAX_ATTEMPTS = 6

/**
 * Thrown by a handler whose work can never succeed (a mail server's permanent refusal): the job fails now, not after 6
 * attempts.
 */
export class PermanentJobError extends Error {
  override readonly name = 'PermanentJobError'
}

/** Schedules a job, in the caller's transaction (so it exists only if the work that asked for it commits). */
export async function enqueue(
  db: Tx,
  deps: Pick<Deps, 'newId'>,
  job: { kind: string; payload: unknown; runAt: Date },
): Promise<string> {
  const id = deps.newId()
  await db
    .insertInto('jobs')
    .values({ id, kind: job.kind, payload: JSON.stringify(job.payload), run_at: job.runAt, status: 'pending' })
    .execute()
  return id
}

/**
 * Schedules a run of a recurring job (interest, positions check, membership day: one chain of runs, each run
 * schedules the next) unless one is pending already, so each kind has at most one pending run whoever schedules it:
 * servers at start (`from: 'start'`), or a run its next (`from: 'run'`). Check and insert are one transaction under an
 * advisory lock per kind: two servers starting together both saw none and both inserted, and each copy then scheduled
 * its own next, for ever. At start a claimed run counts (it will schedule its next); a run does not count itself
 * (`self`, its job's id: pending until it ends, and its claim may have run out while it waited in a long pass) nor
 * claimed ones (a copy running beside it), else two copies running at once would each leave it to the other.
 * A one-off run of a recurring kind (payload `once: true`, a price change's positions check) is no run of the chain.
 * Returns the new job's id, or null when one was pending.
 */
export async function scheduleRecurring(
  deps: Pick<Deps, 'db' | 'newId' | 'now'>,
  job: { kind: string; payload: unknown; runAt: Date } & ({ from: 'start' } | { from: 'run'; self?: string }),
): Promise<string | null> {
  return deps.db.kysely.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`cash.recurring_job:${job.kind}`}, 0))`.execute(tx)
    let pending = tx
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', job.kind)
      .where('status', '=', 'pending')
      .where(sql<boolean>`NOT (payload @> '{"once": true}')`)
    if (job.from === 'run') {
      pending = pending.where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', deps.now())]))
      if (job.self !== undefined) pending = pending.where('id', '<>', job.self)
    }
    if (await pending.executeTakeFirst()) return null
    return enqueue(tx, deps, { kind: job.kind, payload: job.payload, runAt: job.runAt })
  })
}

/**
 * Claims due jobs (`FOR UPDATE SKIP LOCKED`: two processes never take the same row), runs them in
 * `run_at` order, and marks each done, or schedules a retry with backoff (2, 4, 8, 16, 32 s), or gives up after
 * 6 attempts or at once on a `PermanentJobError`.
 */
export async function runDueJobs(
  deps: Deps,
  handlers: JobHandlers,
  now: Date = deps.now(),
  limit = 20,
): Promise<number> {
  const db = deps.db.kysely
  const claimed = await sql<{ id: string; kind: string; payload: unknown; attempts: number; run_at: Date }>`
    UPDATE jobs SET locked_until = ${new Date(now.getTime() + deps.config.JOB_LOCK_SECONDS * 1000)},
      attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM jobs
      WHERE status = 'pending' AND run_at <= ${now} AND (locked_until IS NULL OR locked_until <= ${now})
      ORDER BY run_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING id, kind, payload, attempts, run_at`.execute(db)
  const jobs = [...claimed.rows].sort((a, b) => a.run_at.getTime() - b.run_at.getTime())
  for (const job of jobs) {
    try {
      const handler = handlers[job.kind]
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`)
      await handler(job.payload, { id: job.id, attempt: job.attempts, last: job.attempts >= MAX_ATTEMPTS })
      await db.updateTable('jobs').set({ status: 'done', locked_until: null }).where('id', '=', job.id).execute()
      metricsOf(deps).jobRan(job.kind, 'done')
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      const permanent = error instanceof PermanentJobError
      const failed = permanent || job.attempts >= MAX_ATTEMPTS
      deps.log.warn('job failed', {
        jobId: job.id,
        kind: job.kind,
        attempts: job.attempts,
        error: message,
        gaveUp: failed,
        permanent,
      })
      await db
        .updateTable('jobs')
        .set({
          status: failed ? 'failed' : 'pending',
          locked_until: null,
          last_error: message.slice(0, 1000),
          run_at: new Date(now.getTime() + 2 ** job.attempts * 1000),
        })
        .where('id', '=', job.id)
        .execute()
      metricsOf(deps).jobRan(job.kind, failed ? 'failed' : 'retry')
    }
  }
  return jobs.length
}

/** Runs due jobs every `intervalMs` until stopped; one pass at a time. */
export function startJobLoop(deps: Deps, handlers: JobHandlers, intervalMs = 200): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve()
  let stopped = false
  const timer = setInterval(() => {
    running = running
      .then(async () => {
        if (stopped) return
        await runDueJobs(deps, handlers)
        metricsOf(deps).jobPassFinished()
      })
      .catch((error: unknown) => deps.log.error('job loop failed', { error: String(error) }))
  }, intervalMs)
  return async () => {
    stopped = true
    clearInterval(timer)
    await running
  }
}
