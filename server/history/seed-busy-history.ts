import { createHash } from 'node:crypto'
import { sql, type Kysely, type RawBuilder } from 'kysely'
import type { Database } from '../db/schema'

export type BusyHistoryOptions = {
  /** Settled movements, in equal parts: USDC deposits, cleared card purchases, confirmed withdrawals, PIX top-ups. */
  movements: number
  /** Card purchases still on hold (approved, with a pending hold). */
  pendingPurchases: number
  /** The newest movement is one step before this instant; defaults to the database's clock. */
  now?: Date
}

/**
 * Seconds and a few microseconds between two instants of history: sub-millisecond, so cursors must keep microseconds.
 */
const STEP = '1000037 microseconds'
const USDC = (units: number) => BigInt(Math.round(units * 1_000_000))
const AMOUNT = { deposit: USDC(100), pix: USDC(50), card: USDC(7.25), withdrawal: USDC(20), pending: USDC(1.5) }
/** Where the busy account's withdrawals went. */
const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'

/**
 * Gives an account a long history in a few bulk statements (seconds, not minutes of API calls), for the
 * history tests and the bench. Every row is what the services would have written: balanced journals with their
 * entries, holds posted or pending, card authorizations, withdrawals, and the ledger's cached balances moved
 * by the same sums, so `checkLedger` still passes. Rows come in groups of three sharing one `created_at`
 * (cursor ties), pending purchases interleaved among them. Ids derive from the account and the row's number,
 * so a run is repeatable; seed an account once. The account needs a card (its first is used) and enough
 * posted USDC is credited by the deposits to cover every spend. No expiry jobs are queued for the holds.
 * Ends by analyzing the tables it filled, as autovacuum would.
 */
export async function seedBusyHistory(
  db: Kysely<Database>,
  accountId: string,
  options: BusyHistoryOptions,
): Promise<void> {
  const { movements: m, pendingPurchases: p } = options
  await db.transaction().execute(async (tx) => {
    const card = await tx
      .selectFrom('cards')
      .select('id')
      .where('account_id', '=', accountId)
      .orderBy('created_at')
      .orderBy('id')
      .executeTakeFirst()
    if (!card) throw new Error(`seedBusyHistory: account ${accountId} has no card`)
    const cash = await ledgerAccount(tx, accountId, 'cash', 'credit', true)
    const custody = await ledgerAccount(tx, null, 'custody', 'debit', false)
    const settlement = await ledgerAccount(tx, null, 'card_settlement', 'credit', false)
    const t0 = sql`COALESCE(${options.now ?? null}::timestamptz, now())`
    const at = (n: RawBuilder<unknown>) => sql`${t0} - ((${n} + 2) / 3) * ${sql.raw(`interval '${STEP}'`)}`
    const id = (tag: string, n: RawBuilder<unknown>) => sql`md5(${accountId}::text || ${`:busy:${tag}:`} || ${n})::uuid`
    const i = sql.ref('i')
    // Pending purchase j sits among the movements, at movement ⌈j·m/p⌉'s instant.
    const pendingSlot = sql`((j::bigint * ${Math.max(m, 1)}::int) / ${Math.max(p, 1)}::int)::int`
    const j = sql.ref('j')

    await sql`INSERT INTO holds (id, kind, account_id, debit_ledger_account_id, credit_ledger_account_id, asset, amount,
        posted_amount, status, title, reference, expires_at, created_at, resolved_at)
      SELECT ${id('h', i)}, CASE i % 4 WHEN 2 THEN 'card_authorization'
        ELSE 'withdrawal' END, ${accountId}::uuid, ${cash}::uuid,
        CASE i % 4 WHEN 2 THEN ${settlement}::uuid ELSE ${custody}::uuid END, 'USDC',
        CASE i % 4 WHEN 2 THEN ${AMOUNT.card}::numeric ELSE ${AMOUNT.withdrawal}::numeric END, CASE i % 4 WHEN 2
          THEN ${AMOUNT.card}::numeric ELSE ${AMOUNT.withdrawal}::numeric END,
        'posted', CASE i % 4 WHEN 2 THEN jsonb_build_object('key', 'card', 'merchant', 'Busy Bistro ' || i)
          ELSE jsonb_build_object('key', 'withdrawal', 'asset', 'USDC', 'address', ${ADDRESS}::text) END,
        CASE i % 4 WHEN 2 THEN 'busy-' || ${accountId}::text || '-' || i END, ${at(i)} + interval '7 days', ${at(i)},
          ${at(i)}
      FROM generate_series(1, ${m}::int) i WHERE i % 4 IN (2, 3)
      UNION ALL
      SELECT ${id('ph', j)}, 'card_authorization', ${accountId}::uuid, ${cash}::uuid, ${settlement}::uuid, 'USDC',
        ${AMOUNT.pending}::numeric, NULL, 'pending',
        jsonb_build_object('key', 'card', 'merchant', 'Busy Bakery ' || j),
        'busy-' || ${accountId}::text || '-p' || j, ${t0} + interval '7 days',
          ${at(pendingSlot)}, NULL
      FROM generate_series(1, ${p}::int) j`.execute(tx)

    await sql`INSERT INTO card_authorizations (id, network_id, card_id, account_id, amount, merchant_name,
        merchant_city, mcc, status, hold_id, cleared_amount, expires_at, created_at, updated_at)
      SELECT ${id('a', i)}, 'busy-' || ${accountId}::text || '-' || i, ${card.id}::uuid, ${accountId}::uuid,
        ${AMOUNT.card}::numeric, 'Busy Bistro ' || i, 'Lisbon', '5812',
        'cleared', ${id('h', i)}, ${AMOUNT.card}::numeric, ${at(i)} + interval '7 days', ${at(i)}, ${at(i)}
      FROM generate_series(1, ${m}::int) i WHERE i % 4 = 2
      UNION ALL
      SELECT ${id('pa', j)}, 'busy-' || ${accountId}::text || '-p' || j, ${card.id}::uuid, ${accountId}::uuid,
        ${AMOUNT.pending}::numeric, 'Busy Bakery ' || j, 'Lisbon', '5462',
        'approved', ${id('ph', j)}, NULL, ${t0} + interval '7 days', ${at(pendingSlot)}, ${at(pendingSlot)}
      FROM generate_series(1, ${p}::int) j`.execute(tx)

    await sql`INSERT INTO withdrawals (id, account_id, asset, amount, fee, destination, status, hold_id, tx_hash,
        release_at, journal_id, created_at, updated_at)
      SELECT ${id('w', i)}, ${accountId}::uuid, 'USDC', ${AMOUNT.withdrawal}::numeric, 0,
        ${ADDRESS}, 'confirmed', ${id('h', i)},
        '0x' || md5(${accountId}::text || ':busy:tx:' || i) || md5(${accountId}::text || ':busy:tx2:' || i), ${at(i)},
          ${id('j', i)}, ${at(i)}, ${at(i)}
      FROM generate_series(1, ${m}::int) i WHERE i % 4 = 3`.execute(tx)

    await sql`INSERT INTO journals (id, kind, account_id, title, reference, hold_id, created_at)
      SELECT ${id('j', i)}, CASE i % 4 WHEN 1 THEN 'deposit' WHEN 2 THEN 'card_spend' WHEN 3 THEN 'crypto_withdrawal'
        ELSE 'pix_top_up' END, ${accountId}::uuid,
        CASE i % 4 WHEN 1 THEN jsonb_build_object('key', 'deposit', 'asset', 'USDC')
          WHEN 2 THEN jsonb_build_object('key', 'card', 'merchant', 'Busy Bistro ' || i)
          WHEN 3 THEN jsonb_build_object('key', 'withdrawal', 'asset', 'USDC', 'address', ${ADDRESS}::text)
          ELSE jsonb_build_object('key', 'pix_top_up', 'brl', '25000') END,
        CASE i % 4 WHEN 2 THEN 'busy-' || ${accountId}::text || '-' || i WHEN 1
          THEN '0x' || md5(${accountId}::text || ':busy:in:' || i) END,
        CASE WHEN i % 4 IN (2, 3) THEN ${id('h', i)} END, ${at(i)}
      FROM generate_series(1, ${m}::int) i`.execute(tx)

    // Two entries per journal: money in debits custody and credits the holder's cash; money out the reverse.
    await sql`INSERT INTO entries (journal_id, ledger_account_id, asset, side, amount)
      SELECT ${id('j', i)}, e.ledger_account_id, 'USDC', e.side,
        CASE i % 4 WHEN 1 THEN ${AMOUNT.deposit}::numeric WHEN 2 THEN ${AMOUNT.card}::numeric WHEN 3
          THEN ${AMOUNT.withdrawal}::numeric ELSE ${AMOUNT.pix}::numeric END
      FROM generate_series(1, ${m}::int) i, LATERAL (VALUES
        (CASE WHEN i % 4 IN (2, 3) THEN ${cash}::uuid ELSE ${custody}::uuid END, 'debit'),
        (CASE i % 4 WHEN 2 THEN ${settlement}::uuid WHEN 3 THEN ${custody}::uuid ELSE ${cash}::uuid END, 'credit'))
          AS e (ledger_account_id, side)`.execute(tx)

    const n = (r: number) => BigInt(r === 0 ? Math.floor(m / 4) : m >= r ? Math.floor((m - r) / 4) + 1 : 0)
    const moneyIn = n(1) * AMOUNT.deposit + n(0) * AMOUNT.pix
    const cardSpend = n(2) * AMOUNT.card
    const sent = n(3) * AMOUNT.withdrawal
    const pending = BigInt(p) * AMOUNT.pending
    await bump(tx, cash, { credits_posted: moneyIn, debits_posted: cardSpend + sent, debits_pending: pending })
    await bump(tx, custody, { debits_posted: moneyIn, credits_posted: sent })
    await bump(tx, settlement, { credits_posted: cardSpend, credits_pending: pending })
  })
  // What PostgreSQL's autovacuum does soon after a bulk load, and PGlite's statistics refresh on its next round
  // (db/refresh-statistics.ts): without it the planner takes this account for a small one.
  await sql`ANALYZE journals, entries, holds, card_authorizations, withdrawals, ledger_accounts`.execute(db)
}

type Totals = Partial<Record<'debits_posted' | 'credits_posted' | 'debits_pending' | 'credits_pending', bigint>>

/** Moves a ledger account's cached totals by what the seeded entries and holds add to it. */
async function bump(tx: Kysely<Database>, id: string, by: Totals) {
  const add = (column: keyof Totals) => sql<bigint>`${sql.ref(column)} + ${by[column] ?? 0n}`
  await tx
    .updateTable('ledger_accounts')
    .set({
      debits_posted: add('debits_posted'),
      credits_posted: add('credits_posted'),
      debits_pending: add('debits_pending'),
      credits_pending: add('credits_pending'),
    })
    .where('id', '=', id)
    .execute()
}

/** The USDC ledger account (account, code), created with an id derived from them when missing. */
async function ledgerAccount(
  tx: Kysely<Database>,
  accountId: string | null,
  code: string,
  normal: 'debit' | 'credit',
  noOverdraft: boolean,
): Promise<string> {
  const hex = createHash('sha256')
    .update(`busy-ledger:${accountId ?? 'platform'}:${code}`)
    .digest('hex')
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`
  await tx
    .insertInto('ledger_accounts')
    .values({ id, account_id: accountId, code, asset: 'USDC', normal, no_overdraft: noOverdraft })
    .onConflict((oc) => oc.doNothing())
    .execute()
  let query = tx.selectFrom('ledger_accounts').select('id').where('code', '=', code).where('asset', '=', 'USDC')
  query = accountId === null ? query.where('account_id', 'is', null) : query.where('account_id', '=', accountId)
  return (await query.executeTakeFirstOrThrow()).id
}
