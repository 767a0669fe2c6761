import { say } from '../../domain/error-message'
import { createHash, timingSafeEqual } from 'node:crypto'
import type { Hono } from 'hono'
import { DomainError } from '../../domain/errors'
import type { Deps } from '../http/route-table'
import { metricsOf } from './metrics'

const digest = (value: string) => createHash('sha256').update(value).digest()

/** Where the scraper reads: beside the API, not in it (no OpenAPI entry, no session, no JSON). */
export const METRICS_PATH = '/app/cash/metrics'

/**
 * `GET /app/cash/metrics`, Prometheus text format, for the operator's scraper. With METRICS_TOKEN set it answers
 * only `Authorization: Bearer <METRICS_TOKEN>`; without it, it is open on development and test servers and not
 * there at all in production (the path is any unknown page): what is scraped tells load, declines and failures.
 */
export function mountMetrics(app: Hono, deps: Deps): void {
  const token = deps.config.METRICS_TOKEN
  if (token === undefined && deps.config.CASH_ENV === 'production') return
  app.get(METRICS_PATH, async (c) => {
    if (
      token !== undefined &&
      !timingSafeEqual(digest(c.req.header('authorization') ?? ''), digest(`Bearer ${token}`))
    ) {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"')
      throw new DomainError('unauthenticated', say('metrics_need_bearer'))
    }
    const { contentType, body } = await metricsOf(deps).text()
    return c.body(body, 200, { 'content-type': contentType, 'cache-control': 'no-store' })
  })
}
