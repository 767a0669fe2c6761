/**
 * Resilience under load: the real server as a child process (`node --import tsx server/main.ts`) on a database
 * that survives it (PGlite in a temporary folder, or PostgreSQL), driven on loopback by fetch workers with a mix
 * of balance reads, sandbox deposits (top-ups), sandbox debits (money sent out) and card authorizations, every
 * money call with its own Idempotency-Key. Midway the server is killed (SIGKILL) and restarted on the same data.
 * Then: the ledger check passes, every acknowledged movement is in the database exactly once, nothing was posted
 * that nobody acknowledged, no journal is half-written, and replaying the calls that were in flight at the kill
 * with the same keys moves nothing twice.
 *
 * `npm run load` runs a minute per database; server/resilience.test.ts runs a short version in `npm test`.
 */
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { ACCOUNT_IDS, CARD_IDS, DEMO_PASSWORD } from '../fixtures/personas'
import { connect } from '../server/db/connect'
import { checkLedger } from '../server/ledger/ledger-check'
import { withAdmin } from '../server/testing/test-database'
import { Server } from './cash-process'

const API = '/app/cash/api/v1'

export type LoadDatabase = 'pglite' | 'postgres'
export type LoadOptions = {
  database: LoadDatabase
  port: number
  /** How long the load runs, in seconds (the kill happens at half). */
  seconds: number
  /** Requests in flight. */
  concurrency?: number
  /** Kill and restart the server midway (default true). */
  kill?: boolean
  /** PostgreSQL server (database `postgres` on it is used to create and drop the test database). */
  postgresUrl?: string
  /** The test database created fresh on that server (default `cash_resilience_<pid>`). */
  postgresDatabase?: string
  log?: (line: string) => void
}

export type LoadResult = {
  database: LoadDatabase
  requests: number
  rps: number
  p50: number
  p99: number
  byOp: Record<Op, number>
  /** Money movements answered 2xx (deposits, debits) or approved (authorizations). */
  acknowledged: number
  /** Acknowledged movements missing from the database afterwards: must be 0. */
  lost: number
  /** Movements in the database that no call acknowledged (after the in-flight replays): must be 0. */
  unacknowledged: number
  /** Calls cut by the kill, replayed with their keys afterwards; of them, those the server had already done. */
  inFlightAtKill: number
  replayedAsDone: number
  /** Replays that posted a second journal: must be 0. */
  doublePosted: number
  ledgerOkAfterRestart: boolean
  ledgerOkAtEnd: boolean
  problems: string[]
  restartMs: number
  /** The end of the server's own output (for a failed run). */
  serverOutput: string
}

type Op = 'read' | 'deposit' | 'debit' | 'authorization'
const MIX: [Op, number][] = [
  ['read', 0.4],
  ['deposit', 0.25],
  ['debit', 0.15],
  ['authorization', 0.2],
]

type MoneyCall = { op: 'deposit' | 'debit'; key: string; path: string; body: unknown }
type Ack = { op: 'deposit' | 'debit'; key: string; journalId: string } | { op: 'authorization'; networkId: string }

/** Is PostgreSQL reachable at this URL? */
export async function postgresReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 })
  try {
    await client.connect()
    await client.query('select 1')
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => undefined)
  }
}

const withDatabase = (url: string, name: string) => {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.toString()
}

/** Runs the load, the kill and restart, and every check. Cleans up its database and folder. */
export async function runLoad(opts: LoadOptions): Promise<LoadResult> {
  const log = opts.log ?? (() => undefined)
  const concurrency = opts.concurrency ?? 16
  const base = `http://127.0.0.1:${opts.port}${API}`
  const temp = mkdtempSync(join(tmpdir(), 'cash-load-'))
  const pgServer = opts.postgresUrl ?? 'postgres://postgres@127.0.0.1:5432/postgres'
  // One database per run (two runs on one server must not drop each other's), dropped at the end.
  const pgName = opts.postgresDatabase ?? `cash_resilience_${process.pid}`
  let databaseUrl: string | undefined
  if (opts.database === 'postgres') {
    await withAdmin(pgServer, (admin) => admin.query(`DROP DATABASE IF EXISTS "${pgName}" WITH (FORCE)`))
    await withAdmin(pgServer, (admin) => admin.query(`CREATE DATABASE "${pgName}"`))
    databaseUrl = withDatabase(pgServer, pgName)
  }
  const dataDir = join(temp, 'data')
  const env: Record<string, string> = {
    PORT: String(opts.port),
    HOST: '127.0.0.1',
    CASH_ENV: 'test',
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT: '1000000',
    SEED: 'auto',
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
  }
  const server = new Server(env, opts.port)
  try {
    await server.start()
    const signIn = async (email: string) => {
      const res = await fetch(`${base}/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: DEMO_PASSWORD, client: 'native' }),
      })
      if (!res.ok) throw new Error(`sign-in ${email}: ${res.status} ${await res.text()}`)
      return ((await res.json()) as { token: string }).token
    }
    const admin = await signIn('admin@demo.cash')
    const holder = await signIn('personal@demo.cash')
    const headers = (token: string, key?: string) => ({
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      ...(key ? { 'idempotency-key': key } : {}),
    })
    const run = randomUUID().slice(0, 8)
    const startedAt = new Date()

    const latencies: number[] = []
    const byOp: Record<Op, number> = { read: 0, deposit: 0, debit: 0, authorization: 0 }
    const acks: Ack[] = []
    const cut: MoneyCall[] = []
    const problems: string[] = []
    let requests = 0
    let seq = 0
    // Workers wait here while the server is down, so only calls really in flight at the kill are cut.
    let up: Promise<void> = Promise.resolve()

    const money = async (call: MoneyCall) => {
      const res = await fetch(`${base}${call.path}`, {
        method: 'POST',
        headers: headers(admin, call.key),
        body: JSON.stringify(call.body),
      })
      const body = (await res.json()) as { journalId?: string }
      return { res, body }
    }
    const once = async () => {
      const r = Math.random()
      let acc = 0
      const op =
        MIX.find(([, w]) => {
          acc += w
          return acc >= r
        })?.[0] ?? 'read'
      const key = `load-${run}-${++seq}`
      const call: MoneyCall | null =
        op === 'deposit'
          ? {
              op,
              key,
              path: '/sandbox/deposits',
              body: { accountId: ACCOUNT_IDS.personal, asset: 'USDC', amount: '1', description: 'Load test top-up' },
            }
          : op === 'debit'
            ? {
                op,
                key,
                path: '/sandbox/debits',
                body: {
                  accountId: ACCOUNT_IDS.personal,
                  asset: 'USDC',
                  amount: '0.5',
                  description: 'Load test withdrawal',
                },
              }
            : null
      const t0 = performance.now()
      try {
        if (op === 'read') {
          const res = await fetch(`${base}/accounts/${ACCOUNT_IDS.personal}/balances`, { headers: headers(holder) })
          await res.arrayBuffer()
          if (!res.ok) problems.push(`read answered ${res.status}`)
        } else if (call) {
          const { res, body } = await money(call)
          if (res.ok && body.journalId) acks.push({ op: call.op, key: call.key, journalId: body.journalId })
          else if (res.status >= 500)
            problems.push(`${op} answered ${res.status} ${JSON.stringify(body).slice(0, 300)}`)
        } else {
          const res = await fetch(`${base}/sandbox/cards/${CARD_IDS.personal}/purchases`, {
            method: 'POST',
            headers: headers(admin, key),
            body: JSON.stringify({ amount: '0.01', merchantName: 'Load Coffee', mcc: '5812' }),
          })
          const body = (await res.json()) as { approved?: boolean; networkId?: string }
          if (res.ok && body.approved && body.networkId) acks.push({ op: 'authorization', networkId: body.networkId })
          else if (res.status >= 500) problems.push(`authorization answered ${res.status}`)
        }
        latencies.push(performance.now() - t0)
        requests++
        byOp[op]++
      } catch {
        // The connection died under the call (the kill): unknown outcome. Money calls are replayed later.
        if (call) cut.push(call)
      }
    }

    const seconds = opts.seconds
    const deadline = Date.now() + seconds * 1000
    const workers = Array.from({ length: concurrency }, async () => {
      while (Date.now() < deadline) {
        await up
        await once()
      }
    })
    let restartMs = 0
    let ledgerOkAfterRestart = true
    const killer = (async () => {
      if (opts.kill === false) return
      await new Promise((r) => setTimeout(r, (seconds * 1000) / 2))
      let release = (): void => undefined
      up = new Promise<void>((r) => (release = r))
      log(`[load] ${opts.database}: SIGKILL the server mid-load (${requests} requests so far)`)
      await server.kill()
      restartMs = await server.start()
      const check = (await (await fetch(`${base}/admin/ledger/check`, { headers: headers(admin) })).json()) as {
        ok: boolean
        problems: unknown[]
      }
      ledgerOkAfterRestart = check.ok
      if (!check.ok) problems.push(`ledger check after restart: ${JSON.stringify(check.problems).slice(0, 500)}`)
      log(
        `[load] ${opts.database}: restarted in ${Math.round(restartMs)} ms, ledger check ${check.ok ? 'ok' : 'FAILED'}`,
      )
      release()
    })()
    const t0 = performance.now()
    await Promise.all([...workers, killer])
    const elapsed = (performance.now() - t0) / 1000

    // Replay what the kill cut, with the same keys: done before the kill → replayed answer; else done now.
    let replayedAsDone = 0
    for (const call of cut) {
      const { res, body } = await money(call)
      if (!res.ok || !body.journalId) {
        if (res.status >= 500) problems.push(`replay of ${call.key} answered ${res.status}`)
        continue
      }
      if (res.headers.get('idempotent-replayed') === 'true') replayedAsDone++
      acks.push({ op: call.op, key: call.key, journalId: body.journalId })
    }
    // And once more for everything acknowledged: every replay must answer the same journal.
    let doublePosted = 0
    for (const ack of acks) {
      if (ack.op === 'authorization') continue
      const call = {
        op: ack.op,
        key: ack.key,
        path: ack.op === 'deposit' ? '/sandbox/deposits' : '/sandbox/debits',
        body: {
          accountId: ACCOUNT_IDS.personal,
          asset: 'USDC',
          amount: ack.op === 'deposit' ? '1' : '0.5',
          description: ack.op === 'deposit' ? 'Load test top-up' : 'Load test withdrawal',
        },
      }
      const { body } = await money(call)
      if (body.journalId !== ack.journalId) doublePosted++
    }
    const endCheck = (await (await fetch(`${base}/admin/ledger/check`, { headers: headers(admin) })).json()) as {
      ok: boolean
      problems: unknown[]
    }
    if (!endCheck.ok) problems.push(`ledger check at the end: ${JSON.stringify(endCheck.problems).slice(0, 500)}`)
    await server.stop()

    // The database itself, with the server gone: every acknowledged movement once, nothing unacknowledged.
    const db = await connect({ databaseUrl, dataDir })
    let lost = 0
    let unacknowledged = 0
    try {
      const journals = await db.kysely
        .selectFrom('journals')
        .select(['id', 'kind'])
        .where('account_id', '=', ACCOUNT_IDS.personal)
        .where('kind', 'in', ['deposit', 'withdrawal'])
        .where('created_at', '>=', startedAt)
        .execute()
      const inDb = new Set(journals.map((j) => j.id))
      const acked = new Set(acks.flatMap((a) => (a.op === 'authorization' ? [] : [a.journalId])))
      lost += [...acked].filter((id) => !inDb.has(id)).length
      unacknowledged += [...inDb].filter((id) => !acked.has(id)).length
      const keys = await db.kysely
        .selectFrom('idempotency_keys')
        .select(['key', 'response_status'])
        .where('key', 'like', `load-${run}-%`)
        .execute()
      const halfDone = keys.filter((k) => k.response_status === null)
      if (halfDone.length) problems.push(`${halfDone.length} idempotency keys left without a response`)
      const approved = acks.flatMap((a) => (a.op === 'authorization' ? [a.networkId] : []))
      if (approved.length) {
        const auths = await db.kysely
          .selectFrom('card_authorizations')
          .select(['network_id', 'status', 'hold_id'])
          .where('network_id', 'in', approved)
          .execute()
        const found = new Map(auths.map((a) => [a.network_id, a]))
        for (const id of approved) {
          const a = found.get(id)
          if (!a || a.status === 'declined' || !a.hold_id) lost++
        }
        if (auths.length !== new Set(auths.map((a) => a.network_id)).size)
          problems.push('an authorization is stored twice')
      }
      const check = await checkLedger(db.kysely)
      if (!check.ok) problems.push(`ledger check on the database: ${JSON.stringify(check.problems).slice(0, 500)}`)
    } finally {
      await db.close()
    }

    latencies.sort((a, b) => a - b)
    const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0
    const inFlightAtKill = cut.length
    return {
      database: opts.database,
      requests,
      rps: requests / elapsed,
      p50: pct(50),
      p99: pct(99),
      byOp,
      acknowledged: acks.length,
      lost,
      unacknowledged,
      inFlightAtKill,
      replayedAsDone,
      doublePosted,
      ledgerOkAfterRestart,
      ledgerOkAtEnd: endCheck.ok,
      problems: [...new Set(problems)],
      restartMs,
      serverOutput: server.output,
    }
  } catch (error) {
    if (server.output) log(`[load] server output:\n${server.output}`)
    throw error
  } finally {
    await server.kill()
    rmSync(temp, { recursive: true, force: true })
    if (opts.database === 'postgres')
      await withAdmin(pgServer, (admin) => admin.query(`DROP DATABASE IF EXISTS "${pgName}" WITH (FORCE)`)).catch(
        () => undefined,
      )
  }
}

export function formatLoadResult(r: LoadResult): string {
  return [
    `${r.database.padEnd(8)} ${r.requests} requests (${Object.entries(r.byOp)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')})  ${r.rps.toFixed(0)}/s  p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms`,
    `         acknowledged ${r.acknowledged}  lost ${r.lost}  unacknowledged ${r.unacknowledged}  cut ` +
      `by the kill ${r.inFlightAtKill} (already done ${r.replayedAsDone})  double-posted ${r.doublePosted}`,
    `         restart ${Math.round(r.restartMs)} ms  ledger check after ` +
      `restart ${r.ledgerOkAfterRestart ? 'ok' : 'FAILED'}, at the ` +
      `end ${r.ledgerOkAtEnd ? 'ok' : 'FAILED'}` +
      `${r.problems.length ? `\n         problems: ${r.problems.join('; ')}` : ''}`,
  ].join('\n')
}

/**
 * `npm run load [seconds]`: a minute per database by default; `npm run load -- --cluster [seconds]`: the scale test.
 */
async function main() {
  if (process.argv[2] === '--cluster') {
    const { formatClusterResult, runCluster } = await import('./cluster-test')
    const postgresUrl = process.env.LOAD_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
    const result = await runCluster({
      instances: Number(process.env.LOAD_INSTANCES ?? 3),
      seconds: Number(process.argv[3] ?? 60),
      postgresUrl,
      log: (line) => process.stdout.write(`${line}\n`),
    })
    process.stdout.write(`${formatClusterResult(result)}\n`)
    const clean =
      result.lost === 0 &&
      result.unacknowledged === 0 &&
      result.doublePosted === 0 &&
      result.chain.creditedTwice === 0 &&
      result.chain.notCredited === 0 &&
      result.jobs.failed === 0 &&
      result.jobs.leftDue === 0 &&
      result.ledgerOk &&
      result.usersSeeded === result.usersExpected &&
      result.problems.length === 0
    process.exitCode = clean ? 0 : 1
    return
  }
  const seconds = Number(process.argv[2] ?? process.env.LOAD_SECONDS ?? 60)
  const port = Number(process.env.LOAD_PORT ?? 3121)
  const pgUrl = process.env.LOAD_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
  const log = (line: string) => process.stdout.write(`${line}\n`)
  let failed = false
  const databases = (process.env.LOAD_DATABASES ?? 'pglite,postgres').split(',') as LoadDatabase[]
  for (const database of databases) {
    if (database === 'postgres' && !(await postgresReachable(pgUrl))) {
      log(
        `[load] PostgreSQL at ${pgUrl} is unreachable: start it, set ` +
          `LOAD_POSTGRES_URL, or LOAD_DATABASES=pglite to run PGlite alone.`,
      )
      failed = true
      continue
    }
    log(`[load] ${database}: ${seconds} s of mixed load, killed and restarted at half time…`)
    const result = await runLoad({ database, port, seconds, postgresUrl: pgUrl, log })
    log(formatLoadResult(result))
    if (result.problems.length && process.env.LOAD_VERBOSE) log(result.serverOutput)
    if (
      result.lost ||
      result.unacknowledged ||
      result.doublePosted ||
      !result.ledgerOkAfterRestart ||
      !result.ledgerOkAtEnd ||
      result.problems.length
    )
      failed = true
  }
  process.exitCode = failed ? 1 : 0
}

if (import.meta.url === `file://${process.argv[1]}`) await main()
