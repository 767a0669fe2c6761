import { randomUUID } from 'node:crypto'
import type { Hono } from 'hono'
import pg from 'pg'
import { createPriceBook } from '../borrow/price-book'
import { DEMO_PASSWORD, persona, type PersonaKey } from '../../fixtures/personas'
import { createApp } from '../app'
import { loadConfig, type Config } from '../config'
import { connectPglite, connectPostgres, type Db } from '../db/connect'
import { migrate } from '../db/migrate'
import type { AnyRoute, Deps } from '../http/route-table'
import { createLogger } from '../log'
import { seedPersonas } from '../seed'
import { runDueJobs } from '../jobs/job-queue'

/**
 * One database per test worker: in-memory PGlite by default, or a per-worker database on the PostgreSQL
 * server named by CASH_TEST_DATABASE_URL (the same suite runs on both). Reset between tests.
 */
let shared: Promise<Db> | undefined

async function workerDatabase(): Promise<Db> {
  const url = process.env.CASH_TEST_DATABASE_URL
  if (!url) return connectPglite(':memory:')
  const name = `cash_test_${process.pid}_${process.env.VITEST_POOL_ID ?? '0'}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const target = new URL(url)
  target.pathname = `/${name}`
  return connectPostgres(target.toString(), 25)
}

export function testDb(): Promise<Db> {
  shared ??= workerDatabase().then(async (db) => {
    await migrate(db)
    return db
  })
  return shared
}

const TABLES = ['feature_flag_overrides', 'feature_flags', 'manual_refunds', 'vault_snapshots', 'vault_apy_changes', 'feedback', 'admin_audit_log', 'vault_withdrawals', 'vault_positions', 'conversion_quotes', 'referral_accruals', 'referral_payouts', 'referrals', 'referral_links', 'summer_mint_badges', 'membership_reward_claims', 'membership_requalifications', 'membership_tier_changes', 'membership_points', 'cashback_lines', 'campaign_opt_ins', 'cashback_campaigns', 'cashback_rules', 'identity_documents', 'identity_applications', 'linked_wallets', 'siwe_nonces', 'vault_email_codes', 'invitations', 'waitlist', 'recoveries', 'recovery_signers', 'safes', 'card_authorization_increments', 'notifications', 'alert_checks', 'alert_settings', 'mail_outbox', 'asset_prices', 'liquidations', 'interest_accruals', 'account_mode_changes', 'account_limit_changes', 'failed_recons', 'card_authorizations', 'cards', 'plaid_link_sessions', 'bank_sends', 'bank_recipients', 'withdrawals', 'pix_payments', 'jobs', 'provider_events', 'chain_deposits', 'bridge_transfers', 'pix_charges', 'bank_transfers_in', 'virtual_bank_accounts', 'error_inbox', 'idempotency_keys', 'holds', 'entries', 'journals', 'ledger_accounts', 'rate_limits', 'sign_in_failures', 'sessions', 'account_members', 'accounts', 'users']

export type TestApp = {
  app: Hono
  /** Runs the jobs due at the test clock's now (webhook deliveries, expiries). */
  runJobs(): Promise<number>
  routes: AnyRoute[]
  deps: Deps
  logs: string[]
  /** Moves the test clock. */
  setNow(date: Date): void
}

/** A fresh app on the worker's database, emptied and seeded with the demo personas. */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const db = await testDb()
  await db.execScript(`TRUNCATE ${TABLES.join(', ')} RESTART IDENTITY CASCADE`)
  let now = new Date('2026-11-21T12:00:00Z')
  const logs: string[] = []
  const config = { ...loadConfig({ CASH_ENV: 'test', DATA_DIR: ':memory:', LOG_LEVEL: 'info' }), ...overrides }
  const priceBook = createPriceBook()
  const deps: Deps = {
    db,
    config,
    log: createLogger(config.LOG_LEVEL, (line) => logs.push(line)),
    now: () => now,
    newId: randomUUID,
    prices: () => priceBook.current(),
    priceBook,
  }
  await seedPersonas(deps)
  const { app, routes, jobs } = createApp(deps)
  return { app, routes, deps, logs, setNow: (d) => (now = d), runJobs: () => runDueJobs(deps, jobs) }
}

export type Caller = {
  /** Calls the API path below /app/cash/api/v1 with the caller's credentials. */
  request(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>
  json<T = any>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: T }>
}

/** An anonymous caller. */
export function anonymous(app: Hono): Caller {
  return caller(app, {})
}

function caller(app: Hono, auth: Record<string, string>): Caller {
  const request = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    app.request(`/app/cash/api/v1${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...auth, ...headers },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    })
  return {
    request,
    json: async (method, path, body, headers) => {
      const res = await request(method, path, body, headers)
      return { status: res.status, body: await res.json() }
    },
  }
}

/** Signs a persona in as a web client (cookie + CSRF) or a native one (bearer). */
export async function signIn(app: Hono, key: PersonaKey, client: 'web' | 'native' = 'native'): Promise<Caller & { userId: string }> {
  const p = persona(key)
  const res = await app.request('/app/cash/api/v1/auth/sign-in', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: p.email, password: DEMO_PASSWORD, client }),
  })
  if (res.status !== 200) throw new Error(`sign-in of ${key} failed: ${res.status} ${await res.text()}`)
  const body = (await res.json()) as { token?: string; csrfToken?: string }
  if (client === 'native') return { ...caller(app, { authorization: `Bearer ${body.token}` }), userId: p.id }
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!
  return { ...caller(app, { cookie, 'x-csrf-token': body.csrfToken! }), userId: p.id }
}
