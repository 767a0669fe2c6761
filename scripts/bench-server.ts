/**
 * Part 3 of `npm run bench`: the server through its public HTTP surface (routes, through production's HTTP adapter on
 * in-memory requests: scripts/bench-adapter.ts; no network), each figure beside floors measured in the same run on
 * the same database:
 * - floorRoute: GET /health (one `select 1`) through the same HTTP stack at the same concurrency;
 * - floorTransaction*: BEGIN + one INSERT into a scratch table + COMMIT through the same Kysely driver.
 * Authorizations are what the card network sends: signed `authorization.request` events on POST /webhooks/card,
 * each with its own event id and networkId, spread over several cards on as many accounts (BENCH_CARDS).
 * Postings are idempotent sandbox deposits. Every run gets a database of its own, migrated and seeded; the job
 * loop is off (the alert and expiry jobs approvals enqueue stay queued).
 */
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { DEFAULT_PRICES } from '../domain/prices'
import { ACCOUNT_IDS, CARD_IDS, DEMO_PASSWORD, persona, type Persona } from '../fixtures/personas'
import { createApp } from '../server/app'
import { adapterClient, type BenchAnswer, type BenchRequest } from './bench-adapter'
import { createPriceBook } from '../server/prices/price-book'
import { loadConfig } from '../server/config'
import { connect, connectPglite, type Db } from '../server/db/connect'
import { migrate } from '../server/db/migrate'
import type { Deps } from '../server/http/route-table'
import { createLogger } from '../server/log'
import { seedPersonas } from '../server/seed'
import { withAdmin } from '../server/testing/test-database'
import { seedBusyHistory } from '../server/history/seed-busy-history'
import { providerKey, signWebhook } from '../server/webhooks/signature'
import {
  closedLoop,
  openLoop,
  poissonArrivals,
  seededRandom,
  type ClosedLoopResult,
  type OpenLoopResult,
  type Outcome,
} from './bench-loops'

export type BenchDatabase = 'pglite-memory' | 'pglite-disk' | 'postgres'
export type Floor = ClosedLoopResult & { database: BenchDatabase }
export type Figure = ClosedLoopResult & { database: BenchDatabase; route: string }
/** `warmUp`: the same traffic just before, on the same fresh server, measured apart (null when turned off). */
export type OpenFigure = OpenLoopResult & {
  database: BenchDatabase
  route: string
  warmUp: { seconds: number; p50Ms: number; p99Ms: number; dropped: number } | null
}
export type ServerBench = {
  floorRoute: Floor
  floorTransaction: Floor
  floorTransactionDisk: Floor
  floorTransactionPostgres: Floor
  authorization: Figure
  authorizationDisk: Figure
  authorizationPostgres: Figure
  postings: Figure
  postingsPostgres: Figure
  authorizationOpenLoop: OpenFigure
  authorizationOpenLoopMemory: OpenFigure
  historyFirstPageMs: HistoryFigure
  authorizationLatencyMs: LatencyFigure
}

/**
 * One decision at a time on one card (median of 200 after 20 to warm up): on its account as seeded, then after 10k
 * movements.
 */
export type LatencyFigure = {
  empty: number
  busy: number
  ratio: number
  database: BenchDatabase
  busyMovements: number
  busyPendingPurchases: number
}

/** The history's first page (median of 15 reads after 3 to warm up), for a small account and one with 10k movements. */
export type HistoryFigure = {
  small: number
  busy: number
  ratio: number
  database: BenchDatabase
  busyMovements: number
  busyPendingPurchases: number
}

const API = '/app/cash/api/v1'
const IN_FLIGHT = 50
/**
 * 10,000 a run: long enough (2–5 s) for the figure to be the steady state, not the first second of JIT and plan
 * warm-up.
 */
const TOTAL = Number(process.env.BENCH_REQUESTS ?? 10000)
/** Each closed-loop run stops starting requests after this long, so the whole bench stays bounded on a slow machine. */
const MAX_MS = Number(process.env.BENCH_SECONDS_PER_RUN ?? 60) * 1000
const CARDS = Math.max(1, Number(process.env.BENCH_CARDS ?? 8))
const OPEN_RATE = Number(process.env.BENCH_OPEN_LOOP_RATE ?? 1000)
const OPEN_SECONDS = Number(process.env.BENCH_OPEN_LOOP_SECONDS ?? 20)
/**
 * Before the measured 20 s, the same traffic for this long on the same fresh server, measured apart: a server that
 * just started compiles its code and plans on its first few hundred requests (in memory they were about a quarter of
 * the run's answers over 12 ms and moved its p99 by 2 ms), and an issuer's server answers the network warm.
 */
const OPEN_WARM_UP_SECONDS = Number(process.env.BENCH_OPEN_LOOP_WARM_UP_SECONDS ?? 2)
/** The card network's window: an answer later than this is a timeout (a decline) to the merchant. */
const DEADLINE_MS = 2000
/** The network waits on at most what it sends in its 2 s window; arrivals beyond are refused (dropped). */
const OPEN_MAX_IN_FLIGHT = Number(
  process.env.BENCH_OPEN_LOOP_MAX_IN_FLIGHT ?? Math.ceil((OPEN_RATE * DEADLINE_MS) / 1000),
)
/** A purchase small enough that 20k+ decisions stay far inside every balance and limit (checked: all approve). */
const PURCHASE = { amount: '0.01', merchantName: 'Bench Coffee', merchantCity: 'Lisbon', mcc: '5812' }

export const benchSettings = {
  inFlight: IN_FLIGHT,
  total: TOTAL,
  maxSecondsPerRun: MAX_MS / 1000,
  cards: CARDS,
  openLoop: {
    ratePerSecond: OPEN_RATE,
    seconds: OPEN_SECONDS,
    warmUpSeconds: OPEN_WARM_UP_SECONDS,
    deadlineMs: DEADLINE_MS,
    maxInFlight: OPEN_MAX_IN_FLIGHT,
  },
}

/**
 * Holders the bench adds beside the demo personas, each with a personal account of 2,500 USDC: with Paula's
 * card, `BENCH_CARDS` cards on as many accounts, so decisions do not all queue on one account's row lock.
 */
const benchHolders = (count: number): Persona[] =>
  Array.from({ length: count }, (_, i) => {
    const n = String(i + 1).padStart(3, '0')
    return {
      key: `bench${n}`,
      id: `20000000-0000-4000-8000-000000100${n}`,
      email: `bench${n}@demo.cash`,
      name: `Bench Holder ${n}`,
      platformRole: 'user',
      account: {
        role: 'holder',
        create: {
          id: `10000000-0000-4000-8000-000000100${n}`,
          kind: 'personal',
          name: `Bench Holder ${n}`,
          mode: 'direct_pay',
          timeZone: 'UTC',
          balances: { USDC: '2500' },
        },
      },
    }
  })

type Target = {
  database: BenchDatabase
  db: Db
  deps: Deps
  request: (path: string, init?: BenchRequest) => Promise<BenchAnswer>
  signIn: (email: string) => Promise<string>
  adminToken: string
  cards: string[]
  close(): Promise<void>
}

/** A fresh database of the kind, migrated, seeded (demo personas and the bench holders, each with a card). */
async function openTarget(database: BenchDatabase, postgresServer: string): Promise<Target> {
  let cleanup = async (): Promise<void> => undefined
  let db: Db
  if (database === 'postgres') {
    const name = `cash_bench_${process.pid}`
    await withAdmin(postgresServer, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`))
    await withAdmin(postgresServer, (admin) => admin.query(`CREATE DATABASE "${name}"`))
    const url = new URL(postgresServer)
    url.pathname = `/${name}`
    // connect() as server/main.ts calls it: the same pool size the server runs with.
    db = await connect({ databaseUrl: url.toString(), dataDir: '' })
    cleanup = async () =>
      void (await withAdmin(postgresServer, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)))
  } else if (database === 'pglite-disk') {
    const dir = mkdtempSync(join(tmpdir(), 'cash-bench-'))
    db = await connectPglite(join(dir, 'data'))
    cleanup = async () => rmSync(dir, { recursive: true, force: true })
  } else {
    db = await connectPglite(':memory:')
  }
  await migrate(db)
  const config = { ...loadConfig({ CASH_ENV: 'test', DATA_DIR: ':memory:' }), AUTH_RATE_LIMIT: 100_000 }
  const deps: Deps = {
    db,
    config,
    log: createLogger('silent'),
    now: () => new Date(),
    newId: randomUUID,
    prices: () => DEFAULT_PRICES,
    priceBook: createPriceBook(),
  }
  const holders = benchHolders(CARDS - 1)
  await seedPersonas(deps)
  if (holders.length) await seedPersonas(deps, holders)
  const { app } = createApp(deps)
  const viaAdapter = adapterClient(app.fetch)
  const request = (path: string, init?: BenchRequest) => viaAdapter(`${API}${path}`, init)
  const signIn = async (email: string) => {
    const res = await request('/auth/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD, client: 'native' }),
    })
    if (!res.ok) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`)
    return ((await res.json()) as { token: string }).token
  }
  // Each bench holder issues themselves a virtual card through the API, as a holder would.
  const cards: string[] = [CARD_IDS.personal]
  for (const h of holders) {
    const accountId = (h.account as { create: { id: string } }).create.id
    const res = await request(`/accounts/${accountId}/cards`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await signIn(h.email)}` },
      body: '{}',
    })
    if (!res.ok) throw new Error(`issuing a card for ${h.email} failed: ${res.status} ${await res.text()}`)
    cards.push(((await res.json()) as { id: string }).id)
  }
  const adminToken = await signIn('admin@demo.cash')
  return {
    database,
    db,
    deps,
    request,
    signIn,
    adminToken,
    cards,
    close: async () => {
      await db.close()
      await cleanup()
    },
  }
}

/** Why decisions were declined, across the whole bench (empty when every purchase was approved). */
export const declineReasons: Record<string, number> = {}

/** One purchase as the card network asks for it: a signed `authorization.request` on POST /webhooks/card. */
function authorizeOnce(t: Target) {
  const key = providerKey(t.deps.config.WEBHOOK_SECRET, 'card')
  return async (i: number): Promise<Outcome> => {
    const networkId = `bench_${randomUUID().replaceAll('-', '')}`
    const body = JSON.stringify({
      id: `evt_${networkId}`,
      type: 'authorization.request',
      created: new Date().toISOString(),
      data: { networkId, cardId: t.cards[i % t.cards.length], ...PURCHASE },
    })
    const res = await t.request('/webhooks/card', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'cash-signature': signWebhook(key, body, Math.floor(Date.now() / 1000)),
      },
      body,
    })
    if (!res.ok) {
      const reason = `HTTP ${res.status}`
      declineReasons[reason] = (declineReasons[reason] ?? 0) + 1
      return 'failed'
    }
    const json = (await res.json()) as { duplicate: boolean; result?: { approved?: boolean; reason?: string } }
    if (json.result?.approved && !json.duplicate) return 'ok'
    const reason = json.duplicate ? 'duplicate' : (json.result?.reason ?? 'no result')
    declineReasons[reason] = (declineReasons[reason] ?? 0) + 1
    return 'declined'
  }
}

const depositOnce =
  (t: Target) =>
  async (i: number): Promise<Outcome> => {
    const res = await t.request('/sandbox/deposits', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${t.adminToken}`,
        'idempotency-key': `bench-${i}-${randomUUID()}`,
      },
      body: JSON.stringify({ accountId: ACCOUNT_IDS.personal, asset: 'USDC', amount: '1' }),
    })
    return res.ok ? 'ok' : 'failed'
  }

const healthOnce = (t: Target) => async (): Promise<Outcome> => ((await t.request('/health')).ok ? 'ok' : 'failed')

/** BEGIN, one INSERT into a scratch table, COMMIT: the least a write through this driver costs. */
async function transactionFloor(t: Target): Promise<Floor> {
  await t.db.execScript(
    'CREATE TABLE bench_floor (id bigserial PRIMARY KEY, n integer NOT NULL, at timestamptz NOT NULL DEFAULT now())',
  )
  const result = await closed(t, async (i) => {
    await t.db.kysely.transaction().execute((tx) => sql`INSERT INTO bench_floor (n) VALUES (${i})`.execute(tx))
    return 'ok'
  })
  await t.db.execScript('DROP TABLE bench_floor')
  return result
}

const closed = async (t: Target, once: (i: number) => Promise<Outcome>) => ({
  ...(await closedLoop(once, { inFlight: IN_FLIGHT, total: TOTAL, maxMs: MAX_MS })),
  database: t.database,
})
const figure = async (t: Target, route: string, once: (i: number) => Promise<Outcome>): Promise<Figure> => ({
  ...(await closed(t, once)),
  route,
})

async function openLoopFigure(t: Target): Promise<OpenFigure> {
  const random = seededRandom(Number(process.env.BENCH_SEED ?? 16))
  const run = (seconds: number) =>
    openLoop(authorizeOnce(t), {
      arrivals: poissonArrivals(OPEN_RATE, seconds, random),
      seconds,
      deadlineMs: DEADLINE_MS,
      maxInFlight: OPEN_MAX_IN_FLIGHT,
    })
  const warmUp = OPEN_WARM_UP_SECONDS > 0 ? await run(OPEN_WARM_UP_SECONDS) : null
  return {
    ...(await run(OPEN_SECONDS)),
    warmUp: warmUp && {
      seconds: OPEN_WARM_UP_SECONDS,
      p50Ms: warmUp.p50Ms,
      p99Ms: warmUp.p99Ms,
      dropped: warmUp.dropped,
    },
    database: t.database,
    route: 'POST /webhooks/card',
  }
}

const BUSY = { movements: 10_000, pendingPurchases: 3_000 }

/** The median time of one authorization on the personal card, one at a time (the network's call, signed). */
async function loneDecisionMs(t: Target): Promise<number> {
  const once = authorizeOnce({ ...t, cards: [CARD_IDS.personal] })
  const times: number[] = []
  for (let i = 0; i < 220; i++) {
    const started = performance.now()
    if ((await once(i)) !== 'ok')
      throw new Error(`a lone bench authorization was not approved: ${JSON.stringify(declineReasons)}`)
    if (i >= 20) times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return Math.round(times[Math.floor(times.length / 2)]! * 100) / 100
}

/** Authorization latency on an account as seeded, then after it has 10k movements and 3k pending purchases. */
async function latencyFigure(t: Target): Promise<LatencyFigure> {
  // 10k movements today are far past a personal account's daily limit: limits of a large company account, so
  // every decision is an approval (a hold written), before and after.
  await t.db.kysely
    .updateTable('accounts')
    .set({ daily_limit: 10n ** 15n, monthly_limit: 10n ** 16n })
    .where('id', '=', ACCOUNT_IDS.personal)
    .execute()
  const empty = await loneDecisionMs(t)
  await seedBusyHistory(t.db.kysely, ACCOUNT_IDS.personal, { ...BUSY, now: new Date(Date.now() + 60_000) })
  const busy = await loneDecisionMs(t)
  return {
    empty,
    busy,
    ratio: Math.round((busy / empty) * 100) / 100,
    database: t.database,
    busyMovements: BUSY.movements,
    busyPendingPurchases: BUSY.pendingPurchases,
  }
}

/** The history's first page through the API, for a small account and a busy one (seeded in bulk). */
async function historyFigure(t: Target): Promise<HistoryFigure> {
  const busy = BUSY
  const now = new Date(Date.now() + 60_000)
  await seedBusyHistory(t.db.kysely, ACCOUNT_IDS.personal, { ...busy, now })
  await seedBusyHistory(t.db.kysely, ACCOUNT_IDS.acme, { movements: 30, pendingPurchases: 9, now })
  // Each account's history read by its own holder (a platform admin reads accounts in the back office).
  const firstPageMs = async (accountId: string, holder: string) => {
    const token = await t.signIn(holder)
    const times: number[] = []
    for (let i = 0; i < 18; i++) {
      const started = performance.now()
      const res = await t.request(`/accounts/${accountId}/history`, { headers: { authorization: `Bearer ${token}` } })
      if (!res.ok) throw new Error(`GET /accounts/${accountId}/history answered ${res.status}`)
      await res.json()
      if (i >= 3) times.push(performance.now() - started)
    }
    times.sort((a, b) => a - b)
    return Math.round(times[Math.floor(times.length / 2)]! * 10) / 10
  }
  const small = await firstPageMs(ACCOUNT_IDS.acme, persona('owner').email)
  const busyMs = await firstPageMs(ACCOUNT_IDS.personal, persona('personal').email)
  return {
    small,
    busy: busyMs,
    ratio: Math.round((busyMs / small) * 100) / 100,
    database: t.database,
    busyMovements: busy.movements,
    busyPendingPurchases: busy.pendingPurchases,
  }
}

/**
 * Opens a fresh database of the kind, runs `body` on it and closes it (its folder or database dropped) even on failure.
 */
async function on<T>(database: BenchDatabase, postgresServer: string, body: (t: Target) => Promise<T>): Promise<T> {
  const t = await openTarget(database, postgresServer)
  try {
    return await body(t)
  } finally {
    await t.close()
  }
}

/**
 * Every server figure, in an order that keeps each floor next to what it bounds. `report` is called after each
 * run (for the table); PostgreSQL is the server at `postgresServer`, where a scratch database is created and dropped.
 */
export async function benchServer(
  postgresServer: string,
  report: (key: keyof ServerBench, result: ServerBench[keyof ServerBench]) => void,
): Promise<ServerBench> {
  const out: Partial<ServerBench> = {}
  const keep = <K extends keyof ServerBench>(key: K, result: ServerBench[K]) => {
    out[key] = result
    report(key, result)
    return result
  }
  const webhook = 'POST /webhooks/card'
  const deposits = 'POST /sandbox/deposits'
  // BENCH_ONLY=key,key… runs only the runs that measure those figures (with their floors): a quick look while working.
  const only = process.env.BENCH_ONLY?.split(',').map((k) => k.trim())
  const run = async (database: BenchDatabase, keys: (keyof ServerBench)[], body: (t: Target) => Promise<void>) => {
    if (!only || keys.some((k) => only.includes(k))) await on(database, postgresServer, body)
  }
  await run('pglite-memory', ['floorRoute', 'floorTransaction', 'authorization', 'postings'], async (t) => {
    keep('floorRoute', await closed(t, healthOnce(t)))
    keep('floorTransaction', await transactionFloor(t))
    keep('authorization', await figure(t, webhook, authorizeOnce(t)))
    keep('postings', await figure(t, deposits, depositOnce(t)))
  })
  await run(
    'pglite-memory',
    ['authorizationOpenLoopMemory'],
    async (t) => void keep('authorizationOpenLoopMemory', await openLoopFigure(t)),
  )
  await run(
    'pglite-memory',
    ['historyFirstPageMs'],
    async (t) => void keep('historyFirstPageMs', await historyFigure(t)),
  )
  await run(
    'pglite-memory',
    ['authorizationLatencyMs'],
    async (t) => void keep('authorizationLatencyMs', await latencyFigure(t)),
  )
  await run('pglite-disk', ['floorTransactionDisk', 'authorizationDisk'], async (t) => {
    keep('floorTransactionDisk', await transactionFloor(t))
    keep('authorizationDisk', await figure(t, webhook, authorizeOnce(t)))
  })
  await run(
    'pglite-disk',
    ['authorizationOpenLoop'],
    async (t) => void keep('authorizationOpenLoop', await openLoopFigure(t)),
  )
  await run('postgres', ['floorTransactionPostgres', 'authorizationPostgres', 'postingsPostgres'], async (t) => {
    keep('floorTransactionPostgres', await transactionFloor(t))
    keep('authorizationPostgres', await figure(t, webhook, authorizeOnce(t)))
    keep('postingsPostgres', await figure(t, deposits, depositOnce(t)))
  })
  return out as ServerBench
}
