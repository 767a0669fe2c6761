/**
 * `npm run bench`, in three parts (bounded: a few minutes in all):
 * 1. Size: each standalone webview page's first load (JS and CSS, gzip, from the build manifest) against a
 *    bare React page built the same way, and its budget (scripts/bundle-size.ts).
 * 2. Lighthouse (mobile preset, Debian Chromium) of each webview page against the production server started
 *    here on a free port (built dist/, seeded in-memory database), signed in as the personal holder through
 *    the API (the session cookie goes in `extraHeaders`): LCP, TBT and the performance score.
 *    `BENCH_LIGHTHOUSE=0` skips it.
 * 3. Server throughput on the embedded database (in-memory PGlite, one process): card authorization
 *    decisions and ledger postings, each at 50 requests in flight (2000 requests or 60 s), through the whole HTTP stack in-process
 *    (no network), printing rate and latency percentiles.
 */
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { createServer } from 'node:net'
import { resolve } from 'node:path'
import { build } from 'vite'
import { WEBVIEW_PAGES } from '../domain/webview-pages'
import { formatSizeTable, measureBundles } from './bundle-size'
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
/** Each server run stops starting requests after this long, so the whole bench stays bounded on a slow machine. */
const MAX_MS = Number(process.env.BENCH_SECONDS_PER_RUN ?? 60) * 1000

async function run(label: string, once: (i: number) => Promise<boolean>) {
  const latencies: number[] = []
  let next = 0
  let failed = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < TOTAL && performance.now() - started < MAX_MS) {
        const i = next++
        const t0 = performance.now()
        if (!(await once(i))) failed++
        latencies.push(performance.now() - t0)
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  const done = latencies.length
  latencies.sort((a, b) => a - b)
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(1)
  process.stdout.write(`${label.padEnd(34)} ${String(done).padStart(5)} requests  ${(done / seconds).toFixed(0).padStart(5)}/s  p50 ${pct(50).padStart(6)} ms  p99 ${pct(99).padStart(6)} ms  failed ${failed}\n`)
}

const ROOT = resolve(import.meta.dirname, '..')
const say = (line: string) => process.stdout.write(`${line}\n`)

const freePort = () =>
  new Promise<number>((ok, fail) => {
    const probe = createServer()
    probe.once('error', fail)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => ok(port))
    })
  })

// 1. Size, from the production build in dist/ (what `npm start` serves).
say('Cash benchmarks')
say('')
say('1. First load of each webview page (gzip; entry + static imports + CSS; budget in scripts/bundle-size.ts)')
// BENCH_DIST_DIR measures another build instead (say, an older commit's, to compare); else this one is built.
const DIST = process.env.BENCH_DIST_DIR ? resolve(process.env.BENCH_DIST_DIR) : resolve(ROOT, 'dist')
if (!process.env.BENCH_DIST_DIR) await build({ configFile: resolve(ROOT, 'vite.config.ts'), root: ROOT, logLevel: 'warn' })
const sizes = await measureBundles({ distDir: DIST })
say(formatSizeTable(sizes))
say('   "then, in parallel": the bridge, session, schemas, messages and the embed: preloaded by the HTML beside the entry, not blocking its first paint.')

// 2. Lighthouse against the production server.
async function lighthouseRuns() {
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: ':memory:', LOG_LEVEL: 'warn', DATABASE_URL: '', DIST_DIR: DIST },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const { default: lighthouse } = await import('lighthouse')
  const chromeLauncher = await import('chrome-launcher')
  let chrome: Awaited<ReturnType<typeof chromeLauncher.launch>> | undefined
  try {
    const deadline = Date.now() + 90_000
    for (;;) {
      if (Date.now() > deadline) throw new Error('the server did not start within 90 s')
      try {
        if ((await fetch(`${origin}/app/cash/api/v1/health`)).ok) break
      } catch {
        // Not yet.
      }
      await new Promise((r) => setTimeout(r, 200))
    }
    const signIn = await fetch(`${origin}/app/cash/api/v1/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify({ email: 'personal@demo.cash', password: DEMO_PASSWORD }) })
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]
    if (!signIn.ok || !cookie) throw new Error(`sign-in failed: ${signIn.status}`)
    chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] })
    say(`   signed in as the personal holder (session cookie); Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile preset, simulated throttling`)
    say(`${'page'.padEnd(30)} ${'LCP'.padStart(8)} ${'TBT'.padStart(8)} ${'score'.padStart(6)}  LCP element`)
    for (const page of Object.keys(WEBVIEW_PAGES)) {
      const runner = await lighthouse(`${origin}/app/cash/webview/${page}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], extraHeaders: { Cookie: cookie } })
      const lhr = runner?.lhr
      if (!lhr) throw new Error(`Lighthouse gave no result for ${page}`)
      const ms = (id: string) => `${Math.round(lhr.audits[id]?.numericValue ?? NaN)} ms`
      const score = Math.round((lhr.categories.performance?.score ?? 0) * 100)
      // What the largest paint was (a heading of the signed-in page, not a sign-in prompt).
      const lcpItems = (lhr.audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { snippet?: string; nodeLabel?: string } }[] }[] } | undefined)?.items
      const node = lcpItems?.[0]?.items?.[0]?.node
      const element = node ? `${node.snippet?.match(/^<\w+/)?.[0] ?? ''}> ${(node.nodeLabel ?? '').replace(/\s+/g, ' ').slice(0, 40)}` : ''
      say(`${page.padEnd(30)} ${ms('largest-contentful-paint').padStart(8)} ${ms('total-blocking-time').padStart(8)} ${String(score).padStart(6)}  ${element}${lhr.runtimeError ? `  (${lhr.runtimeError.message})` : ''}`)
    }
  } finally {
    chrome?.kill()
    server.kill('SIGTERM')
  }
}
say('')
say('2. Lighthouse of each webview page against the production server (built dist/, seeded in-memory database)')
if (process.env.BENCH_LIGHTHOUSE === '0') say('   skipped (BENCH_LIGHTHOUSE=0)')
else await lighthouseRuns()
say('')
say('3. Server')

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

process.stdout.write(`Cash server benchmark · PGlite in memory · ${CONCURRENCY} in flight · ${TOTAL} requests or ${MAX_MS / 1000} s per run · Node ${process.version}\n`)
await run('card authorization decisions', async () => {
  const res = await post(`/sandbox/cards/${CARD_IDS.personal}/purchases`, { amount: '0.01', merchantName: 'Bench Coffee', mcc: '5812' })
  return res.ok && ((await res.json()) as { approved: boolean }).approved
})
await run('ledger postings (idempotent deposits)', async (i) => (await post('/sandbox/deposits', { accountId: ACCOUNT_IDS.personal, asset: 'USDC', amount: '1' }, { 'idempotency-key': `bench-${i}-${randomUUID()}` })).ok)
await db.close()
