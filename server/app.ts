import { apiErrorBody } from '../domain/api/common.schema'
import { say } from '../domain/error-message'
import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { accountRoutes } from './accounts/account-routes'
import { adminRoutes } from './admin/admin-routes'
import { adminMoneyRoutes } from './admin/admin-money-routes'
import { adminFlagRoutes } from './admin/admin-flag-routes'
import { adminPeopleRoutes } from './admin/admin-people-routes'
import { alertRoutes } from './alerts/alert-routes'
import { authRoutes } from './auth/auth-routes'
import { DomainError, ERRORS } from '../domain/errors'
import { refusalForDatabaseError } from './http/database-refusal'
import { metricsOf } from './monitoring/metrics'
import { checkLedger } from './ledger/ledger-check'
import { mountMetrics } from './monitoring/metrics-route'
import { errorDigest, serverErrorPage } from './http/error-page'
import { API_BASE, mountRoutes } from './http/mount-routes'
import { requestIds } from './http/request-id'
import type { AnyRoute, Deps } from './http/route-table'
import { mountBenchPage } from './http/bench-page'
import { mountPages, type PageSource } from './http/static-pages'
import { pageBootData, resolvePrincipal } from './auth/session-service'
import { assertNotFrozen } from './admin/account-freeze-service'
import { securityHeaders } from './http/security-headers'
import { compressWhenAsked, jsonAnswer } from './http/lean-middleware'
import { metaRoutes } from './meta/meta-routes'
import { mountTunnel } from './monitoring/tunnel'
import { sandboxRoutes } from './sandbox/sandbox-routes'
import { moneyInRoutes } from './money-in/money-in-routes'
import { sandboxMoneyInRoutes } from './money-in/sandbox-money-in-routes'
import { webhookRoutes } from './webhooks/webhook-routes'
import { moneyOutRoutes } from './money-out/money-out-routes'
import { jobHandlers, webhookDeliverer } from './job-handlers'
import { wireLedgerFollowers } from './ledger-followers'
import { cardRoutes } from './cards/card-routes'
import { borrowRoutes } from './borrow/borrow-routes'
import { growRoutes } from './grow/grow-routes'
import { mailRoutes } from './mail/mail-routes'
import { safeRoutes } from './safe/safe-routes'
import { peopleRoutes } from './people/people-routes'
import { settingsRoutes } from './settings/settings-routes'
import { identityRoutes } from './identity/identity-routes'
import { cashbackRoutes } from './cashback/cashback-routes'
import { membershipRoutes } from './membership/membership-routes'
import { supportRoutes } from './support/support-routes'
import { runDueJobs, type JobHandlers } from './jobs/job-queue'
import { createSandboxClock } from './jobs/sandbox-clock'
import { sandboxClockRoutes } from './sandbox/sandbox-clock-routes'
import type { Config } from './config'

/**
 * Every API route. A route not in this table does not exist (tests walk it for access rules). The sandbox
 * clock is in the table of a test server only (CASH_ENV=test).
 */
export function routeTable(env: Config['CASH_ENV'] = 'development'): AnyRoute[] {
  const testOnly: AnyRoute[] = env === 'test' ? sandboxClockRoutes : []
  const table: AnyRoute[] = [
    ...authRoutes,
    ...accountRoutes,
    ...moneyInRoutes,
    ...moneyOutRoutes,
    ...cardRoutes,
    ...borrowRoutes,
    ...growRoutes,
    ...mailRoutes,
    ...peopleRoutes,
    ...safeRoutes,
    ...alertRoutes,
    ...identityRoutes,
    ...membershipRoutes,
    ...settingsRoutes,
    ...cashbackRoutes,
    ...supportRoutes,
    ...webhookRoutes,
    ...sandboxRoutes,
    ...sandboxMoneyInRoutes,
    ...adminRoutes,
    ...adminMoneyRoutes,
    ...adminPeopleRoutes,
    ...adminFlagRoutes,
    ...testOnly,
  ]
  table.push(...metaRoutes(() => table))
  return table.sort((a, b) => a.path.localeCompare(b.path))
}

const REQUEST_ID = /^[\w.-]{6,64}$/

/** The whole HTTP app: API, pages, error handling, request ids and access logs. */
export function createApp(
  deps: Deps,
  options: { forward?: typeof fetch; pages?: PageSource; before?: (app: Hono) => void } = {},
): { app: Hono; routes: AnyRoute[]; jobs: JobHandlers } {
  // Alert checks follow the ledger's postings (the ledger imports no feature).
  wireLedgerFollowers()
  const app = new Hono()
  const routes = routeTable(deps.config.CASH_ENV)
  let jobs: JobHandlers = {}
  deps.runDueJobs = () => runDueJobs(deps, jobs)
  // A test server's clock can be moved forward (POST /sandbox/clock); every other server reads its own.
  if (deps.config.CASH_ENV === 'test') {
    deps.sandboxClock = createSandboxClock(deps.now, () => runDueJobs(deps, jobs), deps.db)
    deps.now = deps.sandboxClock.now
  }

  options.before?.(app)
  app.use('*', securityHeaders(deps.config))
  const metrics = metricsOf(deps)
  metrics.watchLedger(() => checkLedger(deps.db.kysely))
  const nextRequestId = requestIds()
  app.use('*', async (c, next) => {
    const incoming = c.req.header('x-request-id')
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : nextRequestId()
    c.set('requestId' as never, requestId as never)
    c.header('X-Request-Id', requestId)
    const started = performance.now()
    await next()
    const ms = performance.now() - started
    // The path only: query strings may carry things that must not reach logs.
    deps.log.info('request', {
      requestId,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round(ms),
    })
    metrics.answered(c.req.method, c.req.routePath, c.res.status, ms / 1000)
  })

  // API answers of 1 KB and more go out gzip-compressed to a client that accepts it (the OpenAPI document is
  // 650 KB), smaller ones as they are (every JSON answer carries its length: jsonAnswer); a client that asks for
  // no compression (in-process webhook deliveries) gets plain bodies, no Vary.
  app.use(`${API_BASE}/*`, compressWhenAsked())
  mountMetrics(app, deps)
  mountRoutes(app, routes, deps, { principal: resolvePrincipal, assertNotFrozen })
  mountTunnel(app, deps, options.forward)
  app.all(`${API_BASE}/*`, () => {
    throw new DomainError('not_found', say('no_such_api_route'))
  })
  // The bench's reference page, when the bench asks for it (before the pages: their catch-all takes the rest).
  if (deps.config.CASH_BENCH_PAGE_DIR) mountBenchPage(app, deps.config.CASH_BENCH_PAGE_DIR)
  mountPages(app, deps.config.DIST_DIR, (c) => pageBootData(c, deps), deps.log, options.pages)

  app.onError((thrown, c) => {
    // A request that lost a race inside the database is refused like any other rule (409), and logged: a
    // constraint doing the deciding means a path that skipped the account's lock.
    const raced = refusalForDatabaseError(thrown)
    if (raced)
      deps.log.warn('database refused a raced request', {
        requestId: c.get('requestId' as never) as string | undefined,
        path: c.req.path,
        code: raced.code,
        error: thrown.message,
      })
    const error = raced ?? thrown
    if (error instanceof DomainError) {
      // A body refused for its size is left unread on the connection, which then cannot carry another request:
      // say so, instead of promising keep-alive and closing.
      if (error.status === 413) c.header('Connection', 'close')
      return jsonAnswer(c, apiErrorBody(error), error.status)
    }
    if (error instanceof HTTPException) return error.getResponse()
    const digest = errorDigest()
    const requestId = c.get('requestId' as never) as string | undefined
    deps.log.error('unhandled error', { digest, requestId, path: c.req.path, error: error.message, stack: error.stack })
    if (c.req.path.startsWith(API_BASE)) {
      return jsonAnswer(c, { error: { code: 'internal', message: ERRORS.internal.message, digest } }, 500)
    }
    return c.html(serverErrorPage(new URL(c.req.url).host, digest), 500)
  })
  deps.deliverWebhook = webhookDeliverer(deps, app)
  jobs = jobHandlers(deps, app)
  return { app, routes, jobs }
}
