import { execFileSync } from 'node:child_process'
import { afterAll, expect, it } from 'vitest'
import { createApp } from '../app'
import { connectPostgres, type Db } from '../db/connect'
import { migrate } from '../db/migrate'
import { runDueJobs } from '../jobs/job-queue'
import { postgresTool } from '../ops/backup'
import { seedPersonas } from '../seed'
import { storePersonalData } from '../testing/personal-data-flows'
import { databaseUrl, TEST_CLOCK, testDeps, withAdmin } from '../testing/test-database'

/**
 * Issue 19's "done when": a `pg_dump` of a seeded PostgreSQL database holds no plaintext account number, IBAN or
 * document bytes. On the machine's PostgreSQL (the `postgres` test project: CASH_TEST_DATABASE_URL), in a database
 * of its own; pg_dump is PostgreSQL's own client (on PATH or in /usr/lib/postgresql/<version>/bin): missing, the
 * test fails saying so, it never skips.
 */
const POSTGRES = process.env.CASH_TEST_DATABASE_URL!
const name = `cash_pii_dump_${process.pid}`
let db: Db | undefined

afterAll(async () => {
  await db?.close()
  await withAdmin(POSTGRES, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`))
})

it(
  'a pg_dump of a seeded database with bank recipients, virtual ' +
    'accounts, transfers and KYC holds none of their numbers or bytes',
  async () => {
    expect(
      POSTGRES,
      'run in the postgres test project (vitest.config.ts), which names the PostgreSQL server',
    ).toBeTruthy()
    const pgDump = postgresTool('pg_dump')
    await withAdmin(POSTGRES, async (admin) => {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      await admin.query(`CREATE DATABASE "${name}"`)
    })
    const url = databaseUrl(POSTGRES, name)
    db = await connectPostgres(url, 4)
    await migrate(db)
    const clock = { now: TEST_CLOCK }
    const deps = testDeps(db, {}, [], clock)
    await seedPersonas(deps)
    const { app, jobs } = createApp(deps)

    const stored = await storePersonalData(
      app,
      () => runDueJobs(deps, jobs),
      (seconds) => (clock.now = new Date(clock.now.getTime() + seconds * 1000)),
    )

    const dump = execFileSync(pgDump, ['--format=plain', '--no-owner', '--no-privileges', url], {
      maxBuffer: 256 * 1024 * 1024,
    }).toString('latin1')
    expect(dump, 'the dump has the data').toContain('COPY public.bank_recipients')
    expect(dump, 'names stay searchable, only identifiers are sealed').toContain('Joe Smith')
    for (const plain of stored.plaintexts)
      expect(dump.includes(plain), `${plain} is in the dump in the clear`).toBe(false)
    const bytes = stored.documentBytes
    expect(dump.includes(bytes.toString('hex')), 'the document bytes are in the dump (as hex)').toBe(false)
    expect(dump.includes(bytes.subarray(8).toString('hex')), 'the document body is in the dump (as hex)').toBe(false)
  },
)
