/**
 * The scale test (issue 20): N servers on one PostgreSQL database behind HAProxy (deploy/cluster.ts), started
 * together on an empty database, under a minute of mixed money load through the balancer: balance reads,
 * sandbox deposits and debits (each with its Idempotency-Key), card purchases, and chain transfers (credited by
 * jobs: the sandbox chain's webhook deliveries, 12 blocks later). Halfway one server is killed with SIGKILL and
 * stays dead; the balancer's readiness checks take it out. Afterwards, on the database: the demo data was
 * seeded once; every acknowledged movement is there exactly once and nothing unacknowledged; every due job ran
 * (none failed, none left due) and each chain transfer was credited exactly once; the ledger check passes. It
 * prints the throughput of one server and of N in the same run.
 *
 * `npm run load -- --cluster [seconds]` runs a minute; server/cluster.test.ts runs a short form in `npm test`.
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { ACCOUNT_IDS, CARD_IDS, DEMO_PASSWORD, demoSafeAddress, PERSONAS } from '../fixtures/personas'
import { startCluster } from '../deploy/cluster'
import { connect } from '../server/db/connect'
import { checkLedger } from '../server/ledger/ledger-check'
import { databaseUrl, withAdmin } from '../server/testing/test-database'

const API = '/app/cash/api/v1'
type Op = 'read' | 'deposit' | 'debit' | 'purchase' | 'chain'
const MIX: [Op, number][] = [
  ['read', 0.35],
  ['deposit', 0.2],
  ['debit', 0.1],
  ['purchase', 0.2],
  ['chain', 0.15],
]
const DESCRIPTION = { deposit: 'Cluster test top-up', debit: 'Cluster test withdrawal' } as const

export type ClusterOptions = {
  instances: number
  seconds: number
  postgresUrl: string
  concurrency?: number
  log?: (line: string) => void
}
export type Throughput = { requests: number; perSecond: number; p50Ms: number; p99Ms: number }
export type ClusterResult = {
  instances: number
  startMs: number
  usersSeeded: number
  usersExpected: number
  one: Throughput
  all: Throughput
  afterKill: Throughput
  acknowledged: number
  lost: number
  unacknowledged: number
  doublePosted: number
  cutByKill: number
  chain: { acknowledged: number; creditedOnce: number; creditedTwice: number; notCredited: number }
  jobs: { ran: number; retried: number; failed: number; leftDue: number }
  ledgerOk: boolean
  problems: string[]
}

type MoneyCall = { op: 'deposit' | 'debit'; key: string; body: unknown }

export async function runCluster(options: ClusterOptions): Promise<ClusterResult> {
  const log = options.log ?? (() => undefined)
  const concurrency = options.concurrency ?? 16
  const name = `cash_cluster_test_${process.pid}`
  await withAdmin(options.postgresUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`))
  await withAdmin(options.postgresUrl, (admin) => admin.query(`CREATE DATABASE "${name}"`))
  const url = databaseUrl(options.postgresUrl, name)
  // A killed server's claimed jobs go to another after JOB_LOCK_SECONDS: short here so the run can wait for them.
  const env = {
    CASH_ENV: 'test',
    JOBS: 'on',
    JOB_LOCK_SECONDS: '10',
    SANDBOX_BLOCK_MS: '100',
    AUTH_RATE_LIMIT: '1000000',
  }
  const cluster = await startCluster({
    instances: options.instances,
    databaseUrl: url,
    env,
    extra: [{ name: 'one', servers: 1 }],
    log,
  })
  const problems: string[] = []
  try {
    const signIn = async (base: string, email: string) => {
      const res = await fetch(`${base}${API}/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: DEMO_PASSWORD, client: 'native' }),
      })
      if (!res.ok) throw new Error(`sign-in ${email}: ${res.status} ${await res.text()}`)
      return ((await res.json()) as { token: string }).token
    }
    const admin = await signIn(cluster.url, 'admin@demo.cash')
    const holder = await signIn(cluster.url, 'personal@demo.cash')
    const headers = (token: string, key?: string) => ({
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      ...(key ? { 'idempotency-key': key } : {}),
    })
    const run = randomUUID().slice(0, 8)
    const startedAt = new Date()
    const acks = new Map<string, { op: 'deposit' | 'debit'; journalId: string; body: unknown }>()
    const cut: MoneyCall[] = []
    /** What the client saw for each money call's key, to explain a movement nobody acknowledged. */
    const seen = new Map<string, string>()
    const chainHashes: string[] = []
    let seq = 0

    const money = async (base: string, call: MoneyCall) => {
      const res = await fetch(`${base}${API}/sandbox/${call.op === 'deposit' ? 'deposits' : 'debits'}`, {
        method: 'POST',
        headers: headers(admin, call.key),
        body: JSON.stringify(call.body),
      })
      return { res, body: (await res.json().catch(() => ({}))) as { journalId?: string } }
    }
    const once = async (base: string): Promise<number | null> => {
      const r = Math.random()
      let acc = 0
      const op =
        MIX.find(([, w]) => {
          acc += w
          return acc >= r
        })?.[0] ?? 'read'
      const key = `cluster-${run}-${++seq}`
      const call: MoneyCall | null =
        op === 'deposit' || op === 'debit'
          ? {
              op,
              key,
              body: {
                accountId: ACCOUNT_IDS.personal,
                asset: 'USDC',
                amount: op === 'deposit' ? '1' : '0.5',
                description: DESCRIPTION[op],
              },
            }
          : null
      const t0 = performance.now()
      try {
        if (op === 'read') {
          const res = await fetch(`${base}${API}/accounts/${ACCOUNT_IDS.personal}/balances`, {
            headers: headers(holder),
          })
          await res.arrayBuffer()
          if (!res.ok) return null
        } else if (call) {
          const { res, body } = await money(base, call)
          seen.set(call.key, `${res.status} ${JSON.stringify(body).slice(0, 120)}`)
          if (res.ok && body.journalId) acks.set(call.key, { op: call.op, journalId: body.journalId, body: call.body })
          // A 5xx, or a success whose body was cut off (the server died mid-answer): the outcome is unknown.
          else if (res.status >= 500 || res.ok) {
            cut.push(call)
            return null
          }
        } else if (op === 'purchase') {
          const res = await fetch(`${base}${API}/sandbox/cards/${CARD_IDS.personal}/purchases`, {
            method: 'POST',
            headers: headers(admin),
            body: JSON.stringify({ amount: '0.01', merchantName: 'Cluster Coffee', mcc: '5812' }),
          })
          await res.arrayBuffer()
          if (!res.ok) return null
        } else {
          const res = await fetch(`${base}${API}/sandbox/chain/transfers`, {
            method: 'POST',
            headers: headers(admin),
            body: JSON.stringify({ toAddress: demoSafeAddress(ACCOUNT_IDS.personal), asset: 'USDC', amount: '2' }),
          })
          const body = (await res.json().catch(() => ({}))) as { txHash?: string }
          if (res.ok && body.txHash) chainHashes.push(body.txHash)
          else return null
        }
        return performance.now() - t0
      } catch (error) {
        // The connection died under the call (the kill): its outcome is unknown; money calls are replayed.
        if (call) seen.set(call.key, `no answer: ${String(error)}`)
        if (call) cut.push(call)
        return null
      }
    }
    /** `concurrency` workers on `base` for `ms`; `atHalf` runs once halfway while they go on. */
    const load = async (base: string, ms: number, atHalf?: () => Promise<void>) => {
      const before: number[] = []
      const after: number[] = []
      let half = false
      let halfAt = 0
      const deadline = Date.now() + ms
      const started = performance.now()
      const workers = Array.from({ length: concurrency }, async () => {
        while (Date.now() < deadline) {
          const latency = await once(base)
          if (latency !== null) (half ? after : before).push(latency)
        }
      })
      const killer = (async () => {
        if (!atHalf) return
        await new Promise((done) => setTimeout(done, ms / 2))
        halfAt = performance.now()
        half = true
        await atHalf()
      })()
      await Promise.all([...workers, killer])
      const ended = performance.now()
      const figure = (latencies: number[], seconds: number): Throughput => {
        const sorted = [...latencies].sort((a, b) => a - b)
        const pct = (p: number) =>
          Math.round((sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0) * 10) / 10
        return {
          requests: sorted.length,
          perSecond: Math.round(sorted.length / seconds),
          p50Ms: pct(0.5),
          p99Ms: pct(0.99),
        }
      }
      return atHalf
        ? { before: figure(before, (halfAt - started) / 1000), after: figure(after, (ended - halfAt) / 1000) }
        : { before: figure(before, (ended - started) / 1000), after: figure([], 1) }
    }

    const seconds = options.seconds
    log(`[cluster] one server through the balancer: ${Math.round(seconds / 3)} s of mixed load`)
    const one = (await load(cluster.urls.one!, (seconds / 3) * 1000)).before
    log(`[cluster] ${options.instances} servers through the balancer: ${seconds} s, one killed (SIGKILL) at half time`)
    const victim = cluster.servers[cluster.servers.length - 1]!
    const both = await load(cluster.url, seconds * 1000, async () => {
      log(`[cluster] SIGKILL the server on port ${cluster.ports.at(-1)}`)
      await victim.kill()
    })

    // What the kill cut, replayed with the same keys as a client would: done before the kill → its first answer;
    // still being done by a server (409 idempotency_in_progress) → asked again in a moment; else done now.
    for (const call of cut) {
      for (let attempt = 1; ; attempt++) {
        const { res, body } = await money(cluster.url, call)
        if (res.ok && body.journalId) acks.set(call.key, { op: call.op, journalId: body.journalId, body: call.body })
        else if (
          res.status === 409 &&
          (body as { error?: { code?: string } }).error?.code === 'idempotency_in_progress' &&
          attempt < 50
        ) {
          await new Promise((done) => setTimeout(done, 200))
          continue
        } else problems.push(`replay of ${call.key} answered ${res.status} ${JSON.stringify(body).slice(0, 200)}`)
        break
      }
    }
    // Every acknowledged call once more: the same journal, never a second one.
    let doublePosted = 0
    const entries = [...acks.entries()]
    await Promise.all(
      Array.from({ length: 8 }, async (_, w) => {
        for (let i = w; i < entries.length; i += 8) {
          const [key, ack] = entries[i]!
          const { body } = await money(cluster.url, { op: ack.op, key, body: ack.body })
          if (body.journalId !== ack.journalId) doublePosted++
        }
      }),
    )

    // The jobs the load made (chain confirmations among them) run on the survivors, the killed one's after their lock.
    const db = await connect({ databaseUrl: url, dataDir: '' })
    try {
      const due = async () =>
        (
          await db.kysely
            .selectFrom('jobs')
            .select((eb) => eb.fn.countAll<bigint>().as('n'))
            .where('status', '=', 'pending')
            .where('created_at', '>=', startedAt)
            .where('run_at', '<=', new Date())
            .executeTakeFirstOrThrow()
        ).n
      const deadline = Date.now() + 120_000
      while ((await due()) > 0n && Date.now() < deadline) await new Promise((done) => setTimeout(done, 500))
      // Transfers sent near the end are confirmed 12 blocks later: wait for their deliveries too.
      while (Date.now() < deadline) {
        const pending = await db.kysely
          .selectFrom('chain_deposits')
          .select('tx_hash')
          .where('tx_hash', 'in', chainHashes.length ? chainHashes : ['-'])
          .where('status', '=', 'pending')
          .execute()
        if (pending.length === 0 && (await due()) === 0n) break
        await new Promise((done) => setTimeout(done, 500))
      }
      const jobs = await db.kysely
        .selectFrom('jobs')
        .select(['status', 'attempts', 'run_at'])
        .where('created_at', '>=', startedAt)
        .execute()
      const now = Date.now()
      const jobFigures = {
        ran: jobs.filter((j) => j.status === 'done').length,
        retried: jobs.filter((j) => j.status === 'done' && j.attempts > 1).length,
        failed: jobs.filter((j) => j.status === 'failed').length,
        leftDue: jobs.filter((j) => j.status === 'pending' && j.run_at.getTime() <= now).length,
      }

      const journals = await db.kysely
        .selectFrom('journals')
        .select(['id', 'title', 'reference'])
        .where('account_id', '=', ACCOUNT_IDS.personal)
        .where('created_at', '>=', startedAt)
        .execute()
      const acked = new Set([...acks.values()].map((a) => a.journalId))
      const ours = journals.filter(
        (j) => j.title.key === 'note' && (j.title.text === DESCRIPTION.deposit || j.title.text === DESCRIPTION.debit),
      )
      const inDb = new Set(ours.map((j) => j.id))
      const lost = [...acked].filter((id) => !inDb.has(id)).length
      const strays = [...inDb].filter((id) => !acked.has(id))
      const unacknowledged = strays.length
      for (const id of strays) {
        const key = await db.kysely
          .selectFrom('idempotency_keys')
          .select(['key', 'response_status'])
          .where(sql<string>`response_body->>'journalId'`, '=', id)
          .executeTakeFirst()
        problems.push(
          `journal ${id} acknowledged to nobody: its key ${key?.key ?? '(none)'} ` +
            `stored ${key?.response_status ?? '-'}; the client saw ${key ? (seen.get(key.key) ?? 'nothing') : '-'}`,
        )
      }
      const credits = new Map<string, number>()
      for (const j of journals)
        if (j.reference && chainHashes.includes(j.reference))
          credits.set(j.reference, (credits.get(j.reference) ?? 0) + 1)
      const chain = {
        acknowledged: chainHashes.length,
        creditedOnce: chainHashes.filter((h) => credits.get(h) === 1).length,
        creditedTwice: chainHashes.filter((h) => (credits.get(h) ?? 0) > 1).length,
        notCredited: chainHashes.filter((h) => !credits.has(h)).length,
      }
      const users = await db.kysely
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<bigint>().as('n'))
        .executeTakeFirstOrThrow()
      const ledger = await checkLedger(db.kysely)
      if (!ledger.ok) problems.push(`ledger check: ${JSON.stringify(ledger.problems).slice(0, 500)}`)
      return {
        instances: options.instances,
        startMs: Math.round(cluster.startMs),
        usersSeeded: Number(users.n),
        usersExpected: PERSONAS.length,
        one,
        all: both.before,
        afterKill: both.after,
        acknowledged: acks.size,
        lost,
        unacknowledged,
        doublePosted,
        cutByKill: cut.length,
        chain,
        jobs: jobFigures,
        ledgerOk: ledger.ok,
        problems,
      }
    } finally {
      await db.close()
    }
  } finally {
    await cluster.stop()
    await withAdmin(options.postgresUrl, (admin) =>
      admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
    ).catch(() => undefined)
  }
}

export function formatClusterResult(r: ClusterResult): string {
  const t = (x: Throughput) => `${x.perSecond}/s (p50 ${x.p50Ms} ms, p99 ${x.p99Ms} ms, ${x.requests} requests)`
  return [
    `[cluster] ${r.instances} servers started together in ${r.startMs} ` +
      `ms; users seeded ${r.usersSeeded} of ${r.usersExpected}`,
    `[cluster] throughput through HAProxy: 1 server ${t(r.one)} · ${r.instances} ` +
      `servers ${t(r.all)} · after one was killed ${t(r.afterKill)}`,
    `[cluster] acknowledged ${r.acknowledged} · lost ${r.lost} · unacknowledged ${r.unacknowledged} ` +
      `· double-posted ${r.doublePosted} · cut by the kill ${r.cutByKill}`,
    `[cluster] chain transfers ${r.chain.acknowledged}: credited once ${r.chain.creditedOnce}, ` +
      `twice ${r.chain.creditedTwice}, not ${r.chain.notCredited} · jobs ran ${r.jobs.ran} (${r.jobs.retried} after ` +
      `a retry), failed ${r.jobs.failed}, left due ${r.jobs.leftDue} · ` +
      `ledger ${r.ledgerOk ? 'ok' : 'FAILED'}` +
      `${r.problems.length ? `\n[cluster] problems: ${r.problems.join('; ')}` : ''}`,
  ].join('\n')
}
