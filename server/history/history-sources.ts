import { sql, type RawBuilder } from 'kysely'
import type { HistoryType } from '../../domain/activity-kinds'
import type { MovementReason } from '../../domain/movement-reason'
import { SEARCHED_PARAMS, type MovementTitle } from '../../domain/movement-title'

/** One movement as history reads it; `at` is `created_at` to the microsecond, the cursor's time. */
export type HistoryRow = {
  type: string
  id: string
  title: MovementTitle
  status: string
  amount: bigint
  asset: string
  created_at: Date
  at: string
  /** Why it did not go as asked (domain/movement-reason.ts). */
  reason: MovementReason | null
  /** A card purchase's decline code, made a reason by history-service (declineReason). */
  decline?: string | null
}

/** What narrows a source's rows; each is left out of the SQL when unset. */
export type SourceFilter = {
  type?: string | undefined
  status?: string | undefined
  /**
   * Words the title must all hold: each either one of its kind's own words (`kinds`, in any language) or in one of
   * its names (`like`, an ILIKE pattern).
   */
  search?: readonly { like: string; kinds: readonly string[] }[] | undefined
  cardId?: string | undefined
  id?: string | undefined
  before?: { at: string; id: string } | undefined
}

/**
 * One table history reads movements from. Each is read newest first on its own index of
 * (account_id, created_at DESC, id DESC) (migration 0027), so a page costs its length, not the account's age.
 */
export type HistorySource = {
  /** Whether the source can hold movements of this type. */
  yields(type: HistoryType | 'other'): boolean
  /** Whether it holds card purchases, the only movements a `cardId` filter keeps. */
  hasCards: boolean
  /** The rows of `accountId` that pass `filter`, newest first, at most `limit`. */
  rows(accountId: string, filter: SourceFilter, limit: number): RawBuilder<HistoryRow>
}

/** Journal kinds by the history type they show as; any other kind shows as `other`. */
const JOURNAL_KINDS: Record<Exclude<HistoryType, 'card' | 'withdrawal'>, readonly string[]> = {
  deposit: ['deposit', 'bridge_deposit'],
  pix: ['pix_top_up', 'pix_spend'],
  bank: ['bank_deposit', 'bank_send', 'bank_send_returned'],
  repay: ['repay'],
  borrow: ['borrow_interest', 'liquidation'],
}
const JOURNAL_TYPE = sql`CASE ${sql.join(
  Object.entries(JOURNAL_KINDS).map(
    ([type, kinds]) => sql`WHEN j.kind IN (${sql.join(kinds.map((k) => sql.lit(k)))}) THEN ${sql.lit(type)}`,
  ),
  sql` `,
)} ELSE 'other' END`

const CURSOR_TIME = sql.lit('YYYY-MM-DD"T"HH24:MI:SS.US"Z"')

type Columns = {
  alias: string
  title: RawBuilder<unknown>
  status: RawBuilder<unknown>
  type: RawBuilder<unknown>
  cardId: RawBuilder<unknown> | null
}

const SEARCHED = sql.join(SEARCHED_PARAMS.map((p) => sql.lit(p)))

/** A title that holds a searched word: by its kind's own words, or in a name it carries. */
function titleHolds(title: RawBuilder<unknown>, word: { like: string; kinds: readonly string[] }) {
  const inNames = sql`EXISTS (SELECT 1 FROM jsonb_each_text(${title}) AS p
    WHERE p.key IN (${SEARCHED}) AND p.value ILIKE ${word.like})`
  if (word.kinds.length === 0) return inNames
  return sql`(${title}->>'key' IN (${sql.join(word.kinds.map((k) => sql.lit(k)))}) OR ${inNames})`
}

/**
 * A source's query: the account's rows that pass every filter set, newest first (its index's order), at most `limit`.
 */
function query(
  table: string,
  c: Columns,
  select: RawBuilder<unknown>,
  shown: RawBuilder<unknown> | null,
  join: RawBuilder<unknown> = sql``,
) {
  return (accountId: string, f: SourceFilter, limit: number) => {
    const col = (name: string) => sql.ref(`${c.alias}.${name}`)
    const where: RawBuilder<unknown>[] = [sql`${col('account_id')} = ${accountId}`]
    if (shown) where.push(shown)
    if (f.id) where.push(sql`${col('id')} = ${f.id}`)
    if (f.type) where.push(sql`${c.type} = ${f.type}`)
    if (f.status) where.push(sql`${c.status} = ${f.status}`)
    if (f.cardId) where.push(c.cardId ? sql`${c.cardId} = ${f.cardId}` : sql`FALSE`)
    for (const word of f.search ?? []) where.push(titleHolds(c.title, word))
    if (f.before)
      where.push(sql`(${col('created_at')}, ${col('id')}) < (${f.before.at}::timestamptz, ${f.before.id}::uuid)`)
    return sql<HistoryRow>`
      SELECT ${c.type} AS type, ${col('id')} AS id, ${c.title} AS title, ${c.status} AS status, ${select},
        ${col('created_at')} AS created_at, to_char(${col('created_at')} AT TIME ZONE 'UTC', ${CURSOR_TIME}) AS at
      FROM ${sql.table(table)} AS ${sql.raw(c.alias)} ${join}
      WHERE ${sql.join(where, sql` AND `)}
      ORDER BY ${col('created_at')} DESC, ${col('id')} DESC
      LIMIT ${limit}`
  }
}

/** Card purchases, through their authorization: pending while on hold, settled once cleared. */
const cards: HistorySource = {
  yields: (type) => type === 'card',
  hasCards: true,
  rows: query(
    'card_authorizations',
    {
      alias: 'a',
      type: sql`'card'::text`,
      title: sql`jsonb_build_object('key', 'merchant', 'merchant', a.merchant_name)`,
      status: sql`CASE a.status WHEN 'approved' THEN 'pending' WHEN 'cleared' THEN 'settled' ELSE a.status END`,
      cardId: sql`a.card_id`,
    },
    sql`-(COALESCE(a.cleared_amount, a.amount)) AS amount, 'USDC' AS asset,
      NULL::jsonb AS reason, a.decline_reason AS decline`,
    null,
  ),
}

/** Crypto withdrawals, through their own row (the journal comes only when sent). */
const withdrawals: HistorySource = {
  yields: (type) => type === 'withdrawal',
  hasCards: false,
  rows: query(
    'withdrawals',
    {
      alias: 'w',
      type: sql`'withdrawal'::text`,
      title: sql`jsonb_build_object('key', 'withdrawal', 'asset', w.asset, 'address', w.destination)`,
      status: sql`CASE w.status WHEN 'delayed' THEN 'pending' WHEN 'broadcast' THEN 'pending' WHEN 'confirmed'
          THEN 'settled' WHEN 'replaced' THEN 'cancelled' ELSE w.status END`,
      cardId: null,
    },
    sql`-(w.amount + w.fee) AS amount, w.asset AS asset, w.failure_reason AS reason`,
    null,
  ),
}

/**
 * Every other journal. Card journals show through their authorization, withdrawals through theirs; a card
 * journal with no network reference (an imported or adjusted purchase) still shows, as itself. This condition is,
 * word for word, the predicate of the partial index `journals_history` (0027_history_order.sql): keep them
 * equal, or the planner stops using the index and walks the account's card journals.
 */
const JOURNAL_SHOWN = sql`NOT (j.kind IN ('card_spend', 'card_refund') AND j.reference IS NOT NULL) AND j.kind
    NOT IN ('crypto_withdrawal', 'withdrawal_returned')`

/**
 * The holder's side of a journal: the sum of its entries on their cash accounts, else on their debt account, and
 * the asset of the first of their entries. Entries are read by journal, with the ledger account left-joined: an
 * inner join lets a planner without statistics (PGlite after a bulk load) start from the holder's cash account
 * and intersect all its entries, which grows with history.
 */
const SIGNED = sql`CASE e.side WHEN 'credit' THEN e.amount ELSE -e.amount END`
const JOURNAL_AMOUNT = sql`LEFT JOIN LATERAL (
    SELECT COALESCE(sum(${SIGNED}) FILTER (WHERE la.code = 'cash'), sum(${SIGNED}) FILTER (WHERE la.code = 'debt'), 0)
      AS amount,
      (array_agg(e.asset ORDER BY e.id) FILTER (WHERE la.id IS NOT NULL))[1] AS asset
    FROM entries e LEFT JOIN ledger_accounts la ON la.id = e.ledger_account_id AND la.account_id = j.account_id
    WHERE e.journal_id = j.id
  ) holder ON TRUE`

const journals: HistorySource = {
  yields: (type) => type !== 'card' && type !== 'withdrawal',
  hasCards: false,
  rows: query(
    'journals',
    {
      alias: 'j',
      type: JOURNAL_TYPE,
      title: sql`j.title`,
      status: sql`CASE WHEN j.kind LIKE '%returned' THEN 'returned' ELSE 'settled' END`,
      cardId: null,
    },
    sql`holder.amount AS amount, holder.asset AS asset, NULL::jsonb AS reason`,
    JOURNAL_SHOWN,
    JOURNAL_AMOUNT,
  ),
}

/**
 * Incoming bank transfers returned to their sender (a third party over the cap): no money moved, so no journal,
 * but the holder must see that someone sent money and why it went back. The amount is what was sent, in USD.
 */
const returnedBankTransfers: HistorySource = {
  yields: (type) => type === 'bank',
  hasCards: false,
  rows: query(
    'bank_transfers_in',
    {
      alias: 'b',
      type: sql`'bank'::text`,
      title: sql`jsonb_build_object('key', 'bank_in', 'rail', CASE WHEN b.currency = 'EUR' THEN 'sepa'
          WHEN b.rail = 'ach' THEN 'ach' ELSE 'wire' END, 'name', b.sender_name)`,
      status: sql`'returned'::text`,
      cardId: null,
    },
    sql`b.usdc_amount AS amount, 'USDC' AS asset, b.return_reason AS reason`,
    sql`b.status = 'returned'`,
  ),
}

export const HISTORY_SOURCES: readonly HistorySource[] = [cards, withdrawals, journals, returnedBankTransfers]
