import { sql } from 'kysely'
import { migrationFiles } from '../db/migrate'
import type { Deps } from '../http/route-table'
import { metricsOf } from '../monitoring/metrics'

/** How long the database may take to answer `select 1` before the server counts as not ready. */
const DATABASE_WAIT_MS = 2000
/** The job loop passes every 200 ms; one that has not finished a pass in this long is stuck or stopped. */
const JOB_PASS_WITHIN_MS = 30_000

/** `ok`, `off` (jobs run elsewhere: JOBS=off), or what is wrong. */
export type CheckResult = string

/**
 * Whether this server can do its work: the database answers within 2 s, every migration this code knows is
 * applied (a server started on an older schema must not take traffic), and, when it runs jobs, its job loop
 * finished a pass within the last 30 s (before its first, counted from the server's start, as its metric is).
 */
export async function readiness(
  deps: Deps,
  startedAt = metricsOf(deps).startedAt,
): Promise<{ database: CheckResult; migrations: CheckResult; jobs: CheckResult }> {
  let database: CheckResult = 'ok'
  let migrations: CheckResult = 'ok'
  try {
    const applied = await withinMs(
      DATABASE_WAIT_MS,
      sql<{ version: string }>`SELECT version FROM schema_migrations`.execute(deps.db.kysely),
    )
    const have = new Set(applied.rows.map((row) => row.version))
    knownMigrations ??= migrationFiles().map((m) => m.version)
    const missing = knownMigrations.filter((version) => !have.has(version))
    if (missing.length) migrations = `not applied: ${missing.join(', ')}`
  } catch (error) {
    database = `unreachable: ${error instanceof Error ? error.message : String(error)}`
    migrations = 'unknown'
  }
  let jobs: CheckResult = 'off'
  if (deps.config.JOBS === 'on') {
    const last = metricsOf(deps).lastJobPass() ?? startedAt
    const age = Date.now() - last
    jobs = age <= JOB_PASS_WITHIN_MS ? 'ok' : `no pass of due jobs for ${Math.round(age / 1000)} s`
  }
  return { database, migrations, jobs }
}

/** The migrations this code was built with, read once. */
let knownMigrations: string[] | undefined

function withinMs<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)),
  )
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}
