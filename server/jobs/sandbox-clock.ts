import { sql } from 'kysely'
import type { SandboxClockResult } from '../../domain/api/sandbox-clock.schema'
import type { Db } from '../db/connect'

/**
 * The clock of a test server (CASH_ENV=test): the real one plus an offset the sandbox moves forward, so a
 * test makes a security delay, a provider's review or a settlement pass at once instead of sleeping through
 * it. Time never goes back: what was stamped stays in the past.
 */
export type SandboxClock = {
  now(): Date
  /** Moves the clock forward, then runs every job that is due by the new time; answers when none is left. */
  advance(seconds: number): Promise<SandboxClockResult>
}

/** How long `advance` waits for a due job the background loop has claimed but not finished. */
const SETTLE_MS = 10_000

/**
 * Wraps `deps.now` with a movable offset. `runDueJobs` runs the jobs due at `deps.now()` and answers how many
 * ran; jobs may schedule more jobs (a webhook that leads to a mail), so it runs until a pass finds none.
 */
export function createSandboxClock(base: () => Date, runDueJobs: () => Promise<number>, db: Db): SandboxClock {
  let offsetMs = 0
  const now = () => new Date(base().getTime() + offsetMs)
  return {
    now,
    async advance(seconds) {
      offsetMs += seconds * 1000
      const ranJobs = await settleDueJobs(runDueJobs, db, now)
      return { now: now().toISOString(), offsetSeconds: Math.round(offsetMs / 1000), ranJobs }
    },
  }
}

/**
 * Runs every job due at `now()` until a pass finds none (jobs may schedule more jobs: a webhook that leads to a
 * mail), waiting for due jobs the background loop claimed; answers how many this call ran.
 */
export async function settleDueJobs(runDueJobs: () => Promise<number>, db: Db, now: () => Date): Promise<number> {
  let ranJobs = 0
  const deadline = Date.now() + SETTLE_MS
  for (;;) {
    const ran = await runDueJobs()
    ranJobs += ran
    if (ran > 0) continue
    // The background loop may hold a due job it claimed (FOR UPDATE SKIP LOCKED): wait for it to finish.
    const due = await sql<{
      n: string
    }>`SELECT count(*)::text AS n FROM jobs WHERE status = 'pending' AND run_at <= ${now()}`.execute(db.kysely)
    if (Number(due.rows[0]!.n) === 0 || Date.now() > deadline) break
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  return ranJobs
}
