import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Context, Hono } from 'hono'
import { serveStatic } from '@hono/node-server/serve-static'
import type { SessionResponse } from '../../domain/api/auth.schema'
import { resolveWebview, type EmbedName } from '../../domain/webview-pages'
import type { Logger } from '../log'
import { firstScreenRenderers, jsonBlock, styleAttributeValues, withFirstScreen } from './first-screen'
import { STYLE_ATTRIBUTES } from './security-headers'
import { encodedCopies, encodeNow, pickEncoding } from './content-encoding'

export const APP_BASE = '/app/cash'
const QA_HARNESS = `${APP_BASE}/webview/test`
const HASHED = /-[\w-]{8}\.(js|css)(\.map)?$/

/**
 * Where pages come from when not from a build: `npm run dev` (server/dev.ts) hands each page's HTML from Vite's
 * dev server, with no first screen drawn on the server.
 */
export type PageSource = { html(file: string): Promise<string | null> }

/**
 * Serves the built pages: hashed assets with a long cache; `/app/cash/webview/<page>` as the embed's
 * standalone page; the shell's HTML for every other path under /app/cash so client routes survive a reload.
 * Every asset and page goes out brotli- or gzip-compressed to a browser that accepts it: assets from the
 * copies the build wrote beside them (the precompress step of vite.config.ts), pages from copies made at first use,
 * or, with `boot` (the browser's session: server/auth/session-service.ts pageBootData), each compressed as it goes out
 * with that data inlined.
 */
export function mountPages(
  app: Hono,
  distDir: string,
  bootData?: (c: Context) => Promise<{ data: { session: SessionResponse | null }; private: boolean }>,
  log?: Logger,
  source?: PageSource,
): void {
  const root = resolve(distDir)
  if (existsSync(root)) {
    // serveStatic's onFound runs after its response is made, too late for a header: set it on the way out.
    app.use(`${APP_BASE}/assets/*`, async (c, next) => {
      await next()
      if (c.res.status !== 200 && c.res.status !== 206) return
      // Content-hashed names (vite's `name-<hash>.js`) never change; a plain name may.
      c.res.headers.set('Cache-Control', HASHED.test(c.req.path) ? 'public, max-age=31536000, immutable' : 'no-cache')
    })
    app.use(
      `${APP_BASE}/assets/*`,
      serveStatic({ root, precompressed: true, rewriteRequestPath: (path) => path.slice(APP_BASE.length) }),
    )
  }
  const pages = new Map<string, string | null>()
  const page = (file: string) => {
    if (!pages.has(file)) {
      const path = resolve(root, file)
      pages.set(file, existsSync(path) ? readFileSync(path, 'utf8') : null)
    }
    return pages.get(file)!
  }
  const sharedCopies = new Map<string, ReturnType<typeof encodedCopies>>()
  const renderers = source ? async () => null : firstScreenRenderers(root)
  /** The page's first screen drawn into it (a standalone embed page, or the shell at this address), or null. */
  const drawn = async (c: Context, html: string, embed: EmbedName | 'shell', session: SessionResponse | null) => {
    const render = await renderers()
    if (!render) return null
    try {
      const url = new URL(c.req.url)
      // The screen's data from our own API, as this browser (its cookie), reads only.
      const cookie = c.req.header('cookie')
      const fetchApi = (async (input: string | URL | Request, init?: RequestInit) => {
        if ((init?.method ?? 'GET') !== 'GET') throw new Error('a first screen only reads')
        // On the page's own origin, so links the API makes absolute point where this page was asked for.
        return app.request(new URL(String(input), url.origin).toString(), {
          ...init,
          headers: { ...(init?.headers as Record<string, string>), ...(cookie ? { cookie } : {}) },
        })
      }) as typeof fetch
      const common = {
        pathname: url.pathname,
        search: url.search,
        session,
        acceptLanguage: c.req.header('accept-language'),
        fetchApi,
      }
      const screen = embed === 'shell' ? await render.shell(common) : await render.embed({ ...common, embed })
      c.set(STYLE_ATTRIBUTES as never, styleAttributeValues(screen.html) as never)
      return withFirstScreen(html, screen.html, screen.data, session === null)
    } catch (error) {
      log?.warn('first screen not drawn on the server', { embed, error: String(error) })
      return null
    }
  }
  const serve = async (c: Context, file: string, embed?: EmbedName | 'shell') => {
    const html = source ? await source.html(file) : page(file)
    if (html === null)
      return c.text('The pages are not built yet: run `npm run build` (npm start does it for you).', 503)
    const encoding = pickEncoding(c.req.header('accept-encoding'))
    c.header('Content-Type', 'text/html; charset=UTF-8')
    if (encoding) c.header('Content-Encoding', encoding)
    // The page's first data in the document, so the first screen needs no request after the code: a JSON
    // block (never executed, so the CSP's script-src has nothing to allow).
    const boot = bootData ? await bootData(c) : null
    const withData = (text: string) =>
      boot ? text.replace('</head>', () => `${jsonBlock('cash-boot', boot.data)}</head>`) : text
    const screen = embed ? await drawn(c, html, embed, boot?.data.session ?? null) : null
    c.header('Vary', screen ? 'Accept-Encoding, Cookie, Accept-Language' : 'Accept-Encoding, Cookie')
    if (!boot?.private && !screen && !source) {
      // The same for every browser (no data, or a signed-out one's): compressed once.
      if (!sharedCopies.has(file)) sharedCopies.set(file, encodedCopies(withData(html)))
      c.header('Cache-Control', 'no-cache')
      return c.body(sharedCopies.get(file)![encoding ?? 'identity'])
    }
    c.header('Cache-Control', boot?.private ? 'private, no-store' : 'no-cache')
    return c.body(encodeNow(withData(screen ?? html), encoding))
  }
  app.get('/', (c) => c.redirect(APP_BASE))
  app.get(`${APP_BASE}/webview/*`, (c) => {
    if (c.req.path === QA_HARNESS || c.req.path === `${QA_HARNESS}/`) return serve(c, 'host/index.html')
    const webview = resolveWebview(c.req.path.slice(`${APP_BASE}/webview/`.length))
    return webview ? serve(c, `embeds/${webview.embed}/index.html`, webview.embed) : serve(c, 'host/index.html')
  })
  app.get(APP_BASE, (c) => serve(c, 'host/index.html', 'shell'))
  app.get(`${APP_BASE}/*`, (c) => serve(c, 'host/index.html', 'shell'))
}
