import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ERRORS, type ErrorCode } from '../../domain/errors'
import { routeTable } from '../app'
import { CodeScanner, type ScannedRoute } from '../testing/thrown-codes'
import { z } from 'zod'
import { errorStatuses } from './error-statuses'
import { defineRoute, type AnyRoute } from './route-table'

/**
 * The OpenAPI document lists every status a route's code can answer, by construction: for each route, the error
 * codes its handler can throw (read from the source, server/testing/thrown-codes.ts) map to statuses
 * (domain/errors.ts), and each must be among the route's documented ones (server/http/error-statuses.ts). A new
 * `throw new DomainError(...)` anywhere a handler reaches fails here until its route says so.
 */
const ROOT = resolve(import.meta.dirname, '../..')

/** Routes made by a function of their file (the path a parameter): which function makes each. */
const FACTORIES: Record<string, string> = {
  'POST /sandbox/deposits': 'server/sandbox/sandbox-routes.ts#custodyRoute',
  'POST /sandbox/debits': 'server/sandbox/sandbox-routes.ts#custodyRoute',
  'POST /sandbox/card-authorizations/:networkId/clearing': 'server/cards/card-routes.ts#sandboxNetworkEvent',
  'POST /sandbox/card-authorizations/:networkId/refund': 'server/cards/card-routes.ts#sandboxNetworkEvent',
  'POST /sandbox/card-authorizations/:networkId/reversal': 'server/cards/card-routes.ts#sandboxNetworkEvent',
}

/**
 * An error made with a code the scan cannot read, the type alias that names every code it can be, and the members
 * that never reach it (with why).
 */
const CODE_TYPES: Record<string, { file: string; alias: string; notThrown?: string[] }> = {
  // `refuse` answers not_manager as forbidden before it makes the error with the refusal's own code.
  'server/people/people-service.ts#refuse': {
    file: 'domain/people.ts',
    alias: 'PeopleRefusal',
    notThrown: ['not_manager'],
  },
  'server/borrow/mode-service.ts#requestModeChange': { file: 'domain/borrow.ts', alias: 'ModeBlocker' },
}

/**
 * A code a route's handler reaches but cannot answer, each with why. `route` is a route's `METHOD path`, `account`
 * for every route naming an account it checked access to, or `sandbox` for every route of the sandbox API.
 */
const UNREACHABLE: { route: string; code: string; site: string; why: string }[] = [
  {
    route: 'account',
    code: 'not_found',
    site: 'server/accounts/account-service.ts#loadPosition',
    why: 'the account in the path exists: access to it was checked (an unknown one is a 403)',
  },
  {
    route: 'POST /accounts/:accountId/withdrawals',
    code: 'not_found',
    site: 'server/ledger/hold-service.ts#releaseHold',
    why: 'it releases the hold of the withdrawal it replaces, read in the same transaction',
  },
  {
    route: 'POST /admin/cashback-rules',
    code: 'not_found',
    site: 'server/cashback/cashback-service.ts#saveRule',
    why: 'only a change (PUT …/:ruleId) names a rule that may be missing; a POST makes one',
  },
  {
    route: 'sandbox',
    code: 'provider_unavailable',
    site: 'server/outbox/provider-outbox.ts#scheduleWebhook',
    why: 'the sandbox API is off (sandbox_disabled) wherever the sandbox does not play the providers: production',
  },
  {
    route: 'POST /accounts/:accountId/safe',
    code: 'provider_unavailable',
    site: 'server/outbox/provider-outbox.ts#scheduleWebhook',
    why: 'createSafe schedules the sandbox chain’s deployment only where the sandbox plays the chain',
  },
  ...[
    'POST /kyc',
    'POST /kyc/more-info',
    'POST /accounts/:accountId/kyb',
    'POST /accounts/:accountId/kyb/more-info',
  ].map((route) => ({
    route,
    code: 'provider_unavailable',
    site: 'server/outbox/provider-outbox.ts#scheduleWebhook',
    why: 'an application goes to the identity provider only where the sandbox plays it; elsewhere it waits',
  })),
  ...['DELETE /accounts/:accountId/members/:userId', 'PUT /accounts/:accountId/members/:userId/role'].map((route) => ({
    route,
    code: 'insufficient_funds',
    site: 'server/ledger/hold-service.ts#movePending',
    why: 'a person leaving or demoted only has their withdrawal’s hold released: a move down never overdraws',
  })),
  ...['invite_not_found', 'invite_used', 'invite_revoked', 'invite_expired'].map((code) => ({
    route: 'POST /auth/sign-up',
    code,
    site: 'server/people/invitation-service.ts#usableInvitation',
    why: 'invitationAllowsSignUp catches it: an invitation that does not work leaves sign-ups closed (403)',
  })),
]

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sourceFiles(join(dir, e.name))
      : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')
        ? [join(dir, e.name)]
        : [],
  )
}

type Scan = { codes: Map<string, Set<string>>; unreadable: Set<string> }

/** Every `defineRoute` of the files, keyed `METHOD path` (or `file#factory`), with what its handler can throw. */
function scanRoutes(scanner: CodeScanner, root: string, files: string[]): Map<string, Scan> {
  const out = new Map<string, Scan>()
  for (const file of files)
    for (const route of scanner.routesIn(file)) {
      const key = keyOf(route, root)
      const scan = out.get(key) ?? { codes: new Map(), unreadable: new Set() }
      for (const node of route.nodes) {
        const found = scanner.reachable(file, node)
        for (const [code, sites] of found.sites) for (const s of sites) scan.codes.set(code, addTo(scan.codes, code, s))
        for (const u of found.unreadable) scan.unreadable.add(u)
      }
      out.set(key, scan)
    }
  return out
}

const addTo = (m: Map<string, Set<string>>, k: string, v: string) => (m.get(k) ?? new Set<string>()).add(v)
const keyOf = (r: ScannedRoute, root: string) =>
  'factory' in r ? `${r.file.slice(root.length + 1)}#${r.factory}` : `${r.method.toUpperCase()} ${r.path}`

/** What each route can answer that its documentation does not list, as `METHOD path status (code at site)`. */
function undocumented(
  scanner: CodeScanner,
  root: string,
  routes: readonly AnyRoute[],
  scanned: Map<string, Scan>,
  factories: Record<string, string> = {},
): string[] {
  const problems: string[] = []
  for (const route of routes) {
    const key = `${route.method.toUpperCase()} ${route.path}`
    const scan = scanned.get(key) ?? scanned.get(factories[key] ?? '')
    if (!scan) {
      problems.push(`${key}: handler not found in the source`)
      continue
    }
    const codes = new Map(scan.codes)
    for (const site of scan.unreadable) {
      const typed = CODE_TYPES[site]
      const named = typed ? scanner.codesOfAlias(join(root, typed.file), typed.alias) : null
      if (!named) problems.push(`${key}: an error made at ${site} with a code the scan cannot read`)
      for (const code of named ?? []) if (!typed?.notThrown?.includes(code)) codes.set(code, addTo(codes, code, site))
    }
    const documented = new Set(errorStatuses(route))
    for (const [code, sites] of codes) {
      const status = ERRORS[code as ErrorCode]?.status
      if (status === undefined) {
        problems.push(`${key}: unknown code ${code}`)
        continue
      }
      if (documented.has(status)) continue
      const left = [...sites].filter(
        (site) =>
          !UNREACHABLE.some(
            (u) =>
              u.code === code &&
              u.site === site &&
              (u.route === key ||
                (u.route === 'account' && route.access.kind === 'account') ||
                (u.route === 'sandbox' && route.sandbox === true)),
          ),
      )
      if (left.length) problems.push(`${key} ${status} (${code} at ${left.join(', ')})`)
    }
  }
  return problems.sort()
}

describe('every status a route’s code can answer is in the OpenAPI document', () => {
  it('holds for every route of the table', () => {
    const scanner = new CodeScanner(ROOT)
    const files = sourceFiles(join(ROOT, 'server')).filter((f) => readFileSync(f, 'utf8').includes('defineRoute('))
    const scanned = scanRoutes(scanner, ROOT, files)
    expect(undocumented(scanner, ROOT, routeTable('test'), scanned, FACTORIES)).toEqual([])
  })

  it('fails on a planted route that throws, two calls away, a status it does not list', () => {
    const root = '/planted'
    const sources: Record<string, string> = {
      '/planted/server/things-routes.ts': `
        import { defineRoute } from './route-table'
        import * as things from './things-service'
        import { listThings } from './things-service'
        export const thingRoutes = [
          defineRoute({ method: 'get', path: '/accounts/:accountId/things', handler: ({ db }) => listThings(db) }),
          defineRoute({ method: 'post', path: '/things/claim', handler: ({ db }) => things.claim(db) }),
          defineRoute({ method: 'post', path: '/things/fine', handler: async () => ({ ok: true }) }),
        ]`,
      '/planted/server/things-service.ts': `
        import { DomainError } from '../domain/errors'
        type Why = 'quote_expired' | 'rate_limited'
        const refuse = (why: Why) => { throw new DomainError(why) }
        export async function listThings(db) { return (await find(db)) ?? refuse('quote_expired') }
        async function find(db) { if (!db) throw new DomainError(
          'not_found') }
        export function claim(db) {
          if (db) refuse('rate_limited')
          const code = pick(db)
          throw new DomainError(code)
        }`,
    }
    const scanner = new CodeScanner(root, (path) => sources[path])
    const scanned = scanRoutes(scanner, root, Object.keys(sources))
    const route = (method: 'get' | 'post', path: string): AnyRoute =>
      defineRoute({
        method,
        path,
        summary: 'Planted',
        tag: 'planted',
        access: { kind: 'account', roles: ['holder'] },
        response: z.object({}),
        handler: async () => ({}),
      })
    const routes = [route('get', '/accounts/:accountId/things'), route('post', '/things/claim')]
    expect(undocumented(scanner, root, [...routes, route('post', '/things/fine')], scanned)).toEqual([
      'GET /accounts/:accountId/things 404 (not_found at server/things-service.ts#find)',
      'GET /accounts/:accountId/things 409 (quote_expired at server/things-service.ts#refuse)',
      // A code given as a parameter counts as each one its type allows, wherever the function is called from.
      'GET /accounts/:accountId/things 429 (rate_limited at server/things-service.ts#refuse)',
      'POST /things/claim 429 (rate_limited at server/things-service.ts#refuse)',
      'POST /things/claim: an error made at server/things-service.ts#claim with a code the scan cannot read',
    ])
    // Documented, the same route passes.
    routes[0]!.errorStatuses = [404, 409, 429]
    expect(undocumented(scanner, root, routes.slice(0, 1), scanned)).toEqual([])
  })
})
