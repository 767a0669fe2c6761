import { beforeAll, describe, expect, it } from 'vitest'
import { ACCOUNT_IDS, type PersonaKey } from '../../fixtures/personas'
import type { AnyRoute } from './route-table'
import { API_BASE } from './mount-routes'
import { anonymous, createTestApp, signIn, type Caller, type TestApp } from '../testing/test-app'

/**
 * Walks the whole route table: every route that is not public refuses a caller without the needed role,
 * so a new route cannot skip its access rule. Runs before input validation, so an empty body suffices.
 */
let t: TestApp
const callers = {} as Record<PersonaKey, Caller>
const PERSONA_KEYS: PersonaKey[] = ['personal', 'borrower', 'owner', 'member', 'new', 'admin']

beforeAll(async () => {
  t = await createTestApp()
  for (const key of PERSONA_KEYS) callers[key] = await signIn(t.app, key)
})

// An account none of the test's callers may reach except its own holder.
const pathFor = (route: AnyRoute) => route.path.replace(':accountId', ACCOUNT_IDS.personal)

function allowed(route: AnyRoute, key: PersonaKey): boolean {
  const a = route.access
  if (a.kind === 'public' || a.kind === 'user') return true
  if (a.kind === 'platform_admin') return key === 'admin'
  return key === 'personal' && a.roles.includes('holder')
}

describe('every API route enforces its access rule', () => {
  it('the table has routes of every access kind', () => {
    expect(new Set(t.routes.map((r) => r.access.kind))).toEqual(new Set(['public', 'user', 'account', 'platform_admin']))
  })

  it('no route is mounted outside the table', () => {
    const mounted = t.app.routes
      .filter((r) => r.path.startsWith(API_BASE) && r.path !== `${API_BASE}/*` && r.method !== 'ALL')
      .map((r) => `${r.method} ${r.path}`)
    const declared = t.routes.map((r) => `${r.method.toUpperCase()} ${API_BASE}${r.path}`)
    expect(new Set(mounted)).toEqual(new Set(declared))
  })

  it('refuses anonymous callers on every non-public route with 401', async () => {
    for (const route of t.routes.filter((r) => r.access.kind !== 'public')) {
      const res = await anonymous(t.app).request(route.method.toUpperCase(), pathFor(route), route.body ? {} : undefined)
      expect(res.status, `${route.method} ${route.path}`).toBe(401)
    }
  })

  it('refuses every persona without the role with 403, and lets the ones with it through', async () => {
    for (const route of t.routes.filter((r) => r.access.kind !== 'public')) {
      for (const key of PERSONA_KEYS) {
        if (route.method !== 'get' && route.path === '/auth/sign-out') continue // would end the walk's own sessions
        const res = await callers[key].request(route.method.toUpperCase(), pathFor(route), route.body ? {} : undefined)
        const label = `${key} ${route.method} ${route.path}`
        if (allowed(route, key)) expect([401, 403], label).not.toContain(res.status)
        else expect(res.status, label).toBe(403)
      }
    }
  })
})
