/**
 * `npm run bench` (scripts/bench.sh: finds PostgreSQL as `npm test` does, then runs this), in three parts
 * (bounded: a few minutes in all):
 * 1. Size: each standalone webview page's first load (JS and CSS, gzip, from the build manifest) against a
 *    bare React page built the same way, and its budget (scripts/bundle-size.ts). `BENCH_SIZE=0` skips it.
 * 2. Lighthouse (mobile preset, Debian Chromium) of each webview page against the production server started
 *    here on a free port (built dist/, seeded in-memory database), signed in as the personal holder through
 *    the API (the session cookie goes in `extraHeaders`): LCP, TBT and the performance score.
 *    `BENCH_LIGHTHOUSE=0` skips it.
 * 3. Server (scripts/bench-server.ts): card authorizations as the card network sends them (signed webhooks)
 *    and ledger postings, on PGlite in memory, PGlite on disk and PostgreSQL, closed loop (50 in flight) and
 *    open loop (Poisson arrivals at a fixed rate), each beside floors measured in the same run (a trivial
 *    route; one INSERT in a transaction) and the machine's load average while it ran.
 * `--json` prints, as the last line, one JSON object with every figure (benchJson).
 */
import { spawn } from 'node:child_process'
import { cpus, loadavg } from 'node:os'
import { createServer } from 'node:net'
import { resolve } from 'node:path'
import { build } from 'vite'
import { WEBVIEW_PAGES } from '../domain/webview-pages'
import { formatSizeTable, measureBundles, type SizeReport } from './bundle-size'
import { DEMO_PASSWORD } from '../fixtures/personas'
import type { LoadDuring } from './bench-loops'
import { benchServer, benchSettings, declineReasons, type Figure, type Floor, type HistoryFigure, type LatencyFigure, type OpenFigure, type ServerBench } from './bench-server'

const JSON_OUT = process.argv.includes('--json')
// PostgreSQL is part of the bench: scripts/bench.sh finds one (or starts one); without it the bench fails, never skips.
const POSTGRES = process.env.CASH_TEST_DATABASE_URL
if (!POSTGRES) {
  process.stderr.write('[cash] ERROR: the bench needs PostgreSQL: run `npm run bench` (scripts/bench.sh finds or starts one) or set CASH_TEST_DATABASE_URL.\n')
  process.exit(1)
}
const loadAtStart = loadavg()

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
const SIZE = process.env.BENCH_SIZE !== '0'
const LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE !== '0'
if (!process.env.BENCH_DIST_DIR && (SIZE || LIGHTHOUSE)) await build({ configFile: resolve(ROOT, 'vite.config.ts'), root: ROOT, logLevel: 'warn' })
let sizes: SizeReport | undefined
if (!SIZE) say('   skipped (BENCH_SIZE=0)')
else {
  sizes = await measureBundles({ distDir: DIST })
  say(formatSizeTable(sizes))
  say('   "then, in parallel": the bridge, session, schemas, messages and the embed: preloaded by the HTML beside the entry, not blocking its first paint.')
}

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
if (!LIGHTHOUSE) say('   skipped (BENCH_LIGHTHOUSE=0)')
else await lighthouseRuns()
say('')
say('3. Server')

const { inFlight, total, maxSecondsPerRun, cards, openLoop } = benchSettings
say(`   in-process HTTP (app.request, no sockets) · closed loop: ${inFlight} in flight, ${total} requests or ${maxSecondsPerRun} s per run · open loop: Poisson arrivals at ${openLoop.ratePerSecond}/s for ${openLoop.seconds} s, latency from each scheduled arrival, dropped = failed, later than ${openLoop.deadlineMs} ms, or refused with ${openLoop.maxInFlight} already waiting`)
say(`   authorizations: signed authorization.request events on POST /webhooks/card (the card network's call), 0.01 USDC each, round-robin over ${cards} card${cards === 1 ? '' : 's'} on as many accounts (BENCH_CARDS) · postings: idempotent sandbox deposits · each database fresh, migrated and seeded; job loop off · PostgreSQL: the server's pool (server/db/connect.ts) on ${new URL(POSTGRES).host}`)
say(`   load = the machine's 1-minute load average at the start → end of the run (highest 1 s sample), on ${cpus().length} cores`)
say('')
say(`${'figure'.padEnd(28)} ${'database'.padEnd(13)} ${'requests'.padStart(8)} ${'/s'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'failed'.padStart(6)} ${'declined'.padStart(8)}  ${'load'.padEnd(18)}  floors in the same run`)
const fmt = (n: number, width: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–').padStart(width)
const showLoad = (l: LoadDuring) => `${l.start.toFixed(1)} → ${l.end.toFixed(1)} (${l.max.toFixed(1)})`.padEnd(18)
const floors: Partial<Record<keyof ServerBench, Floor>> = {}
const TRANSACTION_FLOOR = { 'pglite-memory': 'floorTransaction', 'pglite-disk': 'floorTransactionDisk', postgres: 'floorTransactionPostgres' } as const
const besideFloors = (database: keyof typeof TRANSACTION_FLOOR) => {
  const route = floors.floorRoute
  const tx = floors[TRANSACTION_FLOOR[database]]
  return [route && `route ${route.perSecond.toFixed(0)}/s p99 ${route.p99Ms.toFixed(0)}`, tx && `transaction ${tx.perSecond.toFixed(0)}/s p99 ${tx.p99Ms.toFixed(0)}`].filter(Boolean).join(' · ')
}
const server = await benchServer(POSTGRES, (key, r) => {
  if ('empty' in r) {
    const l = r as LatencyFigure
    say(`${key.padEnd(28)} ${l.database.padEnd(13)} one decision at a time: account as seeded ${l.empty} ms · with ${l.busyMovements} movements and ${l.busyPendingPurchases} pending purchases ${l.busy} ms · ${l.ratio}×`)
    return
  }
  if ('busyMovements' in r) {
    const h = r as HistoryFigure
    say(`${key.padEnd(28)} ${h.database.padEnd(13)} first page: small account ${h.small} ms · busy (${h.busyMovements} movements, ${h.busyPendingPurchases} pending purchases) ${h.busy} ms · ${h.ratio}×`)
    return
  }
  if ('offeredPerSecond' in r) {
    const o = r as OpenFigure
    say(`${key.padEnd(28)} ${o.database.padEnd(13)} ${String(o.arrivals).padStart(8)} ${fmt(o.achievedPerSecond, 7)} ${fmt(o.p50Ms, 8)} ${fmt(o.p99Ms, 8)} ${String(o.failed).padStart(6)} ${String(o.declined).padStart(8)}  ${showLoad(o.load)}  ${besideFloors(o.database)}`)
    say(`${''.padEnd(28)} offered ${o.offeredPerSecond}/s · answered ${o.achievedPerSecond}/s · approved within ${benchSettings.openLoop.deadlineMs} ms ${o.withinDeadlinePerSecond}/s · dropped ${o.dropped} of ${o.arrivals} (refused ${o.refused}, late ${o.late}, failed ${o.failed}) · ${o.seconds} s`)
    return
  }
  const c = r as Figure | Floor
  if (key.startsWith('floor')) floors[key] = c
  say(`${key.padEnd(28)} ${c.database.padEnd(13)} ${String(c.requests).padStart(8)} ${fmt(c.perSecond, 7)} ${fmt(c.p50Ms, 8)} ${fmt(c.p99Ms, 8)} ${String(c.failed).padStart(6)} ${String(c.declined).padStart(8)}  ${showLoad(c.load)}  ${key.startsWith('floor') ? '' : besideFloors(c.database)}`)
})
if (Object.keys(declineReasons).length) say(`   declined or failed authorizations by reason: ${JSON.stringify(declineReasons)}`)
const loadAtEnd = loadavg()
const rounded = (l: number[]) => l.map((n) => Math.round(n * 100) / 100)
say(`   load average (1, 5, 15 min) at the start of the bench ${rounded(loadAtStart).join(', ')} · at the end ${rounded(loadAtEnd).join(', ')}`)

/** The one JSON object `--json` prints: every figure by name. A new figure is one more key here. */
function benchJson() {
  return {
    ...server,
    loadAverage: { start: rounded(loadAtStart), end: rounded(loadAtEnd) },
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? 'unknown', node: process.version, platform: `${process.platform} ${process.arch}` },
    settings: benchSettings,
    declineReasons,
    ...(sizes ? { sizes: { bareReact: sizes.bare.total, pages: Object.fromEntries(sizes.pages.map((p) => [p.page, { total: p.total, js: p.js, css: p.css, budget: p.budget, ok: p.ok }])) } } : {}),
  }
}
if (JSON_OUT) say(JSON.stringify(benchJson()))
