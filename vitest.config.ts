import { availableParallelism } from 'node:os'
import react from '@vitejs/plugin-react'
import { BaseSequencer, type TestSpecification } from 'vitest/node'
import { defineConfig } from 'vitest/config'

/**
 * Four projects, run side by side on every core:
 * - `unit`: pure code on Node (domain, bridge, fixtures, tooling).
 * - `server`: the API on PGlite. One seeded snapshot per run (server/testing/global-setup.ts), one database per
 *   worker, reset between tests. Module isolation is off so a worker keeps its database across files: no
 *   server test mocks modules or patches globals (scripts/test-isolation.test.ts keeps it so).
 * - `postgres`: the suites where PostgreSQL can behave differently from PGlite (concurrency: row locks and their
 *   order, SKIP LOCKED, raced idempotency keys, a pool of connections), again on a real PostgreSQL server:
 *   CASH_TEST_DATABASE_URL, else the machine's own on 127.0.0.1:5432. It fails loudly when there is none;
 *   `npm test` starts a throwaway cluster instead (scripts/ensure-postgres.sh). CASH_PG_ALL=1 runs every
 *   server suite there.
 * - `dom`: page code in jsdom, also without isolation (one jsdom per worker); page tests put back what they stub.
 * Timeouts are set for a machine three times slower than a quiet one: a test fails on a hang, not on load.
 */
const POSTGRES_URL = process.env.CASH_TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'
/**
 * Suites that only mean something on PostgreSQL (real deadlocks, a pool's connections, roles): never in the PGlite
 * `server` project.
 */
const POSTGRES_ONLY = [
  'server/http/database-deadlock.test.ts',
  'server/db/postgres-pool.test.ts',
  'server/db/application-role.test.ts',
  'server/seed-race.test.ts',
  'server/ops/backup-restore.test.ts',
  'server/cluster.test.ts',
  'server/security/pg-dump-pii.test.ts',
  'server/money-in/chain-confirmation-race.test.ts',
  'server/money-in/chain-detection-race.test.ts',
  'server/money-out/freeze-race.test.ts',
  'server/accounts/time-zone-race.test.ts',
  'server/membership/claim-race.test.ts',
  'server/admin/hold-release-race.test.ts',
  'server/membership/referral-payout-race.test.ts',
  'server/jobs/recurring-jobs-race.test.ts',
]
const POSTGRES_SUITES = process.env.CASH_PG_ALL
  ? ['server/**/*.test.ts']
  : [
      'server/ledger/**/*.test.ts',
      'server/cards/authorization.test.ts',
      // Guesses sent at once are counted before they are checked: on a pool they really run at once.
      'server/auth/auth.test.ts',
      'server/auth/sessions.test.ts',
      'server/cards/network-timeout.test.ts',
      'server/cards/authorization-batch.test.ts',
      'server/money-out/withdrawals.test.ts',
      'server/money-out/pix-send.test.ts',
      'server/money-out/money-out-races.test.ts',
      'server/money-in/money-in-races.test.ts',
      'server/http/database-refusal.test.ts',
      'server/alerts/alerts.test.ts',
      'server/borrow/borrow.test.ts',
      'server/grow/grow.test.ts',
      'server/accounts/limits.test.ts',
      'server/history/history.test.ts',
      'server/history/history-paging.test.ts',
      'server/admin/audit.test.ts',
      'server/admin/refunds-service.test.ts',
      'server/jobs/recurring-jobs.test.ts',
    ]
// PASSWORD_COST=test: scrypt at N=1024 for every hash the suites make and seed (server/auth/password.ts), the
// global setup's seeded snapshot included (it runs in this process, so the variable is set here too).
process.env.PASSWORD_COST ??= 'test'
const env = { TZ: 'UTC', PASSWORD_COST: process.env.PASSWORD_COST }
const timeouts = { testTimeout: 60_000, hookTimeout: 120_000 }

/**
 * The order files are handed to the workers. A worker without module isolation is kept for the next file only
 * when that file is of the same project, so files go project by project (postgres, server, unit, dom), each
 * project's longest known files first: the load test with its killed servers, the folder-lock test with its
 * refused, killed and racing servers, the route-table walks (every route ×
 * every role, and fuzzing), the page build of the size budget.
 */
const PROJECT_ORDER = ['postgres', 'server', 'unit', 'dom']
const LONGEST = [
  'server/resilience.test.ts',
  'server/cluster.test.ts',
  'server/db/folder-lock-servers.test.ts',
  'server/http/authorization-matrix.test.ts',
  'server/http/fuzz.test.ts',
  'scripts/bundle-size.test.ts',
]
class ProjectByProject extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files)
    const rank = (f: TestSpecification) => {
      const long = LONGEST.findIndex((path) => f.moduleId.endsWith(path))
      return PROJECT_ORDER.indexOf(f.project.name) * 100 + (long === -1 ? 50 : long)
    }
    return sorted.sort((a, b) => rank(a) - rank(b))
  }
}

export default defineConfig({
  test: {
    // Every core (Vitest's default leaves one idle, which on the 2-core machines halves the run).
    maxWorkers: Number(process.env.CASH_TEST_WORKERS) || Math.max(2, availableParallelism()),
    sequence: { sequencer: ProjectByProject },
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['domain/**/*.test.ts', 'bridge/**/*.test.ts', 'fixtures/**/*.test.ts', 'scripts/**/*.test.ts'],
          isolate: false,
          env,
          ...timeouts,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          // The kill-and-restart load test runs its own servers and databases (PGlite and PostgreSQL).
          exclude: ['server/resilience.test.ts', ...POSTGRES_ONLY],
          globalSetup: ['server/testing/global-setup.ts'],
          setupFiles: ['server/testing/setup.ts'],
          isolate: false,
          env,
          ...timeouts,
        },
      },
      {
        test: {
          name: 'postgres',
          environment: 'node',
          include: [...POSTGRES_SUITES, ...POSTGRES_ONLY, 'server/resilience.test.ts'],
          globalSetup: ['server/testing/global-setup.ts'],
          setupFiles: ['server/testing/setup.ts'],
          isolate: false,
          env: { ...env, CASH_TEST_DATABASE_URL: POSTGRES_URL },
          ...timeouts,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'dom',
          environment: 'jsdom',
          setupFiles: ['embeds/test-setup.ts'],
          isolate: false,
          include: ['embeds/**/*.test.{ts,tsx}', 'host/**/*.test.{ts,tsx}'],
          env,
          testTimeout: 60_000,
        },
      },
    ],
  },
})
