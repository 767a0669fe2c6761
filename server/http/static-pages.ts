import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Context, Hono } from 'hono'
import { serveStatic } from '@hono/node-server/serve-static'

export const APP_BASE = '/app/cash'

/**
 * Serves the built pages: hashed assets with a long cache, and the shell's HTML for every other path
 * under /app/cash so client routes survive a reload.
 */
export function mountPages(app: Hono, distDir: string): void {
  const root = resolve(distDir)
  if (existsSync(root)) {
    app.use(
      `${APP_BASE}/assets/*`,
      serveStatic({
        root,
        rewriteRequestPath: (path) => path.slice(APP_BASE.length),
        onFound: (_path, c) => {
          c.header('Cache-Control', 'public, max-age=31536000, immutable')
        },
      }),
    )
  }
  const shellFile = resolve(root, 'host/index.html')
  let shell: string | null = null
  const page = () => (shell ??= existsSync(shellFile) ? readFileSync(shellFile, 'utf8') : null)
  const servePage = (c: Context) => {
    const html = page()
    c.header('Cache-Control', 'no-cache')
    if (!html) return c.text('The pages are not built yet: run `npm run build` (npm start does it for you).', 503)
    return c.html(html)
  }
  app.get('/', (c) => c.redirect(APP_BASE))
  app.get(APP_BASE, servePage)
  app.get(`${APP_BASE}/*`, servePage)
}
