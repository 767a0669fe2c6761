import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { persona } from '../../fixtures/personas'
import { createTestApp, signIn, type TestApp } from '../testing/test-app'

/**
 * A page arrives with the browser's session in it (a JSON block), so its first screen needs no request after
 * the code: the same answer GET /auth/session gives, private to that browser, and never a way to inject markup.
 */
const dist = mkdtempSync(join(tmpdir(), 'cash-boot-'))
const PAGE = '<!doctype html><html><head><title>Cash</title></head><body><div id="root"></div></body></html>'
for (const file of ['host/index.html', 'embeds/withdraw/index.html']) {
  mkdirSync(join(dist, file, '..'), { recursive: true })
  writeFileSync(join(dist, file), PAGE)
}

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ DIST_DIR: dist })
})
afterAll(() => rmSync(dist, { recursive: true, force: true }))

const bootOf = (html: string) => {
  const m = /<script type="application\/json" id="cash-boot">([\s\S]*?)<\/script>/.exec(html)
  return m ? JSON.parse(m[1]!) : undefined
}

describe('the first data in the page', () => {
  it(
    'a signed-in browser gets its session, as GET /auth/session ' +
      'answers it, in the shell and in a webview page; never cached',
    async () => {
      const paula = await signIn(t.app, 'personal', 'web')
      const expected = await (await paula.request('GET', '/auth/session')).json()
      for (const path of ['/app/cash', '/app/cash/webview/withdraw']) {
        const res = await t.app.request(path, { headers: paula.headers })
        expect(res.status).toBe(200)
        expect(res.headers.get('cache-control')).toBe('private, no-store')
        expect(bootOf(await res.text())).toEqual({ session: expected })
      }
      expect(expected.csrfToken).toEqual(expect.any(String))
    },
  )

  it(
    'no cookie, a stale one, or a bearer token (a webview signed ' +
      'in by its host): signed out in the page, the same page for all',
    async () => {
      const native = await signIn(t.app, 'personal', 'native')
      for (const headers of [{}, { cookie: 'cash_session=not-a-session' }, native.headers]) {
        const res = await t.app.request('/app/cash/webview/withdraw', { headers })
        expect(res.headers.get('cache-control')).toBe('no-cache')
        expect(bootOf(await res.text())).toEqual({ session: null })
      }
    },
  )

  it('a name written to close the script element stays text inside the JSON', async () => {
    const paula = await signIn(t.app, 'personal', 'web')
    const name = '</script><script>alert(1)</script>'
    await t.deps.db.kysely.updateTable('users').set({ name }).where('id', '=', persona('personal').id).execute()
    const html = await (await t.app.request('/app/cash', { headers: paula.headers })).text()
    expect(html).not.toContain('<script>alert(1)')
    expect(bootOf(html).session.user.name).toBe(name)
  })

  it('goes out compressed to a browser that accepts it', async () => {
    const paula = await signIn(t.app, 'personal', 'web')
    const res = await t.app.request('/app/cash/webview/withdraw', {
      headers: { ...paula.headers, 'accept-encoding': 'gzip' },
    })
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(bootOf(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).session.user.email).toBe(
      persona('personal').email,
    )
  })
})
