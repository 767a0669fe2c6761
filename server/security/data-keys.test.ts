import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { ACCOUNT_IDS } from '../../fixtures/personas'
import { Server } from '../../scripts/cash-process'
import { ConfigError, loadConfig } from '../config'
import { connectPglite } from '../db/connect'
import { createLogger } from '../log'
import { freePort } from '../testing/free-port'
import { DATA_KEY_FILE, withDataKeys } from './data-keys'
import { openText, parseDataKeys, type SealedText } from './field-crypto'

const quiet = createLogger('silent')
const KEYS = `k1:${Buffer.alloc(32, 1).toString('base64')}`

describe('the data key of an install', () => {
  it(
    'is DATA_KEYS when given, and otherwise made once and ' + 'kept in DATA_DIR/data-key (0600), never in the database',
    () => {
      expect(withDataKeys(loadConfig({ DATA_KEYS: KEYS }), quiet).DATA_KEYS).toBe(KEYS)
      const folder = mkdtempSync(join(tmpdir(), 'cash-data-key-'))
      try {
        const config = loadConfig({ DATA_DIR: join(folder, 'data') })
        const made = withDataKeys(config, quiet).DATA_KEYS!
        expect(parseDataKeys(made).current).toMatch(/^local-[0-9a-f]{6}$/)
        const file = join(folder, 'data', DATA_KEY_FILE)
        expect(readFileSync(file, 'utf8').trim()).toBe(made)
        expect(statSync(file).mode & 0o777).toBe(0o600)
        expect(withDataKeys(config, quiet).DATA_KEYS, 'the next start reads the same key').toBe(made)
      } finally {
        rmSync(folder, { recursive: true, force: true })
      }
    },
  )

  it('lives in memory with an in-memory PGlite, and is refused for PostgreSQL with nowhere to keep it', () => {
    const a = withDataKeys(loadConfig({ DATA_DIR: ':memory:' }), quiet).DATA_KEYS
    expect(a).toMatch(/^mem-[0-9a-f]{6}:/)
    expect(withDataKeys(loadConfig({ DATA_DIR: ':memory:' }), quiet).DATA_KEYS).not.toBe(a)
    expect(() => withDataKeys(loadConfig({ DATA_DIR: ':memory:', DATABASE_URL: 'postgres://u@h/db' }), quiet)).toThrow(
      ConfigError,
    )
  })
})

it('a server started on a database made before sealing seals its ' +
  'plaintext rows before it listens, with the key kept beside the folder', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'cash-seal-at-start-'))
  const dataDir = join(folder, 'data')
  const port = await freePort()
  const env = {
    CASH_ENV: 'development',
    DATA_KEYS: '',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    JOBS: 'off',
  }
  const account = ACCOUNT_IDS.personal
  try {
    let server = new Server(env, port)
    await server.start()
    await server.stop()
    // What a database of an older version holds: numbers in the clear.
    let db = await connectPglite(dataDir)
    await sql`INSERT INTO bank_recipients (id, account_id, region, name, routing_number, account_number, source)
        VALUES ('30000000-0000-4000-8000-0000000000c1', ${account}, 'us', 'Plain Old', '011000015', '55501234',
          'manual')`.execute(db.kysely)
    await sql`INSERT INTO virtual_bank_accounts (account_id, usd_account_number, iban)
        VALUES (${account}, '912345678901', 'DE02100100100000000001')`.execute(db.kysely)
    // Nor had it a record of columns found sealed (migration 0053).
    await sql`DELETE FROM sealed_columns`.execute(db.kysely)
    await db.close()

    server = new Server(env, port)
    await server.start()
    await server.stop()
    const keys = parseDataKeys(readFileSync(join(dataDir, DATA_KEY_FILE), 'utf8'))
    db = await connectPglite(dataDir)
    try {
      const recipient = await db.kysely
        .selectFrom('bank_recipients')
        .select('account_number')
        .where('id', '=', '30000000-0000-4000-8000-0000000000c1')
        .executeTakeFirstOrThrow()
      expect(String(recipient.account_number)).toMatch(new RegExp(`^v1\\.${keys.current}\\.`))
      expect(openText(keys, 'bank_recipients.account_number', recipient.account_number as SealedText)).toBe('55501234')
      const virtual = await db.kysely.selectFrom('virtual_bank_accounts').selectAll().executeTakeFirstOrThrow()
      expect(openText(keys, 'virtual_bank_accounts.iban', virtual.iban)).toBe('DE02100100100000000001')
      expect(virtual.iban_index).toEqual(expect.any(String))
      const { rows } = await sql<{
        found: boolean
      }>`SELECT EXISTS (SELECT 1 FROM install_secrets WHERE value LIKE ${`%${keys.current}%`}) AS found`.execute(
        db.kysely,
      )
      expect(rows[0]!.found, 'the data key is not in the database').toBe(false)
    } finally {
      await db.close()
    }
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}, 240_000)
