import { sql } from 'kysely'
import { beforeAll, describe, expect, it } from 'vitest'
import { ACCOUNT_IDS, type PersonaKey } from '../../fixtures/personas'
import { DEFAULT_MAX_BODY_BYTES, type AnyRoute } from './route-table'
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
    expect(new Set(t.routes.map((r) => r.access.kind))).toEqual(
      new Set(['public', 'user', 'account', 'platform_admin']),
    )
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
      const res = await anonymous(t.app).request(
        route.method.toUpperCase(),
        pathFor(route),
        route.body ? {} : undefined,
      )
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

  it('changes nothing in the database when a non-admin or anonymous caller is refused an admin route', async () => {
    // Every table's row count (the audit log included) before and after the whole walk of admin routes.
    const counts = async () => {
      const tables = await sql<{
        table_name: string
      }>`SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()
          AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(t.deps.db.kysely)
      const out: Record<string, number> = {}
      for (const { table_name } of tables.rows) {
        if (table_name === 'sessions' || table_name === 'rate_limits') continue // signing the callers in writes these
        const r = await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table_name)}`.execute(t.deps.db.kysely)
        out[table_name] = Number(r.rows[0]!.n)
      }
      return out
    }
    const frozen = await t.deps.db.kysely
      .selectFrom('cards')
      .select(['id', 'status', 'per_purchase_limit'])
      .orderBy('id')
      .execute()
    const before = await counts()
    const adminRoutes = t.routes.filter((r) => r.access.kind === 'platform_admin')
    expect(adminRoutes.length).toBeGreaterThan(20)
    for (const route of adminRoutes) {
      const path = pathFor(route).replace(/:(\w+)/g, () => ACCOUNT_IDS.personal)
      const body = route.body
        ? {
            reason: 'probe',
            enabled: false,
            rolloutPercent: 0,
            vip: true,
            decision: 'approved',
            email: 'personal@demo.cash',
          }
        : undefined
      const anon = await anonymous(t.app).request(route.method.toUpperCase(), path, body)
      expect(anon.status, `anonymous ${route.method} ${route.path}`).toBe(401)
      for (const key of ['personal', 'borrower', 'owner', 'member', 'new'] as const) {
        const res = await callers[key].request(route.method.toUpperCase(), path, body)
        expect(res.status, `${key} ${route.method} ${route.path}`).toBe(403)
      }
    }
    expect(await counts()).toEqual(before)
    expect(
      await t.deps.db.kysely.selectFrom('cards').select(['id', 'status', 'per_purchase_limit']).orderBy('id').execute(),
    ).toEqual(frozen)
    const account = await t.deps.db.kysely
      .selectFrom('accounts')
      .select(['frozen_at', 'tier'])
      .where('id', '=', ACCOUNT_IDS.personal)
      .executeTakeFirstOrThrow()
    expect(account).toEqual({ frozen_at: null, tier: 'core' })
  })

  it('a frozen account refuses exactly the changes its routes declare, each route saying', async () => {
    const changes = t.routes.filter((r) => r.method !== 'get' && r.path.startsWith('/accounts/:accountId/'))
    expect(changes.every((r) => r.access.kind === 'account')).toBe(true)
    expect(changes.filter((r) => r.whenFrozen === undefined).map((r) => `${r.method} ${r.path}`)).toEqual([])
    expect(t.routes.filter((r) => r.whenFrozen !== undefined && !changes.includes(r)).map((r) => r.path)).toEqual([])
    const moving = changes.filter((r) => r.moneyMoving)
    const admin = callers.admin
    expect(
      (await admin.json('POST', `/admin/accounts/${ACCOUNT_IDS.personal}/freeze`, { reason: 'Route table walk' }))
        .status,
    ).toBe(200)
    try {
      for (const route of changes) {
        // A frozen account hears of the freeze before its form's mistakes: an empty body says which way it went.
        const res = await callers.personal.json(
          route.method.toUpperCase(),
          pathFor(route),
          {},
          { 'idempotency-key': `frozen-walk-${route.path}` },
        )
        const code = (res.body as { error?: { code?: string } }).error?.code
        if (route.whenFrozen === 'refuse') expect(code, route.path).toBe('account_frozen')
        else expect(code, route.path).not.toBe('account_frozen')
      }
    } finally {
      await admin.json('POST', `/admin/accounts/${ACCOUNT_IDS.personal}/unfreeze`, { reason: 'Route table walk done' })
    }
    // What comes in and what undoes money in flight stay open: a deposit address, a PIX charge, a cancellation.
    expect(
      moving
        .filter((r) => r.whenFrozen === 'allow')
        .map((r) => r.path)
        .sort(),
    ).toEqual([
      '/accounts/:accountId/bridge-transfers',
      '/accounts/:accountId/pix/charges',
      '/accounts/:accountId/withdrawals/:withdrawalId/cancel',
    ])
    // Of the changes that move no money, only what would hand the safe's funds to someone else waits for the review.
    expect(
      changes
        .filter((r) => !r.moneyMoving && r.whenFrozen === 'refuse')
        .map((r) => `${r.method} ${r.path}`)
        .sort(),
    ).toEqual([
      'post /accounts/:accountId/safe/recoveries',
      'post /accounts/:accountId/safe/recoveries/:recoveryId/approve',
      'put /accounts/:accountId/safe/recovery-signer',
    ])
  })
})

describe('the OpenAPI document lists what each route answers', () => {
  it('every error status the route table walk provokes is documented for its operation', async () => {
    const doc = (await anonymous(t.app).json('GET', '/openapi.json')).body as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>
    }
    const undocumented: string[] = []
    const randomIds = (path: string) => path.replace(/:(?!accountId\b)(\w+)/g, () => crypto.randomUUID())
    for (const route of t.routes) {
      if (route.sandbox || route.path === '/auth/sign-out' || route.path.startsWith('/auth/')) continue
      const who = route.access.kind === 'platform_admin' ? callers.admin : callers.personal
      const path = randomIds(pathFor(route))
      const key = { 'idempotency-key': crypto.randomUUID() }
      const tries: Response[] = []
      tries.push(await who.request(route.method.toUpperCase(), path, route.body ? {} : undefined, key))
      if (route.body) {
        tries.push(
          await who.request(route.method.toUpperCase(), path, 'not json', { ...key, 'content-type': 'text/plain' }),
        )
        const cap = route.maxBody?.bytes ?? DEFAULT_MAX_BODY_BYTES
        tries.push(
          await who.request(route.method.toUpperCase(), path, JSON.stringify({ pad: 'x'.repeat(cap + 1) }), key),
        )
      }
      const op = doc.paths[`${API_BASE}${route.path.replace(/:(\w+)/g, '{$1}')}`]![route.method]!
      for (const res of tries)
        if (res.status >= 400 && !(String(res.status) in op.responses))
          undocumented.push(`${route.method} ${route.path} ${res.status}`)
    }
    expect(undocumented).toEqual([])
  })
})
