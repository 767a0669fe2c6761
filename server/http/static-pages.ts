import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Context, Hono } from 'hono'
import { serveStatic } from '@hono/node-server/serve-static'
import { resolveWebview } from '../../domain/webview-pages'
import { encodedCopies, pickEncoding } from './content-encoding'

export const APP_BASE = '/app/cash'
const QA_HARNESS = `${APP_BASE}/webview/test`
const HASHED = /-[\w-]{8}\.(js|css)(\.map)?$/

/**
 * Serves the built pages: hashed assets with a long cache; `/app/cash/webview/<page>` as the embed's
 * standalone page; the shell's HTML for every other path under /app/cash so client routes survive a reload.
 * Every asset and page goes out brotli- or gzip-compressed to a browser that accepts it: assets from the
 * copies the build wrote beside them (the precompress step of vite.config.ts), pages from copies made at first use.
 */
export function mountPages(app: Hono, distDir: string): void {
  const root = resolve(distDir)
  if (existsSync(root)) {
    // serveStatic's onFound runs after its response is made, too late for a header: set it on the way out.
    app.use(`${APP_BASE}/assets/*`, async (c, next) => {
      await next()
      if (c.res.status !== 200 && c.res.status !== 206) return
      // Content-hashed names (vite's `name-<hash>.js`) never change; the one plain file (csp-init.js) may.
      c.res.headers.set('Cache-Control', HASHED.test(c.req.path) ? 'public, max-age=31536000, immutable' : 'no-cache')
    })
    app.use(`${APP_BASE}/assets/*`, serveStatic({ root, precompressed: true, rewriteRequestPath: (path) => path.slice(APP_BASE.length) }))
  }
  const pages = new Map<string, ReturnType<typeof encodedCopies> | null>()
  const page = (file: string) => {
    if (!pages.has(file)) {
      const path = resolve(root, file)
      pages.set(file, existsSync(path) ? encodedCopies(readFileSync(path, 'utf8')) : null)
    }
    return pages.get(file)!
  }
  const serve = (c: Context, file: string) => {
    const html = page(file)
    c.header('Cache-Control', 'no-cache')
    if (!html) return c.text('The pages are not built yet: run `npm run build` (npm start does it for you).', 503)
    const encoding = pickEncoding(c.req.header('accept-encoding'))
    c.header('Vary', 'Accept-Encoding')
    c.header('Content-Type', 'text/html; charset=UTF-8')
    if (encoding) c.header('Content-Encoding', encoding)
    return c.body(html[encoding ?? 'identity'])
  }
  app.get('/', (c) => c.redirect(APP_BASE))
  app.get(`${APP_BASE}/webview/*`, (c) => {
    if (c.req.path === QA_HARNESS || c.req.path === `${QA_HARNESS}/`) return serve(c, 'host/index.html')
    const webview = resolveWebview(c.req.path.slice(`${APP_BASE}/webview/`.length))
    return webview ? serve(c, `embeds/${webview.embed}/index.html`) : serve(c, 'host/index.html')
  })
  app.get(APP_BASE, (c) => serve(c, 'host/index.html'))
  app.get(`${APP_BASE}/*`, (c) => serve(c, 'host/index.html'))
}
