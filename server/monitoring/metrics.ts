import { sql } from 'kysely'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import { perServer } from '../db/group-commit'
import type { Deps } from '../http/route-table'

let processRegistry: Registry | undefined
/** Node's own series (memory, event loop lag, GC), once per process: each collector watches the process's GC. */
const processMetrics = () => {
  if (!processRegistry) {
    processRegistry = new Registry()
    collectDefaultMetrics({ register: processRegistry, prefix: 'cash_' })
  }
  return processRegistry
}

/** How old the last ledger check may be before a scrape runs it again (it reads every ledger account). */
const LEDGER_CHECK_EVERY_MS = 5 * 60_000

/**
 * The server's Prometheus series, one registry per server (tests run many in one process). Counters move as
 * things happen; the job queue and the ledger check are read when scraped. Served at `GET /app/cash/metrics`
 * (metrics-route.ts); docs/operations.md lists every series.
 */
export function createMetrics(deps: Deps) {
  const registry = new Registry()
  const requests = new Counter({
    name: 'cash_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  })
  const latency = new Histogram({
    name: 'cash_http_request_duration_seconds',
    help: 'Time to answer a request, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  })
  const decisions = new Counter({
    name: 'cash_card_authorizations_total',
    help: 'Card authorization decisions answered to the network, by result and decline reason',
    labelNames: ['result', 'reason'] as const,
    registers: [registry],
  })
  const cardBatches = new Counter({
    name: 'cash_card_batches_total',
    help:
      'Card decision batches committed, by what they decided on: a read of the database, or what the batches ' +
      'before kept (PGlite, while nothing else used the database)',
    labelNames: ['read'] as const,
    registers: [registry],
  })
  const jobsRun = new Counter({
    name: 'cash_jobs_run_total',
    help: 'Job runs, by kind and outcome (done, retry, failed)',
    labelNames: ['kind', 'outcome'] as const,
    registers: [registry],
  })
  let lastJobPass: number | null = null
  const startedAt = Date.now()
  let ledger: { ok: boolean; problems: number; at: number } | null = null
  /** The ledger's own check, handed in by the composition root (server/app.ts): the platform knows no ledger. */
  let checkLedger: (() => Promise<{ ok: boolean; problems: readonly unknown[] }>) | null = null

  const lag = new Gauge({
    name: 'cash_jobs_lag_seconds',
    help: 'How long the oldest due job has waited past its time',
    registers: [registry],
  })
  new Gauge({
    name: 'cash_jobs_due',
    help: 'Jobs due now and not yet run (pending, run_at passed)',
    registers: [registry],
    async collect() {
      const { rows } = await sql<{
        due: bigint
        oldest: Date | null
      }>`SELECT count(*) AS due, min(run_at) AS oldest FROM jobs WHERE status = 'pending'
          AND run_at <= ${deps.now()}`.execute(deps.db.kysely)
      this.set(Number(rows[0]!.due))
      lag.set(rows[0]!.oldest ? Math.max(0, (deps.now().getTime() - rows[0]!.oldest.getTime()) / 1000) : 0)
    },
  })
  // Only where this process runs jobs; before its first pass, the age counts from the server's start (as
  // readiness does), so a loop that never ran shows as stuck rather than as just run.
  if (deps.config.JOBS === 'on') {
    new Gauge({
      name: 'cash_job_loop_last_pass_age_seconds',
      help: 'Seconds since this process last finished a pass of due jobs (since it started, before the first)',
      registers: [registry],
      collect() {
        this.set((Date.now() - (lastJobPass ?? startedAt)) / 1000)
      },
    })
  }
  // The audit log only grows: scraped from outside the database, a fall in its count of lines (alert:
  // `cash_audit_log_lines < max_over_time(cash_audit_log_lines[30d])`) shows lines were removed, which its hash chain
  // cannot show for the newest ones (docs/operations.md). A count, not the newest line's `seq`: numbers come from a
  // sequence, so lines removed and one written before the next scrape would still raise the newest number.
  new Gauge({
    name: 'cash_audit_log_lines',
    help: 'Lines in the append-only admin audit log; it never falls',
    registers: [registry],
    async collect() {
      const { rows } = await sql<{ n: string }>`SELECT count(*)::text AS n FROM admin_audit_log`.execute(deps.db.kysely)
      this.set(Number(rows[0]!.n))
    },
  })
  const ledgerProblems = new Gauge({
    name: 'cash_ledger_check_problems',
    help: 'Problems the last ledger check found',
    registers: [registry],
  })
  const ledgerAt = new Gauge({
    name: 'cash_ledger_check_timestamp_seconds',
    help: 'When the last ledger check ran (Unix time)',
    registers: [registry],
  })
  new Gauge({
    name: 'cash_ledger_check_ok',
    help:
      'Whether the last ledger check found every journal balanced ' +
      'and every balance equal to its entries (1) or not (0)',
    registers: [registry],
    async collect() {
      if (!checkLedger) return
      if (!ledger || Date.now() - ledger.at > LEDGER_CHECK_EVERY_MS) {
        const result = await checkLedger()
        ledger = { ok: result.ok, problems: result.problems.length, at: Date.now() }
      }
      this.set(ledger.ok ? 1 : 0)
      ledgerProblems.set(ledger.problems)
      ledgerAt.set(ledger.at / 1000)
    },
  })

  return {
    /** Every series in Prometheus text format: this server's and the process's (memory, event loop, GC). */
    async text() {
      const merged = Registry.merge([processMetrics(), registry])
      return { contentType: merged.contentType, body: await merged.metrics() }
    },
    /** One answered request: its route pattern (not the path: ids would make a series each). */
    answered(method: string, route: string, status: number, seconds: number) {
      requests.inc({ method, route, status: String(status) })
      latency.observe({ method, route }, seconds)
    },
    /** One card decision answered to the network (a repeated event is not a decision). */
    decided(result: { approved?: unknown; reason?: unknown } | undefined) {
      if (!result) return
      decisions.inc(
        result.approved === true
          ? { result: 'approved', reason: '' }
          : { result: 'declined', reason: String(result.reason ?? 'unknown') },
      )
    },
    /** One batch of card decisions committed: on a read of the database, or on what the batches before kept. */
    cardBatch(read: 'database' | 'kept') {
      cardBatches.inc({ read })
    },
    /** What the ledger gauges run when scraped (at most every five minutes). */
    watchLedger(check: () => Promise<{ ok: boolean; problems: readonly unknown[] }>) {
      checkLedger = check
    },
    jobRan(kind: string, outcome: 'done' | 'retry' | 'failed') {
      jobsRun.inc({ kind, outcome })
    },
    jobPassFinished() {
      lastJobPass = Date.now()
    },
    /** When this process last finished a pass of due jobs, or null if it has not (JOBS=off, or just started). */
    lastJobPass: () => lastJobPass,
    /** When this server's series began: the job loop's age counts from here before its first pass. */
    startedAt,
  }
}

export type Metrics = ReturnType<typeof createMetrics>
export const metricsOf = perServer(createMetrics)
