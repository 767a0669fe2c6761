import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config'
import { createTestApp } from '../testing/test-app'
import { BENCH_PAGE_PATH } from './bench-page'

/** A stand-in for the bench's bare React build (scripts/bench.ts builds the real one) and for the pages. */
const temp = mkdtempSync(join(tmpdir(), 'cash-bench-page-'))
const bare = join(temp, 'bare')
const dist = join(temp, 'dist')
const BARE_HTML =
  `<!doctype html><html><head><title>Bare React</title><script type="module" crossorigin ` +
  `src="${BENCH_PAGE_PATH}/assets/index-AbCd1234.js"></script></head><body><div id="root"></div></body></html>`
const BARE_JS = `// the bare page's bundle\n${'console.log("react");\n'.repeat(100)}`
mkdirSync(join(bare, 'assets'), { recursive: true })
writeFileSync(join(bare, 'index.html'), BARE_HTML)
writeFileSync(join(bare, 'assets', 'index-AbCd1234.js'), BARE_JS)
writeFileSync(join(bare, 'assets', 'tiny-AbCd1234.css'), 'h1{margin:0}')
mkdirSync(join(dist, 'host'), { recursive: true })
writeFileSync(join(dist, 'host', 'index.html'), '<!doctype html><title>Cash shell</title>')
afterAll(() => rmSync(temp, { recursive: true, force: true }))

describe('the bench page (CASH_BENCH_PAGE_DIR)', () => {
  it('is served, when asked for, with the compression and security headers of the pages', async () => {
    const t = await createTestApp({ DIST_DIR: dist, CASH_BENCH_PAGE_DIR: bare })
    const page = await t.app.request(BENCH_PAGE_PATH, { headers: { 'accept-encoding': 'gzip, deflate' } })
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    expect(page.headers.get('content-encoding')).toBe('gzip')
    expect(page.headers.get('vary')).toBe('Accept-Encoding')
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self'/)
    expect(gunzipSync(Buffer.from(await page.arrayBuffer())).toString()).toBe(BARE_HTML)

    const js = await t.app.request(`${BENCH_PAGE_PATH}/assets/index-AbCd1234.js`, {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    })
    expect(js.status).toBe(200)
    expect(js.headers.get('content-type')).toMatch(/^text\/javascript/)
    expect(js.headers.get('content-encoding')).toBe('br')
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(js.headers.get('x-content-type-options')).toBe('nosniff')
    expect(brotliDecompressSync(Buffer.from(await js.arrayBuffer())).toString()).toBe(BARE_JS)

    // Like the build's precompressed assets: nothing under 512 bytes is compressed.
    const css = await t.app.request(`${BENCH_PAGE_PATH}/assets/tiny-AbCd1234.css`, {
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(css.headers.get('content-encoding')).toBeNull()
    expect(await css.text()).toBe('h1{margin:0}')

    expect((await t.app.request(`${BENCH_PAGE_PATH}/assets/missing-AbCd1234.js`)).status).toBe(404)
    expect((await t.app.request(`${BENCH_PAGE_PATH}/assets/..%2Findex.html`)).status).toBe(404)
  })

  it('does not exist on a server not started by the bench: the path is the shell like any other', async () => {
    const t = await createTestApp({ DIST_DIR: dist })
    for (const path of [BENCH_PAGE_PATH, `${BENCH_PAGE_PATH}/assets/index-AbCd1234.js`]) {
      const res = await t.app.request(path)
      expect(await res.text()).toContain('Cash shell')
    }
  })

  it('is refused in production', () => {
    expect(() =>
      loadConfig({
        CASH_ENV: 'production',
        WEBHOOK_SECRET: 'a-real-secret-of-some-length',
        PUBLIC_ORIGIN: 'https://cash.example.com',
        CASH_BENCH_PAGE_DIR: bare,
      }),
    ).toThrow(/CASH_BENCH_PAGE_DIR/)
    expect(loadConfig({ CASH_BENCH_PAGE_DIR: bare }).CASH_BENCH_PAGE_DIR).toBe(bare)
    expect(loadConfig({}).CASH_BENCH_PAGE_DIR).toBeUndefined()
  })
})
