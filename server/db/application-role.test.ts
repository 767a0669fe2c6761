import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACCOUNT_IDS, DEMO_PASSWORD, persona } from '../../fixtures/personas'
import { takeBackup } from '../../scripts/backup'
import { Server } from '../../scripts/cash-process'
import { restoreBackup } from '../../scripts/restore'
import { recordAudit } from '../audit/audit'
import { createApp } from '../app'
import { ConfigError } from '../config'
import { runDueJobs } from '../jobs/job-queue'
import { checkLedger } from '../ledger/ledger-check'
import { seedPersonas } from '../seed'
import { freePort } from '../testing/free-port'
import { signIn } from '../testing/test-app'
import { databaseUrl, TEST_CLOCK, testDeps, withAdmin } from '../testing/test-database'
import { APPLICATION_DELETES, migrateAsOwner, rolePowers } from './application-role'
import { connectPostgres, type Db } from './connect'
import { migrationFiles } from './migrate'

/**
 * The two database roles on a real PostgreSQL server (issue 19, F6): a database and an owner and an application
 * role of this run's own, made as docs/operations.md says and dropped after. The owner migrates; the application
 * role does the application's work and cannot TRUNCATE, drop or turn off triggers; what the owner does with them
 * off, the ledger check names.
 */
const SERVER = process.env.CASH_TEST_DATABASE_URL ?? ''
if (!SERVER)
  throw new Error(
    'application-role.test.ts runs in the postgres project (vitest.config.ts), which names CASH_TEST_DATABASE_URL',
  )
const RUN = `cash_roles_${process.pid}_${Date.now().toString(36)}`
const OWNER = `${RUN}_owner`
const APP = `${RUN}_app`
const PASSWORD = 'role-test-password'

/** `role`'s URL for `database` on the test server. */
const urlOf = (role: string, database: string) => {
  const url = new URL(SERVER)
  url.username = role
  url.password = PASSWORD
  url.pathname = `/${database}`
  return url.toString()
}

/** A database made as docs/operations.md says: owned by the owner role, nobody else may create in it. */
async function createDatabase(name: string) {
  await withAdmin(SERVER, (admin) => admin.query(`CREATE DATABASE ${name} OWNER ${OWNER}`))
  await withAdmin(databaseUrl(SERVER, name), (admin) =>
    admin.query(`ALTER SCHEMA public OWNER TO ${OWNER}; REVOKE CREATE ON SCHEMA public FROM PUBLIC`),
  )
}

const opened: Db[] = []
const open = async (url: string) => {
  const db = await connectPostgres(url, 5)
  opened.push(db)
  return db
}
let app: Db
let owner: Db

beforeAll(async () => {
  await withAdmin(SERVER, async (admin) => {
    await admin.query(`CREATE ROLE ${OWNER} LOGIN PASSWORD '${PASSWORD}'`)
    await admin.query(`CREATE ROLE ${APP} LOGIN PASSWORD '${PASSWORD}'`)
  })
  await createDatabase(RUN)
  app = await open(urlOf(APP, RUN))
  owner = await open(urlOf(OWNER, RUN))
  expect(await migrateAsOwner(app, urlOf(OWNER, RUN))).toEqual(migrationFiles().map((m) => m.version))
  // Seeding, as a development server does it: as the application role.
  await seedPersonas(testDeps(app))
})

afterAll(async () => {
  await Promise.all(opened.map((db) => db.close()))
  await withAdmin(SERVER, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [
      `${RUN}%`,
    ])
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`)
    await admin.query(`DROP ROLE IF EXISTS ${APP}`)
    await admin.query(`DROP ROLE IF EXISTS ${OWNER}`)
  })
})

/** A statement's PostgreSQL error code, or 'ok'. */
const outcome = (db: Db, statement: string) =>
  db.execScript(statement).then(
    () => 'ok',
    (error: { code?: string }) => error.code ?? String(error),
  )

describe('the application role (DATABASE_URL) beside the owner (DATABASE_OWNER_URL)', () => {
  it(
    "owns nothing, yet seeds the personas and does the application's work " +
      'through the API: money in and out, jobs, an audited admin action, sign-out',
    async () => {
      expect(await rolePowers(app)).toEqual({ role: APP, superuser: false, owns: [], truncates: [] })
      const clock = { now: TEST_CLOCK }
      const deps = testDeps(app, {}, [], clock)
      const { app: api, jobs } = createApp(deps)
      const admin = await signIn(api, 'admin')
      const paula = await signIn(api, 'personal', 'web')
      const account = ACCOUNT_IDS.personal
      const deposit = await admin.json(
        'POST',
        '/sandbox/deposits',
        { accountId: account, asset: 'USDC', amount: '100' },
        { 'idempotency-key': 'roles-deposit-1' },
      )
      expect(deposit.status).toBe(201)
      const withdrawal = await paula.json(
        'POST',
        `/accounts/${account}/withdrawals`,
        {
          asset: 'USDC',
          amount: '40',
          address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
          confirmation: { method: 'password', password: DEMO_PASSWORD },
        },
        { 'idempotency-key': 'roles-withdrawal-1' },
      )
      expect(withdrawal.body).toMatchObject({ status: 'delayed' })
      for (const step of [61_000, 5_000]) {
        clock.now = new Date(clock.now.getTime() + step)
        await runDueJobs(deps, jobs)
      }
      expect((await paula.json('GET', `/accounts/${account}/withdrawals`)).body.items[0].status).toBe('confirmed')
      const balances = (await paula.json('GET', `/accounts/${account}/balances`)).body.balances
      expect(balances.find((b: { asset: string }) => b.asset === 'USDC').balance).toBe('2559.5')
      const frozen = await admin.json('POST', `/admin/accounts/${ACCOUNT_IDS.borrower}/freeze`, { reason: 'Role test' })
      expect(frozen.body).toMatchObject({ frozen: true })
      expect((await admin.json('GET', `/admin/audit?subjectId=${ACCOUNT_IDS.borrower}`)).body.items).toHaveLength(1)
      expect((await paula.json('POST', '/auth/sign-out')).status).toBe(200)
      expect(await checkLedger(app.kysely)).toMatchObject({ ok: true, problems: [] })
    },
  )

  it(
    'cannot TRUNCATE the audit log or the ledger entries, turn their triggers off, ' +
      'drop them or change their lines; the owner, the single role of before, can',
    async () => {
      const refused = {
        'TRUNCATE admin_audit_log': '42501',
        'TRUNCATE entries': '42501',
        'ALTER TABLE admin_audit_log DISABLE TRIGGER USER': '42501',
        'ALTER TABLE entries DISABLE TRIGGER entries_append_only': '42501',
        'SET session_replication_role = replica': '42501',
        'DROP TABLE admin_audit_log': '42501',
        "UPDATE admin_audit_log SET reason = 'x'": '42501',
        'UPDATE entries SET amount = amount + 1': '42501',
        'DELETE FROM entries': '42501',
        'CREATE TABLE stash (id int)': '42501',
      }
      const got = Object.fromEntries(
        await Promise.all(Object.keys(refused).map(async (statement) => [statement, await outcome(app, statement)])),
      )
      expect(got).toEqual(refused)
      // What a connection as the owner (DATABASE_URL before DATABASE_OWNER_URL existed) does: rolled back here.
      expect(
        await outcome(
          owner,
          'BEGIN; TRUNCATE admin_audit_log; TRUNCATE entries; ALTER TABLE admin_audit_log DISABLE ' +
            'TRIGGER USER; ALTER TABLE entries DISABLE TRIGGER entries_append_only; ROLLBACK',
        ),
      ).toBe('ok')
      expect(await rolePowers(owner)).toMatchObject({
        role: OWNER,
        superuser: false,
        owns: expect.arrayContaining(['admin_audit_log', 'entries']),
        truncates: expect.arrayContaining(['admin_audit_log', 'entries']),
      })
      expect(
        Number((await sql<{ n: string }>`SELECT count(*) AS n FROM entries`.execute(app.kysely)).rows[0]!.n),
      ).toBeGreaterThan(0)
    },
  )

  it(
    "an audit line the owner edits with the table's triggers " +
      'off is named by the ledger check the application runs',
    async () => {
      const deps = testDeps(app)
      for (const subjectId of ['c-roles-1', 'c-roles-2'])
        await recordAudit(deps, app.kysely, {
          actorId: persona('admin').id,
          action: 'card.freeze',
          subjectType: 'card',
          subjectId,
          reason: 'lost',
          before: { status: 'active' },
          after: { status: 'frozen' },
        })
      expect(await checkLedger(app.kysely)).toMatchObject({ ok: true })
      const line = await app.kysely
        .selectFrom('admin_audit_log')
        .select('id')
        .where('subject_id', '=', 'c-roles-1')
        .executeTakeFirstOrThrow()
      await owner.execScript(`BEGIN;
      ALTER TABLE admin_audit_log DISABLE TRIGGER admin_audit_log_no_change;
      UPDATE admin_audit_log SET reason = 'found' WHERE id = '${line.id}';
      ALTER TABLE admin_audit_log ENABLE TRIGGER admin_audit_log_no_change;
      COMMIT;`)
      expect((await checkLedger(app.kysely)).problems).toContainEqual({
        kind: 'audit_chain_broken',
        id: line.id,
        detail: expect.stringContaining('was changed after it was written'),
      })
    },
  )

  it(
    "starts on a schema the owner migrated without the owner's " +
      'URL; on one it did not, it is refused with what to set',
    async () => {
      expect(await migrateAsOwner(app, undefined)).toEqual([])
      const empty = `${RUN}_empty`
      await createDatabase(empty)
      const fresh = await open(urlOf(APP, empty))
      const refusal = await migrateAsOwner(fresh, undefined).catch((error: unknown) => error)
      expect(refusal).toBeInstanceOf(ConfigError)
      expect((refusal as Error).message).toMatch(
        new RegExp(
          `^The database role ${APP} may not apply the migrations ` +
            `\\(permission denied for schema public\\): set DATABASE_OWNER_URL`,
        ),
      )
    },
  )

  it("servers starting together migrate once and grant one after another, under the migrations' lock", async () => {
    const together = `${RUN}_together`
    await createDatabase(together)
    const servers = await Promise.all([1, 2, 3].map(() => open(urlOf(APP, together))))
    const applied = await Promise.all(servers.map((db) => migrateAsOwner(db, urlOf(OWNER, together))))
    expect(applied.flat().sort()).toEqual(migrationFiles().map((m) => m.version))
    expect(await rolePowers(servers[0]!)).toEqual({ role: APP, superuser: false, owns: [], truncates: [] })
  })

  it(
    'backs up and restores as the owner; the restore carries no grants, ' +
      'and the next migration run grants the application role again',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'cash-roles-backup-'))
      try {
        const file = await takeBackup({
          DATABASE_URL: urlOf(APP, RUN),
          DATABASE_OWNER_URL: urlOf(OWNER, RUN),
          BACKUP_DIR: dir,
        })
        const restored = `${RUN}_restored`
        await createDatabase(restored)
        await restoreBackup(file, { DATABASE_URL: urlOf(APP, restored), DATABASE_OWNER_URL: urlOf(OWNER, restored) })
        const again = await open(urlOf(APP, restored))
        expect(await outcome(again, 'SELECT 1 FROM entries LIMIT 1')).toBe('42501')
        expect(await migrateAsOwner(again, urlOf(OWNER, restored))).toEqual([])
        expect(await rolePowers(again)).toEqual({ role: APP, superuser: false, owns: [], truncates: [] })
        expect(await checkLedger(again.kysely), 'the copy checks as the original does').toEqual(
          await checkLedger(app.kysely),
        )
        expect(await outcome(again, 'TRUNCATE admin_audit_log')).toBe('42501')
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  )

  it('a production server as the owner alone warns at start; given DATABASE_OWNER_URL ' +
    'it migrates as the owner, serves as the application role, and does not', async () => {
    const database = `${RUN}_server`
    await createDatabase(database)
    const dist = mkdtempSync(join(tmpdir(), 'cash-roles-dist-'))
    mkdirSync(join(dist, 'host'))
    writeFileSync(join(dist, 'host/index.html'), '<!doctype html><title>Cash</title>')
    const start = async (env: Record<string, string>) => {
      const port = await freePort()
      const server = new Server(
        {
          CASH_ENV: 'production',
          PASSWORD_COST: 'standard',
          WEBHOOK_SECRET: 'a-real-secret-of-some-length',
          PUBLIC_ORIGIN: 'https://cash.example.com',
          SMTP_URL: 'smtp://127.0.0.1:25',
          MAIL_FROM: 'Cash <no-reply@cash.example.com>',
          DATA_KEYS: `k1:${Buffer.alloc(32, 1).toString('base64')}`,
          DIST_DIR: dist,
          PORT: String(port),
          HOST: '127.0.0.1',
          LOG_LEVEL: 'warn',
          JOBS: 'off',
          DATABASE_OWNER_URL: '',
          ...env,
        },
        port,
      )
      try {
        await server.start()
        expect((await fetch(`http://127.0.0.1:${port}/app/cash/api/v1/health/ready`)).status).toBe(200)
      } finally {
        await server.stop()
      }
      return server.output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { level: string; msg: string; role?: string; tablesOwned?: number })
    }
    try {
      const single = await start({ DATABASE_URL: urlOf(OWNER, database) })
      expect(single).toContainEqual(
        expect.objectContaining({
          level: 'warn',
          msg: expect.stringMatching(/^the application database role can truncate the audit log/),
          role: OWNER,
          tablesOwned: expect.any(Number),
        }),
      )
      const split = await start({ DATABASE_URL: urlOf(APP, database), DATABASE_OWNER_URL: urlOf(OWNER, database) })
      expect(split.filter((line) => line.level !== 'info')).toEqual([])
      const served = await open(urlOf(APP, database))
      expect(await outcome(served, 'TRUNCATE admin_audit_log')).toBe('42501')
    } finally {
      rmSync(dist, { recursive: true, force: true })
    }
  }, 240_000)
})

it("the application role may DELETE from exactly the tables the server's code deletes from", () => {
  const root = resolve(import.meta.dirname, '..')
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? files(join(dir, entry.name))
        : entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')
          ? [join(dir, entry.name)]
          : [],
    )
  const deleted = new Set<string>()
  for (const file of files(root)) {
    if (relative(root, file).startsWith('testing')) continue
    const source = readFileSync(file, 'utf8')
    for (const match of source.matchAll(/deleteFrom\(\s*'(\w+)'|DELETE FROM\s+(\w+)/g))
      deleted.add(match[1] ?? match[2]!)
  }
  expect([...deleted].sort()).toEqual([...APPLICATION_DELETES].sort())
})
