import { beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD, persona, type PersonaKey } from '../../fixtures/personas'
import { createTestApp, signIn, type Caller, type TestApp } from '../testing/test-app'
import { HOME, fillPath, snapshot } from '../testing/route-walk'
import { API_BASE } from './mount-routes'
import type { AnyRoute } from './route-table'

/**
 * CSRF, walking the route table: every state-changing route refuses a cookie session that does not echo its
 * CSRF token (missing or wrong) and any cross-origin `Origin`, with 403 `csrf_failed` and no write; bearer
 * tokens carry no ambient authority and need no CSRF token. Public POSTs (sign-in) still check the Origin.
 */
let t: TestApp
type WebSession = { cookie: string; csrf: string }
const web = {} as Record<PersonaKey, WebSession>
const native = {} as Record<PersonaKey, Caller>

async function webSession(key: PersonaKey): Promise<WebSession> {
  const res = await t.app.request(`${API_BASE}/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: persona(key).email, password: DEMO_PASSWORD, client: 'web' }),
  })
  return {
    cookie: (res.headers.get('set-cookie') ?? '').split(';')[0]!,
    csrf: ((await res.json()) as { csrfToken: string }).csrfToken,
  }
}

beforeAll(async () => {
  t = await createTestApp()
  for (const key of ['personal', 'owner', 'admin'] as const) {
    web[key] = await webSession(key)
    native[key] = await signIn(t.app, key)
  }
})

/** A persona the route's access lets through, so the CSRF check (which follows it) is what answers. */
function allowedPersona(route: AnyRoute): 'personal' | 'owner' | 'admin' {
  const a = route.access
  if (a.kind === 'platform_admin') return 'admin'
  if (a.kind === 'account' && !a.roles.includes('holder')) return 'owner'
  return 'personal'
}

const mutating = () => t.routes.filter((r) => r.method !== 'get' && r.access.kind !== 'public')
const pathOf = (route: AnyRoute, key: PersonaKey) => `${API_BASE}${fillPath(route, HOME[key]?.accountId)}`

function send(route: AnyRoute, key: PersonaKey, headers: Record<string, string>) {
  return t.app.request(pathOf(route, key), {
    method: route.method.toUpperCase(),
    headers: { 'content-type': 'application/json', ...headers },
    ...(route.body ? { body: '{}' } : {}),
  })
}

async function codeOf(res: Response): Promise<string | undefined> {
  return ((await res.json().catch(() => ({}))) as { error?: { code?: string } }).error?.code
}

describe('CSRF on every state-changing route', () => {
  it('walks every mutating route of every access kind', () => {
    expect(mutating().length).toBeGreaterThan(80)
    expect(new Set(mutating().map((r) => r.access.kind))).toEqual(new Set(['user', 'account', 'platform_admin']))
  })

  it(
    'refuses a cookie session without the X-CSRF-Token header, ' +
      'with a wrong one, or from another origin; nothing is written',
    async () => {
      const before = await snapshot(t.deps.db)
      for (const route of mutating()) {
        const key = allowedPersona(route)
        const { cookie, csrf } = web[key]
        const other = key === 'personal' ? web.owner.csrf : web.personal.csrf
        const attempts: [string, Record<string, string>][] = [
          ['no token', { cookie }],
          ['empty token', { cookie, 'x-csrf-token': '' }],
          ['wrong token', { cookie, 'x-csrf-token': `${csrf}x` }],
          ['another session’s token', { cookie, 'x-csrf-token': other }],
          ['cross-origin', { cookie, 'x-csrf-token': csrf, origin: 'https://evil.example' }],
          ['null origin', { cookie, 'x-csrf-token': csrf, origin: 'null' }],
        ]
        for (const [what, headers] of attempts) {
          const res = await send(route, key, headers)
          const label = `${what}: ${route.method.toUpperCase()} ${route.path}`
          expect(res.status, label).toBe(403)
          expect(await codeOf(res), label).toBe('csrf_failed')
        }
      }
      expect(await snapshot(t.deps.db)).toBe(before)
    },
  )

  it(
    'lets a cookie session with its token from our own origin through, ' + 'and bearer callers without any token',
    async () => {
      for (const route of mutating()) {
        // Would end the walk's sessions (signing out everywhere else ends the persona's bearer one); tested below and
        // in
        // server/auth/sessions.test.ts.
        if (route.path === '/auth/sign-out' || route.path === '/auth/sessions/sign-out-others') continue
        const key = allowedPersona(route)
        const withToken = await send(route, key, {
          cookie: web[key].cookie,
          'x-csrf-token': web[key].csrf,
          origin: 'http://localhost',
        })
        expect(await codeOf(withToken), `web ${route.method} ${route.path}`).not.toBe('csrf_failed')
        const bearer = await native[key].request(
          route.method.toUpperCase(),
          fillPath(route, HOME[key]?.accountId),
          route.body ? {} : undefined,
        )
        expect(bearer.status, `bearer ${route.method} ${route.path}`).not.toBe(403)
        // A bearer call from a page of another origin still fails the Origin check (a token leaked into a page is not
        // enough).
        const foreign = await native[key].request(
          route.method.toUpperCase(),
          fillPath(route, HOME[key]?.accountId),
          route.body ? {} : undefined,
          { origin: 'https://evil.example' },
        )
        expect(await codeOf(foreign), `bearer cross-origin ${route.method} ${route.path}`).toBe('csrf_failed')
      }
    },
  )

  it('sign-out needs the token too', async () => {
    const s = await webSession('personal')
    const forged = await t.app.request(`${API_BASE}/auth/sign-out`, { method: 'POST', headers: { cookie: s.cookie } })
    expect(forged.status).toBe(403)
    expect((await t.app.request(`${API_BASE}/auth/session`, { headers: { cookie: s.cookie } })).status).toBe(200)
    const real = await t.app.request(`${API_BASE}/auth/sign-out`, {
      method: 'POST',
      headers: { cookie: s.cookie, 'x-csrf-token': s.csrf },
    })
    expect(real.status).toBe(200)
  })

  it('a sign-in posted from another origin is refused (login CSRF), from ours it works', async () => {
    const body = JSON.stringify({ email: persona('personal').email, password: DEMO_PASSWORD, client: 'web' })
    const forged = await t.app.request(`${API_BASE}/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body,
    })
    expect(forged.status).toBe(403)
    expect(await codeOf(forged)).toBe('csrf_failed')
    expect(forged.headers.get('set-cookie')).toBeNull()
    const ours = await t.app.request(`${API_BASE}/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost' },
      body,
    })
    expect(ours.status).toBe(200)
  })

  it(
    'a body that is not declared JSON is refused (text/plain ' + 'and forms need no preflight from another site)',
    async () => {
      const body = JSON.stringify({ email: persona('personal').email, password: DEMO_PASSWORD, client: 'web' })
      for (const type of [
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        undefined,
      ]) {
        const res = await t.app.request(`${API_BASE}/auth/sign-in`, {
          method: 'POST',
          headers: type ? { 'content-type': type } : {},
          body,
        })
        expect(res.status, String(type)).toBe(415)
        expect(await codeOf(res)).toBe('unsupported_media_type')
        expect(res.headers.get('set-cookie')).toBeNull()
      }
      const json = await t.app.request(`${API_BASE}/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body,
      })
      expect(json.status).toBe(200)
    },
  )

  it('GET routes change nothing and need no token', async () => {
    const res = await t.app.request(`${API_BASE}/auth/session`, { headers: { cookie: web.personal.cookie } })
    expect(res.status).toBe(200)
  })
})
