/**
 * First-load size of each standalone webview page, from the build manifest: the page's entry chunk, every chunk
 * it imports statically (transitively; `dynamicImports` are loaded later and not counted) and their CSS, each
 * gzipped. Compared with a bare React page (bench/bare-react, one `<h1>`) built with the same plugins.
 * Used by `npm run bench` (the table) and scripts/bundle-size.test.ts (the budget).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { build } from 'vite'
import { WEBVIEW_PAGES, type EmbedName } from '../domain/webview-pages'

const ROOT = resolve(import.meta.dirname, '..')

/** 1 KB = 1000 bytes, as Vite and Lighthouse count. */
export const KB = 1000
/** The first-load budget of a webview page (JS + CSS, gzip), unless the page has its own line in PAGE_BUDGETS. */
export const DEFAULT_BUDGET = 110 * KB
/** Per-page budgets (by webview path, as in WEBVIEW_PAGES). Empty: every page fits the default. */
export const PAGE_BUDGETS: Partial<Record<keyof typeof WEBVIEW_PAGES, number>> = {}

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] }
export type Manifest = Record<string, ManifestChunk>

export type FirstLoad = {
  js: number
  css: number
  total: number
  files: { file: string; gzip: number }[]
  modules: string[]
}
/**
 * `app` is what the first-load code imports dynamically (with their static imports: the bridge, session, schemas,
 * messages and the embed), which the page's HTML preloads beside the entry without blocking its first paint
 * (vite.config.ts, `cash:preload-page-chunks`), for the record; the budget is on the first load. Chunks loaded
 * later on use (Sentry, the wallet library) are in neither.
 */
export type PageSize = FirstLoad & {
  page: string
  embed: EmbedName
  budget: number
  ok: boolean
  ratio: number
  app: FirstLoad
  notPreloaded: string[]
}
export type SizeReport = { pages: PageSize[]; bare: FirstLoad }

const gzipSize = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length

/** The gzip size of what a page loads before it can paint: its entry, static imports (transitively) and CSS. */
export function firstLoad(manifest: Manifest, outDir: string, entryKey: string): FirstLoad {
  return staticGraph(manifest, outDir, [entryKey], new Set())
}

/** What the first-load code imports dynamically (with their static imports), minus the first load. */
export function appLoad(manifest: Manifest, outDir: string, entryKey: string): FirstLoad {
  const first = staticGraph(manifest, outDir, [entryKey], new Set())
  const roots = [...new Set(first.modules.flatMap((m) => manifest[m]?.dynamicImports ?? []))]
  return staticGraph(manifest, outDir, roots, new Set(first.modules))
}

function staticGraph(manifest: Manifest, outDir: string, roots: string[], skip: Set<string>): FirstLoad {
  for (const key of roots) if (!manifest[key]) throw new Error(`${key} is not in the build manifest`)
  const seen = new Set<string>(skip)
  const modules: string[] = []
  const css = new Set<string>()
  const js: string[] = []
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    modules.push(key)
    const chunk = manifest[key]!
    js.push(chunk.file)
    for (const c of chunk.css ?? []) css.add(c)
    for (const i of chunk.imports ?? []) visit(i)
  }
  roots.forEach(visit)
  const skipCss = new Set([...skip].flatMap((k) => manifest[k]?.css ?? []))
  for (const c of skipCss) css.delete(c)
  const files = [...js, ...css]
    .map((file) => ({ file, gzip: gzipSize(join(outDir, file)) }))
    .sort((a, b) => b.gzip - a.gzip)
  const jsSize = files.filter((f) => f.file.endsWith('.js')).reduce((s, f) => s + f.gzip, 0)
  const cssSize = files.filter((f) => f.file.endsWith('.css')).reduce((s, f) => s + f.gzip, 0)
  return { js: jsSize, css: cssSize, total: jsSize + cssSize, files, modules }
}

export const readManifest = (outDir: string): Manifest =>
  JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest

/** Builds the pages (vite.config.ts) into a temporary folder, or reads an existing build (`distDir`). */
async function buildPages(outDir: string) {
  await build({
    configFile: resolve(ROOT, 'vite.config.ts'),
    root: ROOT,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, sourcemap: false },
  })
}

/**
 * The bare React page, built with the same plugin and base as ours. `npm run bench` builds it with the base the
 * server serves it at for Lighthouse (`/app/cash/bench/bare/`, server/http/bench-page.ts).
 */
export async function buildBare(outDir: string, base = '/app/cash/') {
  const root = resolve(ROOT, 'bench/bare-react')
  await build({
    configFile: false,
    root,
    base,
    plugins: [react()],
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true },
  })
}

/** Builds both (unless `distDir` is an existing build of the pages) and measures every webview page. */
export async function measureBundles(opts: { distDir?: string } = {}): Promise<SizeReport> {
  const temp = mkdtempSync(join(tmpdir(), 'cash-size-'))
  // Under vitest NODE_ENV is `test`, which would make Vite build React's development bundle.
  const nodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    const pagesDir = opts.distDir ?? join(temp, 'pages')
    if (!opts.distDir) await buildPages(pagesDir)
    const bareDir = join(temp, 'bare')
    await buildBare(bareDir)
    const bare = firstLoad(readManifest(bareDir), bareDir, 'index.html')
    const manifest = readManifest(pagesDir)
    const pages = Object.entries(WEBVIEW_PAGES).map(([page, { embed }]) => {
      const entry = `embeds/${embed}/index.html`
      const size = firstLoad(manifest, pagesDir, entry)
      const budget = PAGE_BUDGETS[page] ?? DEFAULT_BUDGET
      const app = appLoad(manifest, pagesDir, entry)
      const html = readFileSync(join(pagesDir, entry), 'utf8')
      const notPreloaded = app.files
        .filter(
          (f) => f.file.endsWith('.js') && !html.includes(`rel="modulepreload" crossorigin href="/app/cash/${f.file}"`),
        )
        .map((f) => f.file)
      return {
        page,
        embed,
        ...size,
        budget,
        ok: size.total <= budget,
        ratio: size.total / bare.total,
        app,
        notPreloaded,
      }
    })
    return { pages, bare }
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = nodeEnv
    rmSync(temp, { recursive: true, force: true })
  }
}

const kb = (n: number) => `${(n / KB).toFixed(1)} KB`

/** The size table `npm run bench` prints. */
export function formatSizeTable(report: SizeReport): string {
  const head = ['page', 'JS gz', 'CSS gz', 'total', 'bare React', 'ratio', 'budget', '', 'then, in parallel']
  const rows = report.pages.map((p) => [
    p.page,
    kb(p.js),
    kb(p.css),
    kb(p.total),
    kb(report.bare.total),
    `${p.ratio.toFixed(2)}×`,
    kb(p.budget),
    p.ok ? 'OK' : 'OVER',
    kb(p.app.total),
  ])
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd()
  return [line(head), ...rows.map(line)].join('\n')
}
