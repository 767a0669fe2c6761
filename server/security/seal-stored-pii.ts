import { sql } from 'kysely'
import { ConfigError } from '../config'
import type { Db } from '../db/connect'
import type { Logger } from '../log'
import { normaliseBankNumber } from '../../domain/bank-numbers'
import {
  blindIndex,
  DataKeyError,
  openBytes,
  openText,
  sealBytes,
  sealedKeyId,
  sealText,
  type KeyRing,
  type SealedBytes,
  type SealedText,
} from './field-crypto'

/** Rows sealed per transaction: a large table is done in short transactions, never one long lock. */
export const SEAL_BATCH = 200

/** A sealed column: its table, key, the column itself and, for virtual numbers, the blind index beside it. */
type Column = {
  table:
    | 'bank_recipients'
    | 'virtual_bank_accounts'
    | 'identity_applications'
    | 'identity_documents'
    | 'users'
    | 'vault_email_codes'
    | 'pix_payments'
  key: 'id' | 'account_id' | 'user_id'
  column: string
  index?: string
  bytes?: true
}

/** Every column holding a sealed value (server/db/schema.ts types each as SealedText or SealedBytes). */
export const SEALED_COLUMNS: readonly Column[] = [
  { table: 'bank_recipients', key: 'id', column: 'account_number' },
  { table: 'bank_recipients', key: 'id', column: 'iban' },
  {
    table: 'virtual_bank_accounts',
    key: 'account_id',
    column: 'usd_account_number',
    index: 'usd_account_number_index',
  },
  { table: 'virtual_bank_accounts', key: 'account_id', column: 'iban', index: 'iban_index' },
  { table: 'identity_applications', key: 'id', column: 'details' },
  { table: 'identity_documents', key: 'id', column: 'content', bytes: true },
  { table: 'users', key: 'id', column: 'phone' },
  { table: 'users', key: 'id', column: 'vault_email' },
  { table: 'vault_email_codes', key: 'user_id', column: 'email' },
  { table: 'pix_payments', key: 'id', column: 'key_value' },
]

/** The SQL prefix of a value sealed under `keyId`, as text and as bytes. */
const sealedUnder = (keyId: string) => `v1.${keyId}.`

/**
 * Seals what is not sealed under the current key, before the server takes traffic: values stored before sealing
 * began (plaintext: any value not starting `v1.<keyId>.`), and values under an older key of DATA_KEYS (a rotation).
 * Each is opened (plaintext as it is), sealed under the current key and, for virtual numbers, given the blind index
 * under it. A column found wholly sealed is recorded with the key (`sealed_columns`) and skipped by later starts
 * under that key: every write seals, so only a newly sealed column or a new current key needs the read. Idempotent
 * and safe beside other servers starting: batches of SEAL_BATCH rows, each row locked while it is sealed and skipped
 * when another server holds it. Throws when a value is under a key DATA_KEYS does not hold, naming it: that database
 * needs the key it was sealed with.
 */
export async function sealStoredPii(db: Db, keys: KeyRing, log: Logger): Promise<Record<string, number>> {
  try {
    return await sealAll(db, keys, log)
  } catch (error) {
    if (error instanceof DataKeyError)
      throw new ConfigError(
        `Invalid configuration:\n  DATA_KEYS: ${error.message}; add that key to DATA_KEYS (after the current one)`,
      )
    throw error
  }
}

async function sealAll(db: Db, keys: KeyRing, log: Logger): Promise<Record<string, number>> {
  const done: Record<string, number> = {}
  // The columns found wholly sealed under the current key by an earlier start (migration 0053): every write seals,
  // so they are not read again until a migration seals a new column or the current key changes.
  const checked = new Set(
    (await db.kysely.selectFrom('sealed_columns').select('name').where('key_id', '=', keys.current).execute()).map(
      (r) => r.name,
    ),
  )
  const current = sealedUnder(keys.current)
  for (const c of SEALED_COLUMNS) {
    const name = `${c.table}.${c.column}`
    if (checked.has(name)) continue
    // Text and bytes alike: bytes compare by their first bytes, text by its prefix.
    const notCurrent = c.bytes
      ? sql`substring(${sql.ref(c.column)} from 1 for ${current.length}) <> ${Buffer.from(current)}`
      : sql`left(${sql.ref(c.column)}, ${current.length}) <> ${current}`
    let count = 0
    for (;;) {
      const sealedRows = await db.kysely.transaction().execute(async (tx) => {
        const { rows } = await sql<{ key: string; value: string | Uint8Array }>`
          SELECT ${sql.ref(c.key)} AS key, ${sql.ref(c.column)} AS value FROM ${sql.table(c.table)}
          WHERE ${sql.ref(c.column)} IS NOT NULL AND ${notCurrent}
          ORDER BY ${sql.ref(c.key)} LIMIT ${SEAL_BATCH} FOR UPDATE SKIP LOCKED`.execute(tx)
        for (const row of rows) {
          const keyId = sealedKeyId(row.value)
          if (c.bytes) {
            const plain =
              keyId === null
                ? Buffer.from(row.value as Uint8Array)
                : openBytes(keys, name, row.value as unknown as SealedBytes)
            const sealed = sealBytes(keys, name, plain) as unknown as Uint8Array
            await sql`UPDATE ${sql.table(c.table)} SET ${sql.ref(c.column)} = ${sealed}
                WHERE ${sql.ref(c.key)} = ${row.key}`.execute(tx)
          } else {
            const plain =
              keyId === null ? (row.value as string) : openText(keys, name, row.value as unknown as SealedText)
            const sealed = sealText(keys, name, plain) as unknown as string
            const index = c.index
              ? sql`, ${sql.ref(c.index)} = ${blindIndex(keys, name, normaliseBankNumber(plain))}`
              : sql``
            await sql`UPDATE ${sql.table(c.table)} SET ${sql.ref(c.column)} = ${sealed}${index}
                WHERE ${sql.ref(c.key)} = ${row.key}`.execute(tx)
          }
        }
        return rows.length
      })
      count += sealedRows
      if (sealedRows < SEAL_BATCH) break
    }
    if (count) done[name] = count
    // Recorded only when nothing is left, rows another starting server holds included (read without skipping them):
    // should that server stop before committing, the next start seals what it left.
    const { rows: left } = await sql<{ found: boolean }>`SELECT EXISTS (SELECT 1 FROM ${sql.table(c.table)}
        WHERE ${sql.ref(c.column)} IS NOT NULL AND ${notCurrent}) AS found`.execute(db.kysely)
    if (!left[0]!.found)
      await db.kysely
        .insertInto('sealed_columns')
        .values({ name, key_id: keys.current })
        .onConflict((oc) => oc.column('name').doUpdateSet({ key_id: keys.current, checked_at: new Date() }))
        .execute()
  }
  if (Object.keys(done).length)
    log.info('sealed stored personal data under the current data key', { key: keys.current, sealed: done })
  return done
}
