/**
 * `npm run bench` (scripts/bench.sh: finds PostgreSQL as `npm test` does, then runs this), in three parts
 * (bounded: ten minutes or so in all on the 2-core machine):
 * 1. Size: each standalone webview page's first load (JS and CSS, gzip, from the build manifest) against a
 *    bare React page built the same way, and its budget (scripts/bundle-size.ts). `BENCH_SIZE=0` skips it.
 * 2. Pages, against the production server started here on a free port (built dist/, seeded in-memory
 *    database), which also serves the bare React page (bench/bare-react, built here with the same React plugin,
 *    at /app/cash/bench/bare: CASH_BENCH_PAGE_DIR, server/http/bench-page.ts), so both go through the same
 *    server, compression and headers. For each webview page, home (`/app/cash`) and the bare page, signed in as
 *    the personal holder through the API (the session cookie goes in `extraHeaders`), and sign-in signed out:
 *    - Lighthouse (mobile preset, simulated throttling, Debian Chromium, a fresh one per run), 3 runs each
 *      (`BENCH_LIGHTHOUSE_RUNS`) in rounds over all pages: the median LCP, and the TBT and score of that run;
 *    - first-paint bytes (scripts/first-paint-bytes.ts): the HTML, its entry, everything it preloads, its CSS
 *      and classic scripts, and the entry's static imports, gzip as the server sends them, and their ratio to
 *      the bare page's; beside it, what else the median run fetched before its LCP (a lazy chunk, API data).
 *    `BENCH_LIGHTHOUSE=0` skips it.
 * 3. Server (scripts/bench-server.ts): card authorizations as the card network sends them (signed webhooks)
 *    and ledger postings, on PGlite in memory, PGlite on disk and PostgreSQL, closed loop (50 in flight) and
 *    open loop (Poisson arrivals at a fixed rate), each beside floors measured in the same run (a trivial
 *    route; one INSERT in a transaction) and the machine's load average while it ran.
 * `--json` prints, as the last line, one JSON object with every figure (benchJson); part 2 adds
 * `pages: [{page, lcpMs, score, tbtMs, firstPaintGzipBytes, bareGzipBytes, bareLcpMs, ratio, lcpRunsMs, …}]`,
 * `barePage` and `pagesSettings`.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { build } from 'vite'
import { WEBVIEW_PAGES } from '../domain/webview-pages'
import { BENCH_PAGE_PATH } from '../server/http/bench-page'
import { buildBare, formatSizeTable, KB, measureBundles, readManifest, type SizeReport } from './bundle-size'
import { fetchEncoded, measureFirstPaint, type FirstPaint } from './first-paint-bytes'
import { DEMO_PASSWORD } from '../fixtures/personas'
import type { LoadDuring } from './bench-loops'
import {
  benchServer,
  benchSettings,
  declineReasons,
  type Figure,
  type Floor,
  type HistoryFigure,
  type LatencyFigure,
  type OpenFigure,
  type ServerBench,
} from './bench-server'
import { freePort } from '../server/testing/free-port'

const JSON_OUT = process.argv.includes('--json')
// PostgreSQL is part of the bench: scripts/bench.sh finds one (or starts one); without it the bench fails, never skips.
const POSTGRES = process.env.CASH_TEST_DATABASE_URL
if (!POSTGRES) {
  process.stderr.write(
    '[cash] ERROR: the bench needs PostgreSQL: run `npm run bench` ' +
      '(scripts/bench.sh finds or starts one) or set CASH_TEST_DATABASE_URL.\n',
  )
  process.exit(1)
}
const loadAtStart = loadavg()
const rounded = (l: number[]) => l.map((n) => Math.round(n * 100) / 100)

const ROOT = resolve(import.meta.dirname, '..')
const say = (line: string) => process.stdout.write(`${line}\n`)

// 1. Size, from the production build in dist/ (what `npm start` serves).
say('Cash benchmarks')
say('')
say('1. First load of each webview page (gzip; entry + static imports + CSS; budget in scripts/bundle-size.ts)')
// BENCH_DIST_DIR measures another build instead (say, an older commit's, to compare); else this one is built.
const DIST = process.env.BENCH_DIST_DIR ? resolve(process.env.BENCH_DIST_DIR) : resolve(ROOT, 'dist')
const SIZE = process.env.BENCH_SIZE !== '0'
const LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE !== '0'
if (!process.env.BENCH_DIST_DIR && (SIZE || LIGHTHOUSE)) {
  // As `npm run build`: the pages, then the module the server draws their first screens with.
  await build({ configFile: resolve(ROOT, 'vite.config.ts'), root: ROOT, logLevel: 'warn' })
  await build({ configFile: resolve(ROOT, 'vite.config.ts'), root: ROOT, logLevel: 'warn', build: { ssr: true } })
}
let sizes: SizeReport | undefined
if (!SIZE) say('   skipped (BENCH_SIZE=0)')
else {
  sizes = await measureBundles({ distDir: DIST })
  say(formatSizeTable(sizes))
  say(
    '   "then, in parallel": the bridge, session, schemas, messages and the ' +
      'embed: preloaded by the HTML beside the entry, not blocking its first paint.',
  )
}

// 2. Lighthouse and first-paint bytes against the production server, beside the bare React page it serves too.
/**
 * The pages the issue names (the webview pages, home signed in, sign-in signed out), by the name the JSON gives them.
 */
const LIGHTHOUSE_PAGES: { page: string; path: string; signedIn: boolean }[] = [
  ...Object.keys(WEBVIEW_PAGES).map((page) => ({
    page: `webview/${page}`,
    path: `/app/cash/webview/${page}`,
    signedIn: true,
  })),
  { page: 'home', path: '/app/cash', signedIn: true },
  { page: 'sign-in', path: '/app/cash/sign-in', signedIn: false },
]
const BARE = { page: 'bare React', path: BENCH_PAGE_PATH, signedIn: false }
const BARE_BASE = `${BENCH_PAGE_PATH}/`
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS) || 3)

type LighthouseRun = {
  lcpMs: number
  tbtMs: number
  score: number
  element: string
  error?: string
  beforeLcp: string[]
}
type PageFigure = {
  page: string
  /** The median of the runs' LCP; `score` and `tbtMs` are that same run's. */
  lcpMs: number
  score: number
  tbtMs: number
  firstPaintGzipBytes: number
  bareGzipBytes: number
  bareLcpMs: number
  ratio: number
  lcpRunsMs: number[]
  scoreRuns: number[]
  tbtRunsMs: number[]
  lcpElement: string
  /**
   * What the first-paint bytes are: the HTML and each file, as sent (`encoding`: gzip, or identity for a file too small
   * to compress).
   */
  firstPaintFiles: { url: string; gzipBytes: number; encoding: string }[]
  /**
   * Fetched before the LCP in the median run (unthrottled trace) yet not in the first-paint bytes: a lazily loaded
   * chunk, an API answer.
   */
  beforeLcpNotCounted: { url: string; gzipBytes: number }[]
}
type PagesReport = {
  pages: PageFigure[]
  bare: Omit<PageFigure, 'bareGzipBytes' | 'bareLcpMs' | 'ratio'>
  lighthouse: string
  runsPerPage: number
  load: { start: number[]; end: number[] }
}

const median = (runs: LighthouseRun[]) =>
  [...runs].sort((a, b) => (Number.isNaN(a.lcpMs) ? 1 : Number.isNaN(b.lcpMs) ? -1 : a.lcpMs - b.lcpMs))[
    Math.floor((runs.length - 1) / 2)
  ]!

async function lighthouseRuns(): Promise<PagesReport> {
  const loadStart = loadavg()
  // The bare page: built here, served by the same server process (CASH_BENCH_PAGE_DIR, server/http/bench-page.ts).
  const bareDir = mkdtempSync(join(tmpdir(), 'cash-bench-bare-'))
  let server: ChildProcess | undefined
  try {
    await buildBare(bareDir, BARE_BASE)
    const port = await freePort()
    const origin = `http://127.0.0.1:${port}`
    server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: ':memory:',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        DIST_DIR: DIST,
        CASH_BENCH_PAGE_DIR: bareDir,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    const { default: lighthouse } = await import('lighthouse')
    const lighthouseVersion = (await import('lighthouse/package.json', { with: { type: 'json' } })).default.version
    const chromeLauncher = await import('chrome-launcher')
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
    const signIn = await fetch(`${origin}/app/cash/api/v1/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email: 'personal@demo.cash', password: DEMO_PASSWORD }),
    })
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]
    if (!signIn.ok || !cookie) throw new Error(`sign-in failed: ${signIn.status}`)
    const headersFor = (signedIn: boolean): Record<string, string> => (signedIn ? { Cookie: cookie } : {})

    // First-paint bytes: what each page's HTML makes the browser fetch, gzip, from this server.
    const manifest = readManifest(DIST)
    const bareManifest = readManifest(bareDir)
    const firstPaint = new Map<string, FirstPaint>()
    for (const target of [...LIGHTHOUSE_PAGES, BARE]) {
      const bare = target === BARE
      const fp = await measureFirstPaint(`${origin}${target.path}`, {
        headers: headersFor(target.signedIn),
        manifest: bare ? bareManifest : manifest,
        base: bare ? BARE_BASE : '/app/cash/',
      })
      // Every page and the bare one must be compressed alike, or the ratio compares the server, not the pages.
      const plain = [fp.html, ...fp.files].filter((f) => f.encoding !== 'gzip' && f.bytes >= 1024)
      if (plain.length)
        throw new Error(
          `${target.page}: sent without gzip: ${plain.map((f) => `${f.url} (${f.bytes} bytes)`).join(', ')}`,
        )
      firstPaint.set(target.page, fp)
    }

    // Lighthouse: RUNS rounds over every page and the bare one (a slower minute of the machine falls on all
    // alike), each run in a fresh Chromium (no cache, no cookie left by another page).
    say(
      `   Lighthouse ${lighthouseVersion}, mobile preset, simulated throttling; ${RUNS} ` +
        `run${RUNS === 1 ? '' : 's'} of each page in rounds, a fresh Chromium each; home and the ` +
        `webview pages signed in as the personal holder (session cookie), sign-in signed out; ` +
        `the bare React page (bench/bare-react) served by the same server at ${BENCH_PAGE_PATH}`,
    )
    const runs = new Map<string, LighthouseRun[]>()
    for (let round = 0; round < RUNS; round++) {
      for (const target of [...LIGHTHOUSE_PAGES, BARE]) {
        const chrome = await chromeLauncher.launch({
          chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
        })
        try {
          const runner = await lighthouse(`${origin}${target.path}`, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance'],
            ...(target.signedIn ? { extraHeaders: headersFor(true) } : {}),
          })
          const lhr = runner?.lhr
          if (!lhr) throw new Error(`Lighthouse gave no result for ${target.page}`)
          runs.set(target.page, [...(runs.get(target.page) ?? []), lighthouseRun(lhr, origin)])
        } finally {
          chrome.kill()
        }
      }
    }

    const figure = async (target: { page: string; signedIn: boolean }) => {
      const all = runs.get(target.page)!
      const mid = median(all)
      const fp = firstPaint.get(target.page)!
      const counted = new Set([fp.url, ...fp.urls.all])
      const beforeLcpNotCounted: { url: string; gzipBytes: number }[] = []
      for (const url of mid.beforeLcp.filter((u) => !counted.has(u))) {
        const got = await fetchEncoded(url, headersFor(target.signedIn))
        if (got.status === 200) beforeLcpNotCounted.push({ url: url.slice(origin.length), gzipBytes: got.bytes })
      }
      return {
        page: target.page,
        lcpMs: mid.lcpMs,
        score: mid.score,
        tbtMs: mid.tbtMs,
        firstPaintGzipBytes: fp.total,
        firstPaintFiles: [fp.html, ...fp.files]
          .map((f) => ({ url: f.url.slice(origin.length), gzipBytes: f.bytes, encoding: f.encoding }))
          .sort((a, b) => b.gzipBytes - a.gzipBytes),
        lcpRunsMs: all.map((r) => r.lcpMs),
        scoreRuns: all.map((r) => r.score),
        tbtRunsMs: all.map((r) => r.tbtMs),
        lcpElement: mid.element + (mid.error ? `  (${mid.error})` : ''),
        beforeLcpNotCounted,
      }
    }
    const bare = await figure(BARE)
    const pages: PageFigure[] = []
    for (const target of LIGHTHOUSE_PAGES) {
      const { page, lcpMs, score, tbtMs, firstPaintGzipBytes, ...rest } = await figure(target)
      const ratio = Math.round((firstPaintGzipBytes / bare.firstPaintGzipBytes) * 100) / 100
      pages.push({
        page,
        lcpMs,
        score,
        tbtMs,
        firstPaintGzipBytes,
        bareGzipBytes: bare.firstPaintGzipBytes,
        bareLcpMs: bare.lcpMs,
        ratio,
        ...rest,
      })
    }
    return {
      pages,
      bare,
      lighthouse: lighthouseVersion,
      runsPerPage: RUNS,
      load: { start: rounded(loadStart), end: rounded(loadavg()) },
    }
  } finally {
    server?.kill('SIGTERM')
    rmSync(bareDir, { recursive: true, force: true })
  }
}

/** One Lighthouse run's figures, and the same-origin requests that finished before its (observed) LCP. */
function lighthouseRun(lhr: import('lighthouse').Result, origin: string): LighthouseRun {
  const value = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN)
  // What the largest paint was (a heading of the signed-in page, not a sign-in prompt).
  const lcpItems = (
    lhr.audits['largest-contentful-paint-element']?.details as
      | { items?: { items?: { node?: { snippet?: string; nodeLabel?: string } }[] }[] }
      | undefined
  )?.items
  const node = lcpItems?.[0]?.items?.[0]?.node
  const element = node
    ? `${node.snippet?.match(/^<\w+/)?.[0] ?? ''}> ${(node.nodeLabel ?? '').replace(/\s+/g, ' ').slice(0, 40)}`
    : ''
  // The trace's LCP (unthrottled, as loaded) against each request's end, both in trace microseconds.
  const metrics = (
    lhr.audits.metrics?.details as { items?: { observedLargestContentfulPaintTs?: number }[] } | undefined
  )?.items?.[0]
  const network = lhr.audits['network-requests']?.details as
    | {
        items?: { url: string; networkEndTime?: number; resourceType?: string }[]
        debugData?: { networkStartTimeTs?: number }
      }
    | undefined
  const lcpTs = metrics?.observedLargestContentfulPaintTs
  const startTs = network?.debugData?.networkStartTimeTs
  const beforeLcp =
    lcpTs === undefined || startTs === undefined
      ? []
      : (network?.items ?? [])
          .filter(
            (r) =>
              r.url.startsWith(`${origin}/`) &&
              r.resourceType !== 'Document' &&
              r.networkEndTime !== undefined &&
              startTs + r.networkEndTime * 1000 <= lcpTs,
          )
          .map((r) => r.url)
  return {
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    element,
    ...(lhr.runtimeError ? { error: lhr.runtimeError.message } : {}),
    beforeLcp: [...new Set(beforeLcp)],
  }
}

function formatPagesTable(report: PagesReport): string {
  const kb = (n: number) => (n / KB).toFixed(1)
  const ms = (n: number) => (Number.isFinite(n) ? String(n) : '–')
  const extra = (f: { beforeLcpNotCounted: { gzipBytes: number }[] }) =>
    f.beforeLcpNotCounted.length
      ? `+${kb(f.beforeLcpNotCounted.reduce((s, x) => s + x.gzipBytes, 0))} (${f.beforeLcpNotCounted.length})`
      : '–'
  const head = [
    'page',
    'LCP',
    'LCP runs',
    'TBT',
    'score',
    'first paint KB',
    'bare KB',
    'ratio',
    'bare LCP',
    'also before LCP',
    'LCP element',
  ]
  const rows = [
    ...report.pages.map((p) => [
      p.page,
      ms(p.lcpMs),
      p.lcpRunsMs.map(ms).join('/'),
      ms(p.tbtMs),
      String(p.score),
      kb(p.firstPaintGzipBytes),
      kb(p.bareGzipBytes),
      `${p.ratio.toFixed(2)}×`,
      ms(p.bareLcpMs),
      extra(p),
      p.lcpElement,
    ]),
    [
      report.bare.page,
      ms(report.bare.lcpMs),
      report.bare.lcpRunsMs.map(ms).join('/'),
      ms(report.bare.tbtMs),
      String(report.bare.score),
      kb(report.bare.firstPaintGzipBytes),
      kb(report.bare.firstPaintGzipBytes),
      '1.00×',
      ms(report.bare.lcpMs),
      extra(report.bare),
      report.bare.lcpElement,
    ],
  ]
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd()
  return [line(head), ...rows.map(line)].join('\n')
}

say('')
say(
  '2. Lighthouse and first-paint bytes of each page against the production ' +
    'server (built dist/, seeded in-memory database), beside a bare React page',
)
let pagesReport: PagesReport | undefined
if (!LIGHTHOUSE) say('   skipped (BENCH_LIGHTHOUSE=0)')
else {
  pagesReport = await lighthouseRuns()
  say(
    `   LCP: the median of the ${pagesReport.runsPerPage} runs (ms); TBT (ms) and score: that median ` +
      `run's · first paint: the HTML, its entry, everything it preloads, its CSS and classic scripts, ` +
      `and the entry's static imports (build manifest), gzip as the server sends them; ratio = first ` +
      `paint / the bare page's · also before LCP: other requests the median run finished before its LCP ` +
      `(unthrottled trace; a lazily loaded chunk, an API answer), gzip KB (count), not in first paint`,
  )
  say(formatPagesTable(pagesReport))
  for (const p of [...pagesReport.pages, pagesReport.bare])
    if (p.beforeLcpNotCounted.length)
      say(
        `   ${p.page}, also before ` +
          `LCP: ${p.beforeLcpNotCounted.map((x) => `${x.url} ${(x.gzipBytes / KB).toFixed(1)} KB`).join(' · ')}`,
      )
  say(
    `   load average (1, 5, 15 min) during part ` +
      `2: ${pagesReport.load.start.join(', ')} → ${pagesReport.load.end.join(', ')}`,
  )
}
say('')
say('3. Server')

const { inFlight, total, maxSecondsPerRun, cards, openLoop } = benchSettings
say(
  "   production's HTTP adapter (@hono/node-server's listener) on in-memory requests, no sockets · " +
    `closed loop: ${inFlight} in flight, ${total} requests ` +
    `or ${maxSecondsPerRun} s per run · open loop: Poisson arrivals at ${openLoop.ratePerSecond}/s ` +
    `for ${openLoop.seconds} s after ${openLoop.warmUpSeconds} s of the same (measured apart), ` +
    'latency from each scheduled arrival, dropped = failed, later ' +
    `than ${openLoop.deadlineMs} ms, or refused with ${openLoop.maxInFlight} already waiting`,
)
say(
  `   authorizations: signed authorization.request events on POST /webhooks/card (the card network's ` +
    `call), 0.01 USDC each, round-robin over ${cards} card${cards === 1 ? '' : 's'} on as many accounts ` +
    `(BENCH_CARDS) · postings: idempotent sandbox deposits · each database fresh, migrated and seeded; ` +
    `job loop off · PostgreSQL: the server's pool (server/db/connect.ts) on ${new URL(POSTGRES).host}`,
)
say(
  `   load = the machine's 1-minute load average at the start → ` +
    `end of the run (highest 1 s sample), on ${cpus().length} cores · cpu = this process's CPU time (all its ` +
    `threads; not PostgreSQL's) per request, steadier than the rate on a busy machine`,
)
say('')
say(
  `${'figure'.padEnd(28)} ${'database'.padEnd(13)} ${'requests'.padStart(8)} ${'/s'.padStart(7)} ` +
    `${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'failed'.padStart(6)} ${'declined'.padStart(8)} ` +
    `${'cpu µs/req'.padStart(10)}  ${'load'.padEnd(18)}  floors in the same run`,
)
const fmt = (n: number, width: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–').padStart(width)
const showLoad = (l: LoadDuring) => `${l.start.toFixed(1)} → ${l.end.toFixed(1)} (${l.max.toFixed(1)})`.padEnd(18)
const floors: Partial<Record<keyof ServerBench, Floor>> = {}
const TRANSACTION_FLOOR = {
  'pglite-memory': 'floorTransaction',
  'pglite-disk': 'floorTransactionDisk',
  postgres: 'floorTransactionPostgres',
} as const
const besideFloors = (database: keyof typeof TRANSACTION_FLOOR) => {
  const route = floors.floorRoute
  const tx = floors[TRANSACTION_FLOOR[database]]
  return [
    route && `route ${route.perSecond.toFixed(0)}/s p99 ${route.p99Ms.toFixed(0)}`,
    tx && `transaction ${tx.perSecond.toFixed(0)}/s p99 ${tx.p99Ms.toFixed(0)}`,
  ]
    .filter(Boolean)
    .join(' · ')
}
const server = await benchServer(POSTGRES, (key, r) => {
  if ('empty' in r) {
    const l = r as LatencyFigure
    say(
      `${key.padEnd(28)} ${l.database.padEnd(13)} one decision at a time: account as seeded ${l.empty} ms · ` +
        `with ${l.busyMovements} movements and ${l.busyPendingPurchases} pending purchases ${l.busy} ms · ${l.ratio}×`,
    )
    return
  }
  if ('busyMovements' in r) {
    const h = r as HistoryFigure
    say(
      `${key.padEnd(28)} ${h.database.padEnd(13)} first page: small account ${h.small} ms · busy ` +
        `(${h.busyMovements} movements, ${h.busyPendingPurchases} pending purchases) ${h.busy} ms · ${h.ratio}×`,
    )
    return
  }
  if ('offeredPerSecond' in r) {
    const o = r as OpenFigure
    say(
      `${key.padEnd(28)} ${o.database.padEnd(13)} ${String(o.arrivals).padStart(8)} ${fmt(o.achievedPerSecond, 7)} ` +
        `${fmt(o.p50Ms, 8)} ${fmt(o.p99Ms, 8)} ${String(o.failed).padStart(6)} ${String(o.declined).padStart(8)} ` +
        `${''.padStart(10)}  ${showLoad(o.load)}  ${besideFloors(o.database)}`,
    )
    say(
      `${''.padEnd(28)} offered ${o.offeredPerSecond}/s · answered ${o.achievedPerSecond}/s · approved ` +
        `within ${benchSettings.openLoop.deadlineMs} ms ${o.withinDeadlinePerSecond}/s · dropped ${o.dropped} ` +
        `of ${o.arrivals} (refused ${o.refused}, late ${o.late}, failed ${o.failed}) · ${o.seconds} s` +
        (o.warmUp
          ? ` · after ${o.warmUp.seconds} s of the same warming the new server up (p50 ${o.warmUp.p50Ms} ms, ` +
            `p99 ${o.warmUp.p99Ms} ms, dropped ${o.warmUp.dropped})`
          : ''),
    )
    return
  }
  const c = r as Figure | Floor
  if (key.startsWith('floor')) floors[key] = c
  say(
    `${key.padEnd(28)} ${c.database.padEnd(13)} ${String(c.requests).padStart(8)} ${fmt(c.perSecond, 7)} ` +
      `${fmt(c.p50Ms, 8)} ${fmt(c.p99Ms, 8)} ${String(c.failed).padStart(6)} ${String(c.declined).padStart(8)} ` +
      `${String(c.cpuUsPerRequest).padStart(10)}  ${showLoad(c.load)}  ` +
      `${key.startsWith('floor') ? '' : besideFloors(c.database)}`,
  )
})
if (Object.keys(declineReasons).length)
  say(`   declined or failed authorizations by reason: ${JSON.stringify(declineReasons)}`)
const loadAtEnd = loadavg()
say(
  `   load average (1, 5, 15 min) at the start of the ` +
    `bench ${rounded(loadAtStart).join(', ')} · at the end ${rounded(loadAtEnd).join(', ')}`,
)

/** The one JSON object `--json` prints: every figure by name. A new figure is one more key here. */
function benchJson() {
  return {
    ...server,
    loadAverage: { start: rounded(loadAtStart), end: rounded(loadAtEnd) },
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? 'unknown',
      node: process.version,
      platform: `${process.platform} ${process.arch}`,
    },
    settings: benchSettings,
    declineReasons,
    ...(pagesReport
      ? {
          pages: pagesReport.pages,
          barePage: pagesReport.bare,
          pagesSettings: {
            lighthouse: pagesReport.lighthouse,
            preset: 'mobile, simulated throttling',
            runsPerPage: pagesReport.runsPerPage,
            lcp: 'median of the runs; score and tbtMs of that median run',
            loadAverage: pagesReport.load,
          },
        }
      : {}),
    ...(sizes
      ? {
          sizes: {
            bareReact: sizes.bare.total,
            pages: Object.fromEntries(
              sizes.pages.map((p) => [p.page, { total: p.total, js: p.js, css: p.css, budget: p.budget, ok: p.ok }]),
            ),
          },
        }
      : {}),
  }
}
if (JSON_OUT) say(JSON.stringify(benchJson()))
