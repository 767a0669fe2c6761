import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Context, Hono } from 'hono'
import { encodedCopies, pickEncoding } from './content-encoding'

/** Where the bench's reference page is served: its HTML here, its files below `<path>/assets/`. */
export const BENCH_PAGE_PATH = '/app/cash/bench/bare'

/** Below this the build writes no compressed copy of an asset (vite.config.ts, MIN_BYTES): sent as it is. */
const MIN_BYTES = 512
const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  html: 'text/html; charset=UTF-8',
}
const ASSET = /^[\w.-]+\.(js|css)$/
const HASHED = /-[\w-]{8}\.(js|css)$/

type Copies = ReturnType<typeof encodedCopies>

/**
 * The reference page `npm run bench` measures ours against (bench/bare-react, built by the bench into a folder
 * of its own with base `/app/cash/bench/bare/`), served by the same server process as the pages, so both go
 * through the same middleware (security headers, CSP) and the same compression: brotli or gzip on
 * Accept-Encoding, the HTML always, assets from 512 bytes (what the build precompresses), at the levels the build
 * and server/http/static-pages.ts use. Mounted only when CASH_BENCH_PAGE_DIR names that folder
 * (server/config.ts; refused in production); a server without it has no such page.
 */
export function mountBenchPage(app: Hono, dir: string): void {
  const root = resolve(dir)
  const files = new Map<string, { copies: Copies; compress: boolean } | null>()
  const file = (path: string) => {
    if (!files.has(path)) {
      const full = resolve(root, path)
      if (!existsSync(full)) files.set(path, null)
      else {
        const text = readFileSync(full, 'utf8')
        files.set(path, {
          copies: encodedCopies(text),
          compress: path.endsWith('.html') || Buffer.byteLength(text) >= MIN_BYTES,
        })
      }
    }
    return files.get(path)!
  }
  const send = (c: Context, path: string, cacheControl: string) => {
    const found = file(path)
    if (!found) return c.notFound()
    const encoding = found.compress ? pickEncoding(c.req.header('accept-encoding')) : null
    c.header('Cache-Control', cacheControl)
    c.header('Vary', 'Accept-Encoding')
    c.header('Content-Type', TYPES[path.slice(path.lastIndexOf('.') + 1)] ?? 'application/octet-stream')
    if (encoding) c.header('Content-Encoding', encoding)
    return c.body(found.copies[encoding ?? 'identity'])
  }
  app.get(BENCH_PAGE_PATH, (c) => send(c, 'index.html', 'no-cache'))
  app.get(`${BENCH_PAGE_PATH}/`, (c) => send(c, 'index.html', 'no-cache'))
  app.get(`${BENCH_PAGE_PATH}/assets/:name`, (c) => {
    const name = c.req.param('name')
    if (!ASSET.test(name)) return c.notFound()
    return send(c, `assets/${name}`, HASHED.test(name) ? 'public, max-age=31536000, immutable' : 'no-cache')
  })
}
