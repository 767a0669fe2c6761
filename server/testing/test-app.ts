import type { Hono } from 'hono'
import { inject } from 'vitest'
import { DEMO_PASSWORD, persona, type PersonaKey } from '../../fixtures/personas'
import { signHostChallenge } from '../../domain/host-confirmation'
import { createApp } from '../app'
import type { Config } from '../config'
import type { Db } from '../db/connect'
import type { AnyRoute, Deps } from '../http/route-table'
import { runDueJobs } from '../jobs/job-queue'
import { openPgliteSnapshot, openPostgresSnapshot, resetDatabase, testDeps, TEST_CLOCK } from './test-database'

/**
 * One database per test worker, opened from the run's seeded snapshot (test-database.ts): in-memory PGlite,
 * or a database of its own on the PostgreSQL server when the project names CASH_TEST_DATABASE_URL. Module
 * isolation is off for the server tests (vitest.config.ts), so one database serves every file of a worker.
 */
const databases = new Map<string, Promise<Db>>()

export function testDb(): Promise<Db> {
  const info = inject('cashSnapshot')
  if (!info)
    throw new Error(
      'no test database snapshot: run the server tests through vitest.config.ts (its global setup builds it)',
    )
  const key = JSON.stringify(info)
  let db = databases.get(key)
  if (!db) {
    db =
      'pgliteFile' in info
        ? openPgliteSnapshot(info.pgliteFile)
        : openPostgresSnapshot(info, process.env.VITEST_POOL_ID ?? '0')
    databases.set(key, db)
  }
  return db
}

export type TestApp = {
  app: Hono
  /** Runs the jobs due at the test clock's now (webhook deliveries, expiries). */
  runJobs(): Promise<number>
  routes: AnyRoute[]
  deps: Deps
  logs: string[]
  /** Moves the test clock. */
  setNow(date: Date): void
  /** Moves the real-time clock sessions keep (deps.wallClock), which the test clock leaves alone. */
  setWallClock(date: Date): void
}

/** A fresh app on the worker's database, put back to the seeded demo personas. */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const db = await testDb()
  await resetDatabase(db)
  const clock = { now: TEST_CLOCK }
  const logs: string[] = []
  const deps = testDeps(db, overrides, logs, clock)
  // Sessions' real time stands still in a test until it moves it: moving the test clock never signs anyone out.
  const wall = { now: TEST_CLOCK }
  deps.wallClock = () => wall.now
  const { app, routes, jobs } = createApp(deps)
  return {
    app,
    routes,
    deps,
    logs,
    setNow: (d) => (clock.now = d),
    setWallClock: (d) => (wall.now = d),
    runJobs: () => runDueJobs(deps, jobs),
  }
}

export type Caller = {
  /** Calls the API path below /app/cash/api/v1 with the caller's credentials. */
  request(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>
  // The body as the test reads it; the tests assert its shape.
  // biome-ignore lint/suspicious/noExplicitAny: see above
  json<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: T }>
  /** The credentials it sends (a cookie and CSRF token, or a bearer token): for requests outside the API. */
  headers: Record<string, string>
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
    headers: auth,
    json: async (method, path, body, headers) => {
      const res = await request(method, path, body, headers)
      return { status: res.status, body: await res.json() }
    },
  }
}

export type HostConfirmation = { method: 'host'; challengeId: string; signature: string }
export type SignedIn = Caller & {
  userId: string
  /** A native session's secret for answering confirmation challenges (undefined on the web). */
  confirmSecret?: string
  /** What the app sends after its biometric check: a fresh challenge of this session, answered (issue 19). */
  hostConfirmation(): Promise<HostConfirmation>
}

/** Signs a persona in as a web client (cookie + CSRF) or a native one (bearer). */
export async function signIn(app: Hono, key: PersonaKey, client: 'web' | 'native' = 'native'): Promise<SignedIn> {
  const p = persona(key)
  const res = await app.request('/app/cash/api/v1/auth/sign-in', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: p.email, password: DEMO_PASSWORD, client }),
  })
  if (res.status !== 200) throw new Error(`sign-in of ${key} failed: ${res.status} ${await res.text()}`)
  const body = (await res.json()) as { token?: string; csrfToken?: string; confirmSecret?: string }
  const signedIn = (who: Caller): SignedIn => ({
    ...who,
    userId: p.id,
    confirmSecret: body.confirmSecret,
    hostConfirmation: async () => {
      const asked = await who.json('POST', '/auth/confirmations/challenge')
      if (asked.status !== 201 || !body.confirmSecret)
        throw new Error(
          `no confirmation challenge for ${key} (${client}): ${asked.status} ${JSON.stringify(asked.body)}`,
        )
      return {
        method: 'host',
        challengeId: asked.body.challengeId,
        signature: await signHostChallenge(body.confirmSecret, asked.body.challenge),
      }
    },
  })
  if (client === 'native') return signedIn(caller(app, { authorization: `Bearer ${body.token}` }))
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!
  return signedIn(caller(app, { cookie, 'x-csrf-token': body.csrfToken! }))
}
