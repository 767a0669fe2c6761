import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { CARD_IDS } from '../../fixtures/personas'
import { connectPglite } from '../db/connect'
import { migrate } from '../db/migrate'
import { readiness } from '../meta/readiness'
import { createApp } from '../app'
import { testDeps } from '../testing/test-database'
import { anonymous, createTestApp, signIn } from '../testing/test-app'
import { metricsOf } from './metrics'

const METRICS = '/app/cash/metrics'

/** The value of one series in Prometheus text, or undefined when absent. */
const series = (text: string, name: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `))
  return line === undefined ? undefined : Number(line.slice(name.length + 1))
}

describe('GET /metrics', () => {
  it(
    'counts requests by route pattern, card decisions by result ' +
      'and reason, and reads the job queue and the ledger check',
    async () => {
      const t = await createTestApp()
      const admin = await signIn(t.app, 'admin')
      const buy = (amount: string) =>
        admin.json('POST', `/sandbox/cards/${CARD_IDS.personal}/purchases`, { amount, merchantName: 'Café Lisboa' })
      expect((await buy('10')).body).toMatchObject({ approved: true })
      expect((await buy('999999')).body).toMatchObject({ approved: false, reason: 'over_daily_limit' })
      for (let i = 0; i < 3; i++) await anonymous(t.app).request('GET', '/health')

      const res = await t.app.request(METRICS)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
      const text = await res.text()
      expect(series(text, 'cash_http_requests_total{method="GET",route="/app/cash/api/v1/health",status="200"}')).toBe(
        3,
      )
      expect(
        series(text, 'cash_http_request_duration_seconds_count{method="GET",route="/app/cash/api/v1/health"}'),
      ).toBe(3)
      // Ids stay out of the labels: the purchases are one series under their route pattern.
      expect(
        series(
          text,
          'cash_http_requests_total{method="POST",route="/app/cash/api/v1/sandbox/cards/:cardId/purchases",status="20' +
            '1"}',
        ),
      ).toBe(2)
      expect(
        series(
          text,
          'cash_http_requests_total{method="POST",route="/app/cash/api/v1/webhooks/:provider",status="200"}',
        ),
      ).toBe(2)
      expect(text).not.toContain(CARD_IDS.personal)
      expect(series(text, 'cash_card_authorizations_total{result="approved",reason=""}')).toBe(1)
      expect(series(text, 'cash_card_authorizations_total{result="declined",reason="over_daily_limit"}')).toBe(1)
      expect(series(text, 'cash_jobs_due')).toBeGreaterThanOrEqual(0)
      expect(series(text, 'cash_jobs_lag_seconds')).toBeGreaterThanOrEqual(0)
      expect(series(text, 'cash_ledger_check_ok')).toBe(1)
      expect(series(text, 'cash_ledger_check_problems')).toBe(0)
      expect(text).toContain('cash_nodejs_eventloop_lag_seconds')
      // This server runs jobs (JOBS=on) and has not finished a pass: its age counts from its start, never 0.
      expect(series(text, 'cash_job_loop_last_pass_age_seconds')).toBeGreaterThan(0)

      // The audit log's count of lines, for a scraper to see it never falls: a line added is one more.
      const count = async () =>
        Number(
          (await sql<{ n: string }>`SELECT count(*)::text AS n FROM admin_audit_log`.execute(t.deps.db.kysely)).rows[0]!
            .n,
        )
      const lines = series(text, 'cash_audit_log_lines')!
      expect(lines).toBe(await count())
      expect(
        (await admin.json('POST', `/admin/cards/${CARD_IDS.personal}/freeze`, { reason: 'Card reported lost' })).status,
      ).toBe(200)
      await t.runJobs()
      const after = await (await t.app.request(METRICS)).text()
      expect(series(after, 'cash_audit_log_lines')).toBe(lines + 1)
      // Someone who owns the table turns its guard off and removes the two newest lines; a new line is written before
      // the next scrape. The newest line's number would still have risen; the count falls.
      expect((await admin.json('POST', `/admin/cards/${CARD_IDS.personal}/unfreeze`, {})).status).toBe(200)
      await sql`ALTER TABLE admin_audit_log DISABLE TRIGGER admin_audit_log_no_change`.execute(t.deps.db.kysely)
      const newest = sql`SELECT seq FROM admin_audit_log ORDER BY seq DESC LIMIT 2`
      await sql`DELETE FROM admin_audit_log WHERE seq IN (${newest})`.execute(t.deps.db.kysely)
      await sql`ALTER TABLE admin_audit_log ENABLE TRIGGER admin_audit_log_no_change`.execute(t.deps.db.kysely)
      const freeze = { reason: 'Card reported lost again' }
      expect((await admin.json('POST', `/admin/cards/${CARD_IDS.personal}/freeze`, freeze)).status).toBe(200)
      const tampered = await (await t.app.request(METRICS)).text()
      expect(series(tampered, 'cash_audit_log_lines')).toBeLessThan(lines + 2)
      expect(series(after, 'cash_jobs_due')).toBe(0)
      expect(after).toMatch(/^cash_jobs_run_total\{kind="[a-z.-]+",outcome="done"\} [1-9]/m)
    },
  )

  it(
    'answers only the scraper’s bearer token when METRICS_TOKEN is set, ' + 'and is absent in production without one',
    async () => {
      const t = await createTestApp({ METRICS_TOKEN: 'scrape-token-0123456789', JOBS: 'off' })
      expect((await t.app.request(METRICS)).status).toBe(401)
      expect(
        (await t.app.request(METRICS, { headers: { authorization: 'Bearer scrape-token-01234567890' } })).status,
      ).toBe(401)
      const scraped = await t.app.request(METRICS, { headers: { authorization: 'Bearer scrape-token-0123456789' } })
      expect(scraped.status).toBe(200)
      expect(await scraped.text(), 'no job-loop series where this process runs no jobs').not.toContain(
        'cash_job_loop_last_pass_age_seconds',
      )
      const production = await createTestApp({ CASH_ENV: 'production' })
      // The path is then like any other unknown page of the shell.
      const res = await production.app.request(METRICS)
      expect(res.headers.get('content-type') ?? '').not.toContain('version=0.0.4')
      expect(await res.text()).not.toContain('cash_http_requests_total')
    },
  )
})

describe('liveness and readiness', () => {
  it(
    'is live without looking at anything, and ready with the database, ' + 'the migrations and the job loop checked',
    async () => {
      const t = await createTestApp({ JOBS: 'off' })
      expect(await anonymous(t.app).json('GET', '/health/live')).toEqual({ status: 200, body: { status: 'ok' } })
      expect(await anonymous(t.app).json('GET', '/health/ready')).toEqual({
        status: 200,
        body: { status: 'ready', checks: { database: 'ok', migrations: 'ok', jobs: 'off' } },
      })

      const running = await createTestApp({ JOBS: 'on' })
      const longAgo = Date.now() - 60_000
      expect((await readiness(running.deps, longAgo)).jobs).toMatch(/^no pass of due jobs for 6\d s$/)
      metricsOf(running.deps).jobPassFinished()
      expect((await readiness(running.deps, longAgo)).jobs).toBe('ok')
    },
  )

  it('is not ready (503) on a database that stopped or one missing a migration, and says which', async () => {
    const db = await connectPglite(':memory:')
    await migrate(db)
    const { app } = createApp(testDeps(db, { JOBS: 'off' }))
    expect((await anonymous(app).json('GET', '/health/ready')).status).toBe(200)

    await sql`DELETE FROM schema_migrations WHERE version = '0034_confirmation_failures'`.execute(db.kysely)
    const missing = await anonymous(app).json('GET', '/health/ready')
    expect(missing).toMatchObject({
      status: 503,
      body: {
        error: {
          code: 'not_ready',
          details: { checks: { database: 'ok', migrations: 'not applied: 0034_confirmation_failures', jobs: 'off' } },
        },
      },
    })

    await db.close()
    const stopped = await anonymous(app).json('GET', '/health/ready')
    expect(stopped.status).toBe(503)
    expect(stopped.body.error.details.checks).toMatchObject({
      database: expect.stringMatching(/^unreachable: /),
      migrations: 'unknown',
    })
    expect(await anonymous(app).json('GET', '/health/live')).toEqual({ status: 200, body: { status: 'ok' } })
  })
})
