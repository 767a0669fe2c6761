/**
 * `npm run dev`: the server as `npm start` runs it (API, jobs, sandbox, seeded PGlite in DATA_DIR), with the
 * pages served from source by Vite's dev server instead of a build: edit a page and it updates in the browser
 * (hot module replacement over the same port). No first screen is drawn on the server here, and the
 * Content-Security-Policy also allows Vite's inline start-up scripts by their hashes and inline styles (Vite
 * injects each module's CSS as a <style>). Not for production: `npm run dev` refuses CASH_ENV=production.
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { Server } from 'node:http'
import { dirname, resolve } from 'node:path'
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response'
import { createServer, type ViteDevServer } from 'vite'
import { failedToStart, runServer } from './main'

const ROOT = resolve(import.meta.dirname, '..')
const TEMPLATE = readFileSync(resolve(ROOT, 'embeds/embed-page.html'), 'utf8')
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g

let ready!: (vite: ViteDevServer) => void
const vite = new Promise<ViteDevServer>((done) => (ready = done))
/** Hashes of the inline scripts Vite adds to pages (the React refresh preamble), for the CSP. */
const inlineHashes = new Set<string>()

/** A page's HTML as Vite serves it in development: the one template, its `./main.tsx` resolved in the page's folder. */
async function html(file: string): Promise<string> {
  const entry = TEMPLATE.replace('src="./main.tsx"', `src="/${dirname(file)}/main.tsx"`)
  const page = await (await vite).transformIndexHtml(`/app/cash/${file}`, entry)
  for (const [, js] of page.matchAll(INLINE_SCRIPT))
    if (js) inlineHashes.add(`'sha256-${createHash('sha256').update(js).digest('base64')}'`)
  return page
}

if (process.env.CASH_ENV === 'production')
  failedToStart(new Error('npm run dev is for working on pages: production runs `npm run build` and `npm run serve`'))

runServer({
  pages: { html },
  before: (app) =>
    app.use('*', async (c, next) => {
      const dev = await vite
      const env = c.env as {
        incoming: Parameters<ViteDevServer['middlewares']>[0]
        outgoing: Parameters<ViteDevServer['middlewares']>[1]
      }
      // Vite's own files (modules, styles, its client) first; whatever it does not serve goes on to the server.
      const passed = await new Promise<boolean>((done) => {
        env.outgoing.once('finish', () => done(false))
        dev.middlewares(env.incoming, env.outgoing, () => done(true))
      })
      if (!passed) return RESPONSE_ALREADY_SENT
      await next()
      const csp = c.res.headers.get('content-security-policy')
      // Vite's start-up scripts by their hashes; its styles are <style> elements it writes as modules load (a
      // hash next to 'unsafe-inline' would void it, so style-src has none here).
      if (csp)
        c.res.headers.set(
          'content-security-policy',
          csp
            .replace("script-src 'self'", `script-src 'self' ${[...inlineHashes].join(' ')}`)
            .replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'"),
        )
    }),
  onListening: (server) => {
    createServer({
      root: ROOT,
      configFile: resolve(ROOT, 'vite.config.ts'),
      server: { middlewareMode: true, hmr: { server: server as Server } },
      appType: 'custom',
    }).then(ready, failedToStart)
  },
}).catch(failedToStart)
