/**
 * `npm run bench`: server throughput on the embedded database (in-memory PGlite, one process).
 * Card authorization decisions and ledger postings, each at 50 requests in flight, through the whole HTTP
 * stack in-process (no network), printing rate and latency percentiles.
 */
import { randomUUID } from 'node:crypto'
import { DEFAULT_PRICES } from '../domain/prices'
import { createPriceBook } from '../server/borrow/price-book'
import { ACCOUNT_IDS, CARD_IDS, DEMO_PASSWORD } from '../fixtures/personas'
import { createApp } from '../server/app'
import { loadConfig } from '../server/config'
import { connectPglite } from '../server/db/connect'
import { migrate } from '../server/db/migrate'
import { createLogger } from '../server/log'
import { seedPersonas } from '../server/seed'

const CONCURRENCY = 50
const TOTAL = Number(process.env.BENCH_REQUESTS ?? 2000)

async function run(label: string, once: (i: number) => Promise<boolean>) {
  const latencies: number[] = []
  let next = 0
  let failed = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < TOTAL) {
        const i = next++
        const t0 = performance.now()
        if (!(await once(i))) failed++
        latencies.push(performance.now() - t0)
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(1)
  process.stdout.write(`${label.padEnd(34)} ${String(TOTAL).padStart(5)} requests  ${(TOTAL / seconds).toFixed(0).padStart(5)}/s  p50 ${pct(50).padStart(6)} ms  p99 ${pct(99).padStart(6)} ms  failed ${failed}\n`)
}

const db = await connectPglite(':memory:')
await migrate(db)
const config = { ...loadConfig({ CASH_ENV: 'test', DATA_DIR: ':memory:' }), AUTH_RATE_LIMIT: 100_000 }
const deps = { db, config, log: createLogger('silent'), now: () => new Date(), newId: randomUUID, prices: () => DEFAULT_PRICES, priceBook: createPriceBook() }
await seedPersonas(deps)
const { app } = createApp(deps)
const signIn = async (email: string) => ((await (await app.request('/app/cash/api/v1/auth/sign-in', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD, client: 'native' }) })).json()) as { token: string }).token
const admin = await signIn('admin@demo.cash')
const post = (path: string, body: unknown, extra: Record<string, string> = {}) =>
  app.request(`/app/cash/api/v1${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}`, ...extra }, body: JSON.stringify(body) })

process.stdout.write(`Cash server benchmark · PGlite in memory · ${CONCURRENCY} in flight · Node ${process.version}\n`)
await run('card authorization decisions', async () => {
  const res = await post(`/sandbox/cards/${CARD_IDS.personal}/purchases`, { amount: '0.01', merchantName: 'Bench Coffee', mcc: '5812' })
  return res.ok && ((await res.json()) as { approved: boolean }).approved
})
await run('ledger postings (idempotent deposits)', async (i) => (await post('/sandbox/deposits', { accountId: ACCOUNT_IDS.personal, asset: 'USDC', amount: '1' }, { 'idempotency-key': `bench-${i}-${randomUUID()}` })).ok)
await db.close()
