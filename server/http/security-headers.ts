import { createHash } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import type { Config } from '../config'
import { CODE_LOADER } from './first-screen'

/**
 * Security headers on every response (docs/architecture-notes.md "Security").
 *
 * - HTML: a strict Content-Security-Policy (inline script only the template's one, by hash; inline style only for the
 *   few server-written pages, by hash), `frame-ancestors 'self'` for embed and webview pages (the shell and the QA
 *   harness are same-origin; a native app opens them top-level, where frame-ancestors does not apply) and `'none'` for
 *   everything else, with the matching X-Frame-Options for old browsers, and a Permissions-Policy that turns off the
 *   powerful features no page uses (no page takes a photo: the KYC documents are file uploads).
 * - API (and the monitoring tunnel): `Cache-Control: no-store`, since answers carry personal data.
 * - Everything: nosniff, a referrer policy, COOP, and HSTS when served over HTTPS.
 */

const APP_BASE = '/app/cash'
const API_BASE = `${APP_BASE}/api/v1`
const WEBVIEW_BASE = `${APP_BASE}/webview/`
const QA_HARNESS = `${APP_BASE}/webview/test`
const TUNNEL_PATH = `${APP_BASE}/monitoring`

/**
 * `strict-origin-when-cross-origin`, not `no-referrer`: with `no-referrer` a browser sends `Origin: null` on a
 * same-origin POST, which our CSRF origin check must refuse.
 */
export const REFERRER_POLICY = 'strict-origin-when-cross-origin'

/** Powerful features no page uses: off for the page and every frame in it. */
export const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), midi=(), display-capture=()'

/** The hash a CSP allows an inline script, style or attribute value by. */
export const cspHash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

const inlineStyleHashes = new Set<string>()

/**
 * A `<style>` element for a page the server writes itself (error page, API reference, dev outbox): its
 * hash joins the CSP's style-src, so the policy stays free of 'unsafe-inline'.
 */
export function inlineStyle(css: string): string {
  inlineStyleHashes.add(cspHash(css))
  return `<style>${css}</style>`
}

/** Which framing a page allows: embed and webview pages may be framed by our own shell and QA harness. */
export function frameAncestors(path: string): "'self'" | "'none'" {
  if (path === QA_HARNESS || path === `${QA_HARNESS}/`) return "'none'"
  return path.startsWith(WEBVIEW_BASE) ? "'self'" : "'none'"
}

/**
 * The inline scripts of our pages, allowed by hash: the page template's (embeds/embed-page.html), and the loader of
 * a page drawn on the server (first-screen.ts CODE_LOADER). The template's: zod 4 probes
 * `new Function` for its JIT when it builds its first object schema, and our CSP has no 'unsafe-eval' (the probe
 * fails safely, but the browser reports a violation). Turning the JIT off must come before zod loads, in any
 * chunk order: an inline classic script runs first and costs no request (it was a blocking csp-init.js).
 */
export const INLINE_SCRIPTS = ['Object.assign((globalThis.__zod_globalConfig ??= {}), { jitless: true })', CODE_LOADER]
const inlineScriptHashes = INLINE_SCRIPTS.map((js) => cspHash(js))

/** Where a page drawn on the server puts the style attribute values its markup carries (allowed by hash, below). */
export const STYLE_ATTRIBUTES = 'cspStyleAttributes'

/**
 * The Content-Security-Policy of an HTML page at `path`. `styleAttributes`: the exact `style="…"` values a page
 * drawn on the server carries (React writes `style={{}}` as attributes there), each allowed by its hash alone
 * (`style-src-attr 'unsafe-hashes'`); any other inline style stays refused.
 */
export function contentSecurityPolicy(path: string, styleAttributes: readonly string[] = []): string {
  const attributeHashes = [...new Set(styleAttributes)].map(cspHash)
  return [
    "default-src 'self'",
    ["script-src 'self'", ...inlineScriptHashes].join(' '),
    // React's style={{}} writes through the CSSOM, which CSP does not govern; only markup styles are.
    ["style-src 'self'", ...inlineStyleHashes].join(' '),
    ...(attributeHashes.length ? [["style-src-attr 'unsafe-hashes'", ...attributeHashes].join(' ')] : []),
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    // The Sentry tunnel is same-origin (/app/cash/monitoring).
    "connect-src 'self'",
    "frame-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors(path)}`,
  ].join('; ')
}

function servedOverHttps(config: Config, url: string): boolean {
  return (
    config.CASH_ENV === 'production' ||
    config.COOKIE_SECURE ||
    config.PUBLIC_ORIGIN?.startsWith('https:') === true ||
    url.startsWith('https:')
  )
}

/** The headers this response gets, by kind (exported for tests and docs). */
export function headersFor(
  path: string,
  contentType: string | null,
  https: boolean,
  styleAttributes: readonly string[] = [],
): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': REFERRER_POLICY,
    'Cross-Origin-Opener-Policy': 'same-origin',
  }
  if (https) headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains'
  if (contentType?.toLowerCase().includes('text/html')) {
    headers['Content-Security-Policy'] = contentSecurityPolicy(path, styleAttributes)
    headers['X-Frame-Options'] = frameAncestors(path) === "'self'" ? 'SAMEORIGIN' : 'DENY'
    headers['Permissions-Policy'] = PERMISSIONS_POLICY
  }
  if (path.startsWith(API_BASE) || path === TUNNEL_PATH) headers['Cache-Control'] = 'no-store'
  return headers
}

/** The middleware: runs after the handler (and after the error handler) and sets the headers above. */
export function securityHeaders(config: Config): MiddlewareHandler {
  return async (c, next) => {
    await next()
    const headers = headersFor(
      c.req.path,
      c.res.headers.get('content-type'),
      servedOverHttps(config, c.req.url),
      (c.get(STYLE_ATTRIBUTES as never) as string[] | undefined) ?? [],
    )
    try {
      for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value)
    } catch {
      // A response with immutable headers (a forwarded fetch): copy it once, then set.
      c.res = new Response(c.res.body, c.res)
      for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value)
    }
  }
}
