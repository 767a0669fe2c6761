import { sql } from 'kysely'
import { beforeEach, describe, expect, it } from 'vitest'
import { ACCOUNT_IDS, persona } from '../../fixtures/personas'
import { ConfigError } from '../config'
import { inProcess, pgliteParsers, wrapPglite, type Db } from '../db/connect'
import { migrate, migrationFiles } from '../db/migrate'
import { seedPersonas } from '../seed'
import { createTestApp, signIn, type TestApp } from '../testing/test-app'
import { TEST_DATA_KEYS, testDeps } from '../testing/test-database'
import { storePersonalData } from '../testing/personal-data-flows'
import { openText, parseDataKeys, sealText, type SealedText } from './field-crypto'
import { sealStoredPii } from './seal-stored-pii'
import { newPglite } from '../db/fresh-cluster'

let t: TestApp
const advance = (seconds: number) => t.setNow(new Date(t.deps.now().getTime() + seconds * 1000))

beforeEach(async () => {
  t = await createTestApp()
})

/** Every row of every application table as text (bytea as hex), the way a copy of the database would show them. */
async function everyRow(db: Db): Promise<string> {
  const { rows: tables } = await sql<{
    name: string
  }>`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`.execute(db.kysely)
  const parts: string[] = []
  for (const { name } of tables) {
    const { rows } = await sql<{ row: string }>`SELECT row_to_json(t)::text AS row FROM ${sql.table(name)} t`.execute(
      db.kysely,
    )
    parts.push(...rows.map((r) => `${name} ${r.row}`))
  }
  return parts.join('\n')
}

describe('personal data at rest', () => {
  it(
    'keeps account numbers, IBANs, identity documents and KYC details ' +
      'sealed in every row, while the API answers them as before',
    async () => {
      const stored = await storePersonalData(t.app, t.runJobs, advance)
      const rows = await everyRow(t.deps.db)
      for (const plain of stored.plaintexts) expect(rows.includes(plain), `${plain} stored in the clear`).toBe(false)
      const profileRows = rows
        .split('\n')
        .filter((r) => r.startsWith('users ') || r.startsWith('vault_email_codes '))
        .join('\n')
      for (const plain of stored.sealedInProfile)
        expect(profileRows.includes(plain), `${plain} stored in the clear`).toBe(false)
      expect(rows).not.toContain(stored.documentBytes.toString('hex'))
      const recipients = await t.deps.db.kysely
        .selectFrom('bank_recipients')
        .select(['account_number', 'iban'])
        .execute()
      for (const r of recipients) expect(String(r.account_number ?? r.iban)).toMatch(/^v1\.test1\./)
      const virtual = await t.deps.db.kysely.selectFrom('virtual_bank_accounts').selectAll().execute()
      expect(virtual).toEqual([
        expect.objectContaining({
          usd_account_number: expect.stringMatching(/^v1\.test1\./),
          iban: expect.stringMatching(/^v1\.test1\./),
          usd_account_number_index: expect.any(String),
          iban_index: expect.any(String),
        }),
      ])
    },
  )
})

describe('the startup pass', () => {
  const rotated = `new2:${Buffer.alloc(32, 'n').toString('base64')},${TEST_DATA_KEYS}`
  const account = ACCOUNT_IDS.personal
  const nina = persona('new').id
  const scan = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x42, 0x42])
  const applicationId = '30000000-0000-4000-8000-0000000000a1'
  const documentId = '30000000-0000-4000-8000-0000000000d1'

  /** Rows as a database made before sealing began holds them, and one recipient sealed under the old key. */
  async function storeOldRows(db: Db) {
    const paula = await signIn(t.app, 'personal', 'web')
    expect(
      (
        await paula.json('POST', `/accounts/${account}/bank-recipients`, {
          region: 'eu',
          name: 'Sealed Earlier',
          iban: 'FR14 2004 1010 0505 0001 3M02 606',
        })
      ).status,
    ).toBe(201)
    await sql`INSERT INTO bank_recipients (id, account_id, region, name, routing_number, account_number, source)
        VALUES ('30000000-0000-4000-8000-0000000000b1', ${account}, 'us', 'Plain Old', '011000015', '55501234',
          'manual')`.execute(db.kysely)
    await sql`INSERT INTO virtual_bank_accounts (account_id, usd_account_number, iban)
        VALUES (${account}, '912345678901', 'DE02100100100000000001')`.execute(db.kysely)
    await sql`INSERT INTO identity_documents (id, uploaded_by, kind, mime, file_name, size_bytes, content, created_at)
        VALUES (${documentId}, ${nina}, 'selfie', 'image/png', 'me.png', ${scan.length}, ${scan}, now())`.execute(
      db.kysely,
    )
    await sql`INSERT INTO identity_applications (id, kind, user_id, submitted_by, subject_name, provider_ref, status,
        details, origin, submitted_at)
      VALUES (${applicationId}, 'kyc', ${nina}, ${nina}, 'Nina Novak', 'idv_old_1', 'submitted',
        ${JSON.stringify({ legalName: 'Nina Novak', birthDate: '1991-02-03' })}, 'http://localhost', now())`.execute(
      db.kysely,
    )
    await sql`UPDATE identity_documents SET application_id = ${applicationId} WHERE id = ${documentId}`.execute(
      db.kysely,
    )
  }

  it(
    'seals values stored in the clear and re-seals those under an ' +
      'older key, once; the API and incoming transfers still find them',
    async () => {
      await storeOldRows(t.deps.db)
      const sealed = await sealStoredPii(t.deps.db, parseDataKeys(rotated), t.deps.log)
      expect(sealed).toEqual({
        'bank_recipients.account_number': 1,
        'bank_recipients.iban': 1,
        'virtual_bank_accounts.usd_account_number': 1,
        'virtual_bank_accounts.iban': 1,
        'identity_applications.details': 1,
        'identity_documents.content': 1,
      })
      expect(
        await sealStoredPii(t.deps.db, parseDataKeys(rotated), t.deps.log),
        'a second start finds nothing to do',
      ).toEqual({})

      const rows = await everyRow(t.deps.db)
      for (const plain of [
        '55501234',
        'FR1420041010050500013M02606',
        '912345678901',
        'DE02100100100000000001',
        '1991-02-03',
        scan.toString('hex'),
      ])
        expect(rows.includes(plain), plain).toBe(false)
      const recipients = await t.deps.db.kysely
        .selectFrom('bank_recipients')
        .select(['account_number', 'iban'])
        .execute()
      expect(recipients.map((r) => String(r.account_number ?? r.iban).slice(0, 8))).toEqual(['v1.new2.', 'v1.new2.'])

      // The server, now on the rotated keys, answers every value as it was.
      t.deps.config.DATA_KEYS = rotated
      const paula = await signIn(t.app, 'personal', 'web')
      expect(
        ((await paula.json('GET', `/accounts/${account}/bank-recipients`)).body.items as { masked: string }[])
          .map((r) => r.masked)
          .sort(),
      ).toEqual(['•••• 1234', '•••• 2606'])
      expect((await paula.json('GET', `/accounts/${account}/bank-details`)).body).toMatchObject({
        usd: { accountNumber: '912345678901' },
        eur: { iban: 'DE02100100100000000001' },
      })
      const admin = await signIn(t.app, 'admin')
      expect((await admin.json('GET', `/admin/identity-documents/${documentId}`)).body.content).toBe(
        scan.toString('base64'),
      )
      expect((await admin.json('GET', '/admin/identity-applications')).body.items).toContainEqual(
        expect.objectContaining({ id: applicationId, details: { legalName: 'Nina Novak', birthDate: '1991-02-03' } }),
      )
      await admin.json('POST', '/sandbox/bank/transfers', {
        accountId: account,
        rail: 'sepa',
        amount: '100',
        senderName: 'Paula Pereira',
      })
      advance(100)
      await t.runJobs()
      expect((await paula.json('GET', `/accounts/${account}/bank-transfers-in`)).body.items).toEqual([
        expect.objectContaining({ status: 'credited', currency: 'EUR' }),
      ])
    },
  )

  it('finds a virtual account by a blind index made under an older key, before the pass re-seals it', async () => {
    const paula = await signIn(t.app, 'personal', 'web')
    const details = (await paula.json('GET', `/accounts/${account}/bank-details`)).body
    t.deps.config.DATA_KEYS = rotated
    const admin = await signIn(t.app, 'admin')
    await admin.json('POST', '/sandbox/bank/transfers', {
      accountId: account,
      rail: 'ach',
      amount: '100',
      senderName: 'Paula Pereira',
    })
    advance(100)
    await t.runJobs()
    expect((await paula.json('GET', `/accounts/${account}/bank-transfers-in`)).body.items).toEqual([
      expect.objectContaining({ status: 'credited' }),
    ])
    expect((await paula.json('GET', `/accounts/${account}/bank-details`)).body).toEqual(details)
  })

  it(
    'reads a sealed column once per data key: ' + 'a later start reads none of them, a rotation reads them again',
    async () => {
      const db = t.deps.db
      const scans = async () => {
        await sql`SELECT pg_stat_force_next_flush()`.execute(db.kysely)
        const { rows } = await sql<{ n: string }>`SELECT sum(seq_scan)::text AS n FROM pg_stat_user_tables
        WHERE relid IN ('users'::regclass, 'identity_documents'::regclass, 'pix_payments'::regclass)`.execute(db.kysely)
        return Number(rows[0]!.n)
      }
      await storeOldRows(db)
      const keys = parseDataKeys(rotated)
      expect(Object.keys(await sealStoredPii(db, keys, t.deps.log))).toContain('identity_documents.content')
      const before = await scans()
      expect(await sealStoredPii(db, keys, t.deps.log)).toEqual({})
      expect(await scans(), 'the second start read a sealed table').toBe(before)
      // A value in the clear after that is only a database's own doing (every write seals); a new current key reads
      // every column again, and seals it.
      const next = parseDataKeys(`next3:${Buffer.alloc(32, 'n').toString('base64')},${rotated}`)
      expect(Object.keys(await sealStoredPii(db, next, t.deps.log))).toContain('identity_documents.content')
      expect(await scans()).toBeGreaterThan(before)
    },
  )

  it('refuses to start on values sealed under a key DATA_KEYS does not hold, naming the key', async () => {
    const lostKey = parseDataKeys(`gone9:${Buffer.alloc(32, 'g').toString('base64')}`)
    const sealed = sealText(lostKey, 'bank_recipients.iban', 'DE89370400440532013000') as unknown as string
    await sql`INSERT INTO bank_recipients (id, account_id, region, name, iban, source)
        VALUES ('30000000-0000-4000-8000-0000000000b2', ${account}, 'eu', 'Lost Key',
          ${sealed}, 'manual')`.execute(t.deps.db.kysely)
    const error = await sealStoredPii(t.deps.db, parseDataKeys(rotated), t.deps.log).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as Error).message).toMatch(
      /DATA_KEYS: a value in bank_recipients\.iban is sealed with key gone9, which DATA_KEYS does not hold/,
    )
  })
})

it(
  'upgrades a database of the version before: migration 0042 keeps its ' +
    'rows, the pass seals them, and bank numbers in events are masked',
  async () => {
    const db = await wrapPglite(inProcess(await newPglite({ parsers: pgliteParsers })))
    try {
      await db.execScript(
        'CREATE TABLE schema_migrations (version TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())',
      )
      // Every migration but 0042 first: the seed below is today's code, which writes what later migrations added
      // (0043's titles); none of them touches 0042's tables.
      for (const m of migrationFiles().filter((m) => !m.version.startsWith('0042')))
        await db.execScript(
          `BEGIN; ${m.sql}\n;INSERT INTO schema_migrations (version) VALUES ('${m.version}'); COMMIT;`,
        )
      await seedPersonas(testDeps(db))
      const account = ACCOUNT_IDS.personal
      const details = { legalName: 'Nina Novak', birthDate: '1991-02-03', address: { line1: 'Rua Augusta 100' } }
      await sql`INSERT INTO bank_recipients (id, account_id, region, name, iban, source)
        VALUES ('30000000-0000-4000-8000-0000000000e1', ${account}, 'eu', 'Hans', 'DE89370400440532013000',
          'manual')`.execute(db.kysely)
      await sql`INSERT INTO virtual_bank_accounts (account_id, usd_account_number, iban)
        VALUES (${account}, '912345678901', 'DE02100100100000000001')`.execute(db.kysely)
      await sql`INSERT INTO identity_applications (id, kind, user_id, submitted_by, subject_name, provider_ref, status,
        details, origin, submitted_at)
      VALUES ('30000000-0000-4000-8000-0000000000e2', 'kyc', ${persona('new').id}, ${persona('new').id}, 'Nina Novak',
        'idv_old_2', 'approved', ${JSON.stringify(details)}::jsonb, 'http://localhost', now())`.execute(db.kysely)
      await sql`INSERT INTO provider_events (provider, event_id, type, payload)
        VALUES
          ('bank', 'evt_old_1', 'transfer.received',
            ${JSON.stringify({ reference: 'SEPA-1', iban: 'DE02100100100000000001', rail: 'sepa' })}::jsonb)`.execute(
        db.kysely,
      )
      const event = {
        id: 'evt_old_1',
        type: 'transfer.received',
        created: '2026-11-01T00:00:00Z',
        data: { accountNumber: '912345678901' },
      }
      await sql`INSERT INTO jobs (id, kind, payload, run_at, status)
        VALUES ('30000000-0000-4000-8000-0000000000e3', 'webhook.deliver',
          ${JSON.stringify({ provider: 'bank', event })}::jsonb, now(), 'done')`.execute(db.kysely)

      expect(await migrate(db)).toContain('0042_pii_at_rest')
      const keys = parseDataKeys(TEST_DATA_KEYS)
      await sealStoredPii(db, keys, testDeps(db).log)
      const rows = await everyRow(db)
      for (const plain of [
        'DE89370400440532013000',
        '912345678901',
        'DE02100100100000000001',
        '1991-02-03',
        'Rua Augusta',
      ])
        expect(rows.includes(plain), plain).toBe(false)
      const app = await db.kysely
        .selectFrom('identity_applications')
        .select('details')
        .where('id', '=', '30000000-0000-4000-8000-0000000000e2')
        .executeTakeFirstOrThrow()
      expect(JSON.parse(openText(keys, 'identity_applications.details', app.details))).toEqual(details)
      const virtual = await db.kysely.selectFrom('virtual_bank_accounts').selectAll().executeTakeFirstOrThrow()
      expect(openText(keys, 'virtual_bank_accounts.usd_account_number', virtual.usd_account_number)).toBe(
        '912345678901',
      )
      const recipient = await db.kysely.selectFrom('bank_recipients').select('iban').executeTakeFirstOrThrow()
      expect(openText(keys, 'bank_recipients.iban', recipient.iban as SealedText)).toBe('DE89370400440532013000')
      const { rows: kept } = await sql<{
        event: string
        job: string
      }>`SELECT (SELECT payload->>'iban' FROM provider_events WHERE event_id = 'evt_old_1') AS event,
      (SELECT payload #>> '{event,data,accountNumber}' FROM jobs WHERE id = '30000000-0000-4000-8000-0000000000e3')
        AS job`.execute(db.kysely)
      expect(kept[0]).toEqual({ event: '•••• 0001', job: '•••• 8901' })
    } finally {
      await db.close()
    }
  },
)
