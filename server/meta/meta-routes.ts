import { isFlagOn } from '../flags/feature-flag-service'
import { z } from 'zod'
import { HealthResponse, LivenessResponse, ReadinessResponse } from '../../domain/api/ledger.schema'
import { DomainError } from '../../domain/errors'
import { readiness } from './readiness'
import { ClientConfig } from '../../domain/api/meta.schema'
import { clientMonitoring } from '../monitoring/dsn'
import { apiReferenceHtml, openApiDocument } from '../http/openapi'
import { connectedProviders, defineRoute, type AnyRoute } from '../http/route-table'
import { sql } from 'kysely'

export const VERSION = '0.1.0'

/** Health, the OpenAPI document and its readable page. `all` is the whole table, for the documents. */
export function metaRoutes(all: () => readonly AnyRoute[]) {
  let document: ReturnType<typeof openApiDocument> | undefined
  let reference: string | undefined
  return [
    defineRoute({
      method: 'get',
      path: '/health',
      summary: 'Liveness and database reachability',
      tag: 'meta',
      access: { kind: 'public' },
      response: HealthResponse,
      handler: async ({ deps }) => {
        await sql`select 1`.execute(deps.db.kysely)
        return { status: 'ok' as const, database: deps.db.driver, version: VERSION }
      },
    }),
    defineRoute({
      method: 'get',
      path: '/health/live',
      summary: 'Liveness: the process answers (for a supervisor deciding to restart it; reads nothing)',
      tag: 'meta',
      access: { kind: 'public' },
      response: LivenessResponse,
      handler: async () => ({ status: 'ok' as const }),
    }),
    defineRoute({
      method: 'get',
      path: '/health/ready',
      // A check failed: the answer names it.
      errorStatuses: [503],
      summary:
        'Readiness: database reachable, every migration applied, jobs running (for a ' +
        'balancer deciding to send traffic); 503 not_ready with each check otherwise',
      tag: 'meta',
      access: { kind: 'public' },
      response: ReadinessResponse,
      handler: async ({ deps }) => {
        const checks = await readiness(deps)
        const { database, migrations, jobs } = checks
        if (database !== 'ok' || migrations !== 'ok' || (jobs !== 'ok' && jobs !== 'off'))
          throw new DomainError('not_ready', undefined, undefined, { checks })
        return {
          status: 'ready' as const,
          checks: {
            database: 'ok' as const,
            migrations: 'ok' as const,
            jobs: jobs === 'ok' ? ('ok' as const) : ('off' as const),
          },
        }
      },
    }),
    defineRoute({
      method: 'get',
      path: '/config',
      summary:
        'Public settings every page reads first: where to report errors, whether sign-up is open, which providers ' +
        'are connected (a money rail without its provider is not available yet)',
      tag: 'meta',
      access: { kind: 'public' },
      response: ClientConfig,
      handler: async ({ deps, db }) => ({
        monitoring: {
          ...clientMonitoring(deps.config.SENTRY_DSN, deps.config.SENTRY_ORG_ID),
          environment: deps.config.CASH_ENV,
          release: VERSION,
        },
        // The `signups` flag as an anonymous visitor sees it (on only when on for everyone).
        signupsOpen: await isFlagOn(deps, db, 'signups', null),
        providers: [...connectedProviders(deps.config)],
      }),
    }),
    defineRoute({
      method: 'get',
      path: '/openapi.json',
      summary: 'This API as an OpenAPI 3.1 document',
      tag: 'meta',
      access: { kind: 'public' },
      response: z.record(z.string(), z.unknown()),
      // The route table is fixed once the app is made: the document is built on the first request only.
      handler: async () => (document ??= openApiDocument(all(), VERSION)),
    }),
    defineRoute({
      method: 'get',
      path: '/docs',
      summary: 'This API as a readable page',
      tag: 'meta',
      access: { kind: 'public' },
      produces: 'html',
      response: z.string(),
      handler: async () => (reference ??= apiReferenceHtml(all())),
    }),
  ]
}
