import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, signIn, type TestApp } from '../testing/test-app'
import { serverErrorPage } from './error-page'
import { contentSecurityPolicy, INLINE_SCRIPTS } from './security-headers'

/** Built pages stand-in: the headers must not depend on whether `vite build` ran before the unit tests. */
const dist = mkdtempSync(join(tmpdir(), 'cash-dist-'))
const PAGE =
  '<!doctype html><html><head><script type="module" ' +
  'src="/app/cash/assets/x.js"></script></head><body><div id="root"></div></body></html>'
for (const file of ['host/index.html', 'embeds/top-up/index.html', 'embeds/home/index.html']) {
  mkdirSync(join(dist, file, '..'), { recursive: true })
  writeFileSync(join(dist, file), PAGE)
}
mkdirSync(join(dist, 'assets'), { recursive: true })
writeFileSync(join(dist, 'assets', 'x-AbCd1234.js'), 'export {}')
writeFileSync(join(dist, 'assets', 'plain.js'), '// plain')

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ DIST_DIR: dist })
})
afterAll(() => rmSync(dist, { recursive: true, force: true }))

const get = (path: string, init?: RequestInit) => t.app.request(path, init)
const directives = (csp: string | null) =>
  Object.fromEntries(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  )
const sha256 = (css: string) => `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`
/** The inline (classic) scripts of the page template every built page comes from. */
const inlineScriptsOfTemplate = () =>
  [
    ...readFileSync(join(import.meta.dirname, '../../embeds/embed-page.html'), 'utf8').matchAll(
      /<script>([\s\S]*?)<\/script>/g,
    ),
  ].map((m) => m[1]!)
const styleOf = (html: string) => /<style>([\s\S]*?)<\/style>/.exec(html)![1]!

function expectBaseline(res: Response) {
  expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
  expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin')
}

describe('security headers by kind of response', () => {
  it('the shell page: strict CSP, no framing at all', async () => {
    for (const path of ['/app/cash', '/app/cash/home', '/app/cash/cards/123']) {
      const res = await get(path)
      expect(res.status, path).toBe(200)
      expectBaseline(res)
      const csp = directives(res.headers.get('content-security-policy'))
      expect(csp['default-src']).toEqual(["'self'"])
      // Scripts from our origin, and the template's inline scripts by their hash: nothing else inline.
      expect(csp['script-src']).toEqual(["'self'", ...INLINE_SCRIPTS.map(sha256)])
      for (const script of inlineScriptsOfTemplate()) expect(INLINE_SCRIPTS).toContain(script)
      expect(csp['style-src']![0]).toBe("'self'")
      expect(res.headers.get('content-security-policy')).not.toContain('unsafe-inline')
      expect(res.headers.get('content-security-policy')).not.toContain('unsafe-eval')
      expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:'])
      expect(csp['connect-src']).toEqual(["'self'"])
      expect(csp['frame-src']).toEqual(["'self'"])
      expect(csp['object-src']).toEqual(["'none'"])
      expect(csp['base-uri']).toEqual(["'none'"])
      expect(csp['form-action']).toEqual(["'self'"])
      expect(csp['frame-ancestors']).toEqual(["'none'"])
      expect(res.headers.get('x-frame-options')).toBe('DENY')
      expect(res.headers.get('permissions-policy')).toContain('camera=()')
      expect(res.headers.get('cache-control')).toBe('no-cache')
    }
  })

  it('embed (webview) pages may be framed by our own origin only', async () => {
    for (const path of ['/app/cash/webview/top-up', '/app/cash/webview/home']) {
      const res = await get(path)
      expect(res.status, path).toBe(200)
      expectBaseline(res)
      expect(directives(res.headers.get('content-security-policy'))['frame-ancestors'], path).toEqual(["'self'"])
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN')
    }
  })

  it('the QA harness is a top-level page: not frameable', async () => {
    const res = await get('/app/cash/webview/test')
    expect(directives(res.headers.get('content-security-policy'))['frame-ancestors']).toEqual(["'none'"])
    expect(res.headers.get('x-frame-options')).toBe('DENY')
  })

  it('API answers are never cached nor sniffed, signed-in or not, success or error', async () => {
    const anonymous = await get('/app/cash/api/v1/health')
    const refused = await get('/app/cash/api/v1/accounts/10000000-0000-4000-8000-000000000001/balances')
    const personal = await signIn(t.app, 'personal')
    const balances = await personal.request('GET', '/accounts/10000000-0000-4000-8000-000000000001/balances')
    const missing = await get('/app/cash/api/v1/no-such-route')
    for (const [res, status] of [
      [anonymous, 200],
      [refused, 401],
      [balances, 200],
      [missing, 404],
    ] as const) {
      expect(res.status).toBe(status)
      expectBaseline(res)
      expect(res.headers.get('cache-control')).toBe('no-store')
      expect(res.headers.get('content-type')).toContain('application/json')
      expect(res.headers.get('content-security-policy')).toBeNull()
    }
  })

  it('hashed assets keep their long cache, a file without a hash is revalidated, all get nosniff', async () => {
    const res = await get('/app/cash/assets/x-AbCd1234.js')
    expect(res.status).toBe(200)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('content-type')).toContain('javascript')
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    // The one file without a content hash in its name is revalidated.
    const plain = await get('/app/cash/assets/plain.js')
    expect(plain.headers.get('cache-control')).toBe('no-cache')
  })

  it('server-written pages keep their inline style through a hash, not unsafe-inline', async () => {
    const docs = await get('/app/cash/api/v1/docs')
    expect(docs.status).toBe(200)
    const csp = docs.headers.get('content-security-policy')!
    expect(directives(csp)['style-src']).toContain(sha256(styleOf(await docs.text())))
    expect(directives(csp)['frame-ancestors']).toEqual(["'none'"])
    // The failure page is written by the error handler; its style is allowed the same way.
    expect(directives(contentSecurityPolicy('/app/cash/x'))['style-src']).toContain(
      sha256(styleOf(serverErrorPage('cash.test', '1'))),
    )
  })

  it('the monitoring tunnel answers are not cached', async () => {
    const res = await get('/app/cash/monitoring?o=1&p=1', { method: 'POST', body: 'not an envelope' })
    expect(res.status).toBeLessThan(500)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expectBaseline(res)
  })

  it('HSTS only over HTTPS', async () => {
    expect((await get('/app/cash/api/v1/health')).headers.get('strict-transport-security')).toBeNull()
    expect((await get('https://cash.test/app/cash/api/v1/health')).headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    )
    const secure = await createTestApp({ DIST_DIR: dist, COOKIE_SECURE: true })
    expect((await secure.app.request('/app/cash')).headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    )
    t = await createTestApp({ DIST_DIR: dist })
  })
})
