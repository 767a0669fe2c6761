import { say } from '../../domain/error-message'
import type { Context, Hono } from 'hono'
import type { z } from 'zod'
import { fieldMessages } from '../../domain/api/common.schema'
import { DomainError } from '../../domain/errors'
import type { Tx } from '../db/connect'
import { RefusalWithFollowUp } from './refusal'
import { parseIdempotencyKey, requestHash, requestHashAsSent, withIdempotency } from './idempotency'
import {
  connectedProviders,
  DEFAULT_MAX_BODY_BYTES,
  type Access,
  type AnyRoute,
  type Deps,
  type Principal,
} from './route-table'
import { errorStatuses, recordUndocumentedStatus } from './error-statuses'
import { jsonAnswer, limitBody } from './lean-middleware'

export const API_BASE = '/app/cash/api/v1'
/** The part of a request a refusal names. */
type RequestPart = 'form' | 'query' | 'path'

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i

function parseWith<T extends z.ZodType>(
  schema: T | undefined,
  value: unknown,
  where: RequestPart,
): z.output<T> | undefined {
  if (!schema) return undefined
  const result = schema.safeParse(value)
  if (result.success) return result.data
  throw new DomainError('invalid_request', say('details_invalid', { where }), fieldMessages(result.error))
}

/** Refuses the caller unless `access` allows them. Runs before any input is read. */
export function authorize(access: Access, principal: Principal | null, accountId: string | undefined): void {
  if (access.kind === 'public') return
  if (!principal) throw new DomainError('unauthenticated')
  if (access.kind === 'user') return
  if (access.kind === 'platform_admin') {
    if (principal.platformRole !== 'admin') throw new DomainError('forbidden')
    return
  }
  const membership = principal.memberships.find((m) => m.accountId === accountId)
  if (!membership || !access.roles.includes(membership.role)) throw new DomainError('forbidden')
}

/**
 * Cross-site request checks for state-changing calls: a browser's Origin must be ours, and a cookie
 * session must echo its CSRF token. Bearer tokens carry no ambient authority, so they need neither.
 */
function checkCsrf(c: Context, principal: Principal | null): void {
  const origin = c.req.header('origin')
  if (origin && origin !== new URL(c.req.url).origin) throw new DomainError('csrf_failed')
  if (principal?.transport === 'cookie' && c.req.header('x-csrf-token') !== principal.csrfToken) {
    throw new DomainError('csrf_failed')
  }
}

/** The first place in a value holding a NUL character (PostgreSQL text cannot store one), as a field path. */
function nulAt(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'body' : null
  if (depth > 64 || value === null || typeof value !== 'object') return null
  for (const [k, v] of Object.entries(value)) {
    if (k.includes('\u0000')) return path || 'body'
    const found = nulAt(v, path ? `${path}.${k}` : k, depth + 1)
    if (found) return found
  }
  return null
}

/** A value with every NUL character in its text and keys made a space (PostgreSQL text cannot store one). */
function nulAsSpace(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.replaceAll('\u0000', ' ')
  if (depth > 64 || value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map((v) => nulAsSpace(v, depth + 1))
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k.replaceAll('\u0000', ' '), nulAsSpace(v, depth + 1)]),
  )
}

/** Refuses input with a NUL character before any handler can pass it to the database (a 400, not a 500). */
function refuseNul(value: unknown, where: RequestPart): void {
  const field = nulAt(value, '')
  if (!field) return
  throw new DomainError('invalid_request', say('details_invalid', { where }), {
    [field]: say('text_contains_character'),
  })
}

function parseJsonText(text: string): unknown {
  if (!text) return {}
  try {
    return JSON.parse(text)
  } catch {
    throw new DomainError('invalid_request', say('body_not_json'))
  }
}

/** Mounts every route of the table on the app, each behind access, CSRF, validation and idempotency. */
/**
 * What mounting asks of the features before a route runs, handed in by the composition root (server/app.ts): who
 * is calling, and whether an account may send money out (a route declaring `whenFrozen: 'refuse'`).
 */
export type RouteGuards = {
  principal: (c: Context, deps: Deps) => Promise<Principal | null>
  assertNotFrozen: (db: Tx, accountId: string, options?: { lock: boolean }) => Promise<void>
}

export function mountRoutes(app: Hono, routes: readonly AnyRoute[], deps: Deps, guards: RouteGuards): void {
  const connected = connectedProviders(deps.config)
  for (const route of routes) {
    // Shared commits check no freeze (mountRoutes checks it in a request's own transaction).
    if (route.batch && route.whenFrozen === 'refuse')
      throw new Error(`${route.path}: a route whose requests share commits cannot refuse a frozen account`)
    const cap = route.maxBody ?? { bytes: DEFAULT_MAX_BODY_BYTES }
    const tooLarge = () => {
      const message = cap.message ?? say('request_too_large', { kb: Math.floor(cap.bytes / 1024) })
      throw new DomainError('payload_too_large', message, cap.field ? { [cap.field]: message } : undefined)
    }
    // The OpenAPI document lists each status a route answers: outside production, one it lacks is recorded (in
    // production the check is not mounted at all, so the request path carries nothing for it).
    const documented = new Set(errorStatuses(route))
    if (deps.config.CASH_ENV !== 'production')
      app.on(route.method.toUpperCase(), `${API_BASE}${route.path}`, async (c, next) => {
        await next()
        if (c.res.status >= 400 && !documented.has(c.res.status)) recordUndocumentedStatus(route, c.res.status)
      })
    app.on(route.method.toUpperCase(), `${API_BASE}${route.path}`, limitBody(cap.bytes, tooLarge), async (c) => {
      if (route.sandbox && deps.config.CASH_ENV === 'production') throw new DomainError('sandbox_disabled')
      const principal = await guards.principal(c, deps)
      authorize(route.access, principal, c.req.param('accountId'))
      // Public routes (sign-in) need only the Origin check: there is no session to ride on yet.
      if (route.method !== 'get') checkCsrf(c, route.access.kind === 'public' ? null : principal)
      if (route.provider && !connected.includes(route.provider))
        throw new DomainError('provider_unavailable', undefined, undefined, { provider: route.provider })
      // A money-moving call without its key is refused before anything else is read.
      const key = route.moneyMoving ? parseIdempotencyKey(c.req.header('idempotency-key')) : null
      refuseNul(c.req.param(), 'path')
      refuseNul(c.req.query(), 'query')
      // A frozen account (issue 9) takes money in but sends none out. A money-moving call is checked inside its
      // transaction, after its key (below); any other call that refuses is checked here.
      const frozenAccount = route.whenFrozen === 'refuse' ? (c.req.param('accountId') ?? '') : null
      if (frozenAccount !== null && !key) await guards.assertNotFrozen(deps.db.kysely, frozenAccount)
      const read = async () => {
        const params = parseWith(route.params, c.req.param(), 'path')
        const query = parseWith(route.query, c.req.query(), 'query')
        const rawText = route.body ? await c.req.text() : undefined
        // A body is JSON, said so: a form or text/plain body is what a page on another site can send without
        // asking first (no CORS preflight), so it is refused whatever its content.
        if (rawText && !JSON_TYPE.test(c.req.header('content-type') ?? ''))
          throw new DomainError('unsupported_media_type')
        const parsed = rawText === undefined ? undefined : parseJsonText(rawText)
        // A signed event's signature is over rawText, checked by its handler; the body it reads has no NUL left.
        const rawBody = route.nulInBody === 'space' ? nulAsSpace(parsed) : parsed
        refuseNul(rawBody, 'form')
        return { params, query, rawText, rawBody, body: parseWith(route.body, rawBody, 'form') }
      }
      const { params, query, rawText, rawBody, body } = await read().catch(async (error: unknown) => {
        // A frozen account hears of the freeze before its request's mistakes: nothing it fixes could be sent.
        if (frozenAccount !== null && key) await guards.assertNotFrozen(deps.db.kysely, frozenAccount)
        throw error
      })
      const status = route.status ?? 200
      // A refusal rolled the request back; what it leaves behind (a fresh quote, a wrong password counted) is
      // stored now, on its own, and the refusal answered.
      const followUp = async (error: unknown): Promise<never> => {
        if (error instanceof RefusalWithFollowUp)
          await deps.db.kysely.transaction().execute((tx) => error.afterRollback(tx))
        throw error
      }
      const run = async (db: Deps['db']['kysely'] | Parameters<Parameters<typeof withIdempotency>[2]>[0]) => {
        const result = await route.handler({ c, deps, db, body, rawBody: rawText, query, params, principal })
        return deps.config.CASH_ENV === 'production' ? result : route.response.parse(result)
      }
      if (route.produces === 'html') return c.html(String(await run(deps.db.kysely).catch(followUp)), status)
      if (route.produces === 'csv') {
        c.header('Content-Type', 'text/csv; charset=utf-8')
        c.header('Content-Disposition', 'attachment; filename="cash-history.csv"')
        return c.body(String(await run(deps.db.kysely).catch(followUp)), status)
      }
      if (!key) return jsonAnswer(c, await run(deps.db.kysely).catch(followUp), status)
      const ref = {
        scope: principal?.userId ?? 'anonymous',
        key,
        hash: requestHash(route.method, c.req.path, rawBody),
        asSent: requestHashAsSent(route.method, c.req.path, rawBody),
      }
      const effect = route.batch
        ? route
            .batch(deps)
            .submit(ref, body)
            .then((answer) =>
              answer.replayed || deps.config.CASH_ENV === 'production'
                ? answer
                : { ...answer, body: route.response.parse(answer.body) },
            )
        : withIdempotency(deps.db.kysely, ref, async (tx) => {
            // After the key: a retry of a call that went through replays its answer even if the account was
            // frozen since. With the account's row locked as the movement's own: a freeze committed meanwhile is
            // seen, and one that comes after waits for this call to commit.
            if (frozenAccount !== null) await guards.assertNotFrozen(tx, frozenAccount, { lock: true })
            return { status, body: await run(tx) }
          })
      const stored = await effect.catch(followUp)
      if (stored.replayed) c.header('Idempotent-Replayed', 'true')
      return jsonAnswer(c, stored.body, stored.status)
    })
  }
}
