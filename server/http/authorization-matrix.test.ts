import { beforeAll, describe, expect, it } from 'vitest'
import { CARD_IDS, DEMO_PASSWORD, type PersonaKey } from '../../fixtures/personas'
import { anonymous, createTestApp, signIn, type Caller, type TestApp } from '../testing/test-app'
import { FOREIGN, HOME, fillPath, mayCall, snapshot } from '../testing/route-walk'
import type { AnyRoute } from './route-table'

/**
 * The authorization matrix: EVERY route of the table × every role (anonymous, personal holder, borrower,
 * corporate owner, corporate member, a user without an account, platform admin), each calling on its own
 * account and on an account it does not belong to. Refusals are 401 (nobody signed in) or 403 (wrong role,
 * other account) and write nothing; allowed calls are never 401/403 `forbidden`. One app for the whole walk.
 */
let t: TestApp
const PERSONAS: PersonaKey[] = ['personal', 'borrower', 'owner', 'member', 'new', 'admin']
const callers = {} as Record<PersonaKey | 'anonymous', Caller>

beforeAll(async () => {
  t = await createTestApp()
  callers.anonymous = anonymous(t.app)
  for (const key of PERSONAS) callers[key] = await signIn(t.app, key)
})

type Call = { route: AnyRoute; who: PersonaKey | 'anonymous'; accountId: string | undefined; path: string }

/** Every (route, caller, account) cell: own account and a foreign one for account routes, once otherwise. */
function cells(): Call[] {
  const out: Call[] = []
  for (const route of t.routes) {
    for (const who of ['anonymous', ...PERSONAS] as const) {
      const accounts = route.path.includes(':accountId')
        ? [
            ...new Set([
              who === 'anonymous' ? FOREIGN.personal : (HOME[who]?.accountId ?? FOREIGN[who]),
              who === 'anonymous' ? FOREIGN.new : FOREIGN[who],
            ]),
          ]
        : [undefined]
      for (const accountId of accounts) out.push({ route, who, accountId, path: fillPath(route, accountId) })
    }
  }
  return out
}

const send = (c: Call, caller = callers[c.who], body: unknown = c.route.body ? {} : undefined) =>
  caller.request(c.route.method.toUpperCase(), c.path, body)

/** Valid bodies for the card routes, so the card's owner check (not the form check) is what answers. */
const CARD_BODIES: Record<string, unknown> = {
  '/cards/:cardId/activate': { last4: '4242' },
  '/cards/:cardId/reveal': { confirmation: { method: 'password', password: DEMO_PASSWORD } },
  '/cards/:cardId/limits': { perPurchase: null, daily: '10', monthly: '20' },
}
const label = (c: Call) => `${c.who} ${c.route.method.toUpperCase()} ${c.path}`

describe('authorization matrix: every route × every role', () => {
  it('covers every route of the table, with every access kind', () => {
    expect(t.routes.length).toBeGreaterThan(100)
    expect(new Set(t.routes.map((r) => r.access.kind))).toEqual(
      new Set(['public', 'user', 'account', 'platform_admin']),
    )
    const all = cells()
    for (const route of t.routes)
      expect(all.filter((c) => c.route === route).length, route.path).toBeGreaterThanOrEqual(7)
  })

  it(
    'refuses every caller without the access: 401 anonymous, ' + '403 wrong role or other account, and writes nothing',
    async () => {
      const refused = cells().filter((c) => !mayCall(c.route, c.who, c.accountId))
      expect(refused.length).toBeGreaterThan(500)
      // Someone else's card: routes that take a card id check the cardholder or the card's account.
      const cardRoutes = t.routes.filter((r) => r.path.startsWith('/cards/:cardId') && r.access.kind === 'user')
      expect(cardRoutes.length).toBeGreaterThan(5)
      const before = await snapshot(t.deps.db)
      let previous = before
      for (const route of new Set(refused.map((c) => c.route))) {
        for (const c of refused.filter((x) => x.route === route)) {
          const res = await send(c)
          const body = (await res.json()) as { error?: { code?: string } }
          if (c.who === 'anonymous') {
            expect(res.status, label(c)).toBe(401)
            expect(body.error?.code, label(c)).toBe('unauthenticated')
          } else {
            expect(res.status, label(c)).toBe(403)
            expect(body.error?.code, label(c)).toBe('forbidden')
          }
        }
        const after = await snapshot(t.deps.db)
        expect(after, `refused calls to ${route.method.toUpperCase()} ${route.path} changed the database`).toBe(
          previous,
        )
        previous = after
      }
      for (const route of cardRoutes) {
        for (const who of ['borrower', 'owner', 'new'] as const) {
          const c: Call = {
            route,
            who,
            accountId: undefined,
            path: fillPath(route, undefined, { cardId: CARD_IDS.personal }),
          }
          const res = await send(c, callers[who], CARD_BODIES[route.path])
          expect([403, 404], label(c)).toContain(res.status)
        }
        // Paula is not the cardholder of Marco's company card, nor a member of its account.
        const c: Call = {
          route,
          who: 'personal',
          accountId: undefined,
          path: fillPath(route, undefined, { cardId: CARD_IDS.member }),
        }
        expect([403, 404], label(c)).toContain((await send(c, callers.personal, CARD_BODIES[route.path])).status)
      }
      expect(await snapshot(t.deps.db)).toBe(before)
    },
  )

  it('lets every caller with the access through (no 401, no forbidden)', async () => {
    const allowed = cells().filter(
      (c) => c.who !== 'anonymous' && mayCall(c.route, c.who, c.accountId) && c.route.access.kind !== 'public',
    )
    expect(allowed.length).toBeGreaterThan(300)
    for (const c of allowed) {
      // Signing out would end the walk's own session: sign out a session of its own instead.
      const caller = c.route.path === '/auth/sign-out' ? await signIn(t.app, c.who as PersonaKey) : callers[c.who]
      const res = await send(c, caller)
      const body = (await res.json().catch(() => ({}))) as { error?: { code?: string } }
      expect(res.status, label(c)).not.toBe(401)
      expect(res.status, label(c)).toBeLessThan(500)
      expect(body.error?.code ?? '', label(c)).not.toBe('forbidden')
    }
  })

  it('answers public routes to anyone without an authentication refusal', async () => {
    for (const route of t.routes.filter((r) => r.access.kind === 'public')) {
      for (const who of ['anonymous', 'personal'] as const) {
        const c: Call = { route, who, accountId: undefined, path: fillPath(route) }
        const res = await send(c)
        const body = (await res.json().catch(() => ({}))) as { error?: { code?: string } }
        expect(res.status, `${label(c)} ${JSON.stringify(body)}`).toBeLessThan(500)
        expect(['unauthenticated', 'forbidden'], label(c)).not.toContain(body.error?.code ?? '')
      }
    }
  })
})
