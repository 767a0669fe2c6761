import pg from 'pg'
import { expect, it } from 'vitest'
import { connectPostgres } from './connect'

/**
 * PostgreSQL only (the `postgres` Vitest project alone: vitest.config.ts). The bench crashed on "terminating
 * connection due to administrator command": an idle pooled connection the server closed became an 'error'
 * event with no listener, which Node turns into an uncaught exception that ends the process.
 */
it(
  'an idle connection the server terminates is reported and replaced; ' + 'the process goes on and queries still work',
  async () => {
    const url = new URL(process.env.CASH_TEST_DATABASE_URL!)
    const name = `cash_idle_${process.pid}`
    url.searchParams.set('application_name', name)
    const reported: Error[] = []
    let allReported!: () => void
    const closed = new Promise<void>((resolve) => (allReported = resolve))
    const db = await connectPostgres(url.toString(), 2, (error) => {
      reported.push(error)
      if (reported.length === 2) allReported()
    })
    try {
      // Two connections in the pool, both idle.
      await Promise.all([db.execScript('SELECT pg_sleep(0.05)'), db.execScript('SELECT pg_sleep(0.05)')])
      const admin = new pg.Client({ connectionString: process.env.CASH_TEST_DATABASE_URL })
      await admin.connect()
      try {
        const killed = await admin.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1',
          [name],
        )
        expect(killed.rowCount).toBe(2)
      } finally {
        await admin.end()
      }
      await closed
      expect(reported.map((e) => e.message)).toEqual(
        Array(2).fill('terminating connection due to administrator command'),
      )
      await db.execScript('SELECT 1')
    } finally {
      await db.close()
    }
  },
)
