import { createHash } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import type { Config } from '../config'

/**
 * Security headers on every response (docs/architecture-notes.md "Security").
 *
 * - HTML: a strict Content-Security-Policy (no inline script; inline style only for the few server-written
 *   pages, by hash), `frame-ancestors 'self'` for embed and webview pages (the shell and the QA harness are
 *   same-origin; a native app opens them top-level, where frame-ancestors does not apply) and `'none'` for
 *   everything else, with the matching X-Frame-Options for old browsers, and a Permissions-Policy that
 *   turns off the powerful features no page uses (no page takes a photo: the KYC documents are file uploads).
 * - API (and the monitoring tunnel): `Cache-Control: no-store`, since answers carry personal data.
 * - Everything: nosniff, a referrer policy, COOP, and HSTS when served over HTTPS.
 */

const APP_BASE = '/app/cash'
const API_BASE = `${APP_BASE}/api/v1`
const WEBVIEW_BASE = `${APP_BASE}/webview/`
const QA_HARNESS = `${APP_BASE}/webview/test`
const TUNNEL_PATH = `${APP_BASE}/monitoring`

/** `strict-origin-when-cross-origin`, not `no-referrer`: with `no-referrer` a browser sends `Origin: null` on a same-origin POST, which our CSRF origin check must refuse. */
export const REFERRER_POLICY = 'strict-origin-when-cross-origin'

/** Powerful features no page uses: off for the page and every frame in it. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), midi=(), display-capture=()'

const inlineStyleHashes = new Set<string>()

/**
 * A `<style>` element for a page the server writes itself (error page, API reference, dev outbox): its
 * hash joins the CSP's style-src, so the policy stays free of 'unsafe-inline'.
 */
export function inlineStyle(css: string): string {
  inlineStyleHashes.add(`'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`)
  return `<style>${css}</style>`
}

/** Which framing a page allows: embed and webview pages may be framed by our own shell and QA harness. */
export function frameAncestors(path: string): "'self'" | "'none'" {
  if (path === QA_HARNESS || path === `${QA_HARNESS}/`) return "'none'"
  return path.startsWith(WEBVIEW_BASE) ? "'self'" : "'none'"
}

/** The Content-Security-Policy of an HTML page at `path`. */
export function contentSecurityPolicy(path: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // React's style={{}} writes through the CSSOM, which CSP does not govern; only markup styles are.
    ["style-src 'self'", ...inlineStyleHashes].join(' '),
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
  return config.CASH_ENV === 'production' || config.COOKIE_SECURE || config.PUBLIC_ORIGIN?.startsWith('https:') === true || url.startsWith('https:')
}

/** The headers this response gets, by kind (exported for tests and docs). */
export function headersFor(path: string, contentType: string | null, https: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': REFERRER_POLICY,
    'Cross-Origin-Opener-Policy': 'same-origin',
  }
  if (https) headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains'
  if (contentType?.toLowerCase().includes('text/html')) {
    headers['Content-Security-Policy'] = contentSecurityPolicy(path)
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
    const headers = headersFor(c.req.path, c.res.headers.get('content-type'), servedOverHttps(config, c.req.url))
    try {
      for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value)
    } catch {
      // A response with immutable headers (a forwarded fetch): copy it once, then set.
      c.res = new Response(c.res.body, c.res)
      for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value)
    }
  }
}
