import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ACCOUNT_IDS, DEMO_PASSWORD } from '../../fixtures/personas'
import { takeBackup } from '../../scripts/backup'
import { Server } from '../../scripts/cash-process'
import { restoreBackup } from '../../scripts/restore'
import { connect } from '../db/connect'
import { migrate } from '../db/migrate'
import { checkLedger } from '../ledger/ledger-check'
import { databaseUrl, withAdmin } from '../testing/test-database'
import { freePort } from '../testing/free-port'

// The restore drill (issue 20), on both databases: a real server under a stream of deposits is backed up while
// the deposits go on (`npm run backup`: SIGUSR2 to the PGlite server that owns the folder, pg_dump on
// PostgreSQL), the backup is restored into a new database (`npm run restore`), and there the ledger check
// passes and every deposit acknowledged before the backup began is present. In the `postgres` project.
const API = '/app/cash/api/v1'
const POSTGRES = process.env.CASH_TEST_DATABASE_URL!
const temp = mkdtempSync(join(tmpdir(), 'cash-restore-drill-'))
afterAll(() => rmSync(temp, { recursive: true, force: true }))

async function drill(kind: 'pglite' | 'postgres') {
  const port = await freePort()
  const names = { source: `cash_drill_source_${process.pid}`, target: `cash_drill_target_${process.pid}` }
  if (kind === 'postgres') {
    for (const name of Object.values(names)) {
      await withAdmin(POSTGRES, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`))
      await withAdmin(POSTGRES, (admin) => admin.query(`CREATE DATABASE "${name}"`))
    }
  }
  const source =
    kind === 'postgres'
      ? { DATABASE_URL: databaseUrl(POSTGRES, names.source), DATA_DIR: join(temp, 'unused') }
      : { DATABASE_URL: '', DATA_DIR: join(temp, 'source') }
  const target =
    kind === 'postgres'
      ? { DATABASE_URL: databaseUrl(POSTGRES, names.target), DATA_DIR: join(temp, 'unused') }
      : { DATABASE_URL: '', DATA_DIR: join(temp, 'target') }
  const BACKUP_DIR = join(temp, `backups-${kind}`)
  const env = {
    ...source,
    BACKUP_DIR,
    PORT: String(port),
    HOST: '127.0.0.1',
    CASH_ENV: 'test',
    LOG_LEVEL: 'warn',
    JOBS: 'off',
    AUTH_RATE_LIMIT: '100000',
  }
  const server = new Server(env, port)
  try {
    await server.start()
    const base = `http://127.0.0.1:${port}${API}`
    const signIn = await fetch(`${base}/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.cash', password: DEMO_PASSWORD, client: 'native' }),
    })
    const { token } = (await signIn.json()) as { token: string }
    const acknowledged: string[] = []
    let n = 0
    let depositing = true
    const deposits = Array.from({ length: 4 }, async () => {
      while (depositing) {
        const res = await fetch(`${base}/sandbox/deposits`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${token}`,
            'idempotency-key': `drill-${kind}-${++n}`,
          },
          body: JSON.stringify({ accountId: ACCOUNT_IDS.personal, asset: 'USDC', amount: '1' }),
        })
        const body = (await res.json()) as { journalId?: string }
        expect(res.status, JSON.stringify(body)).toBe(201)
        acknowledged.push(body.journalId!)
      }
    })
    // Some deposits first, then the backup while they go on, then some more.
    while (acknowledged.length < 30) await new Promise((done) => setTimeout(done, 20))
    const beforeBackup = [...acknowledged]
    const file = await takeBackup({ ...process.env, ...env })
    const atBackup = acknowledged.length
    while (acknowledged.length < atBackup + 10) await new Promise((done) => setTimeout(done, 20))
    depositing = false
    await Promise.all(deposits)
    await server.stop()

    expect(file).toMatch(kind === 'pglite' ? /cash-pglite-.+\.tar\.gz$/ : /cash-postgres-.+\.dump$/)
    await restoreBackup(file, { ...process.env, ...target })
    await expect(restoreBackup(file, { ...process.env, ...target }), 'a restore never overwrites').rejects.toThrow(
      /not empty/,
    )
    const restored = await connect({ databaseUrl: target.DATABASE_URL || undefined, dataDir: target.DATA_DIR })
    try {
      expect(await migrate(restored), 'the backup carries the schema').toEqual([])
      expect(await checkLedger(restored.kysely)).toMatchObject({ ok: true, problems: [] })
      const found = new Set(
        (await restored.kysely.selectFrom('journals').select('id').where('id', 'in', beforeBackup).execute()).map(
          (j) => j.id,
        ),
      )
      expect(
        beforeBackup.filter((id) => !found.has(id)),
        'deposits acknowledged before the backup, missing from it',
      ).toEqual([])
    } finally {
      await restored.close()
    }
  } finally {
    await server.kill()
    if (kind === 'postgres')
      for (const name of Object.values(names))
        await withAdmin(POSTGRES, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).catch(
          () => undefined,
        )
  }
}

describe.concurrent('the restore drill: backed up under load, restored into a new database', () => {
  it(
    'on PGlite: the server that owns the folder writes the backup on ' +
      'SIGUSR2; the restore has every earlier deposit and a clean ledger',
    () => drill('pglite'),
    600_000,
  )
  it(
    'on PostgreSQL: pg_dump while the server runs, pg_restore into a new database; the same',
    () => drill('postgres'),
    600_000,
  )
})
