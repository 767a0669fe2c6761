import { sql, type RawBuilder } from 'kysely'
import { DECLINE_REASONS, type DeclineReason } from '../../domain/authorization'
import { isHeldAsset, type HeldAsset } from '../../domain/asset'
import { DomainError } from '../../domain/errors'
import { toDecimal } from '../../domain/money'
import type { Tx } from '../ledger/ledger-service'

export { HISTORY_STATUSES, HISTORY_TYPES, type HistoryType } from '../../domain/activity-kinds'
import type { HistoryType } from '../../domain/activity-kinds'

/** Journal kinds by history type; card purchases and crypto withdrawals come from their own tables. */
const JOURNAL_TYPE = sql`CASE
  WHEN j.kind IN ('deposit', 'bridge_deposit') THEN 'deposit'
  WHEN j.kind IN ('pix_top_up', 'pix_spend') THEN 'pix'
  WHEN j.kind IN ('bank_deposit', 'bank_send', 'bank_send_returned') THEN 'bank'
  WHEN j.kind = 'repay' THEN 'repay'
  WHEN j.kind IN ('borrow_interest', 'liquidation') THEN 'borrow'
  ELSE 'other' END`

type Row = { type: string; id: string; title: string; status: string; amount: bigint; asset: string; created_at: Date; detail: string | null; card_id: string | null }

/** Every movement of the account as one list: card purchases, withdrawals and every other journal. */
function movements(accountId: string): RawBuilder<Row> {
  return sql<Row>`
    SELECT 'card' AS type, a.id::text AS id, a.merchant_name AS title,
      CASE a.status WHEN 'approved' THEN 'pending' WHEN 'cleared' THEN 'settled' ELSE a.status END AS status,
      -(COALESCE(a.cleared_amount, a.amount)) AS amount, 'USDC' AS asset, a.created_at, a.decline_reason AS detail, a.card_id::text AS card_id
    FROM card_authorizations a WHERE a.account_id = ${accountId}
    UNION ALL
    SELECT 'withdrawal', w.id::text, 'Withdrawal to ' || left(w.destination, 6) || '…' || right(w.destination, 4),
      CASE w.status WHEN 'delayed' THEN 'pending' WHEN 'broadcast' THEN 'pending' WHEN 'confirmed' THEN 'settled' WHEN 'replaced' THEN 'cancelled' ELSE w.status END,
      -(w.amount + w.fee), w.asset, w.created_at, w.failure_reason, NULL
    FROM withdrawals w WHERE w.account_id = ${accountId}
    UNION ALL
    SELECT ${JOURNAL_TYPE}, j.id::text, j.description, CASE WHEN j.kind LIKE '%returned' THEN 'returned' ELSE 'settled' END,
      COALESCE((SELECT sum(CASE e.side WHEN 'credit' THEN e.amount ELSE -e.amount END) FROM entries e JOIN ledger_accounts la ON la.id = e.ledger_account_id
        WHERE e.journal_id = j.id AND la.account_id = ${accountId} AND la.code = 'cash'),
        (SELECT -sum(CASE e.side WHEN 'debit' THEN e.amount ELSE -e.amount END) FROM entries e JOIN ledger_accounts la ON la.id = e.ledger_account_id
        WHERE e.journal_id = j.id AND la.account_id = ${accountId} AND la.code = 'debt'), 0),
      (SELECT e.asset FROM entries e JOIN ledger_accounts la ON la.id = e.ledger_account_id WHERE e.journal_id = j.id AND la.account_id = ${accountId} LIMIT 1),
      j.created_at, NULL, NULL
    FROM journals j WHERE j.account_id = ${accountId}
      -- Card journals show through their authorization, withdrawals through theirs; a card journal with no
      -- network reference (an imported or adjusted purchase) still shows, as itself.
      AND NOT (j.kind IN ('card_spend', 'card_refund') AND j.reference IS NOT NULL)
      AND j.kind NOT IN ('crypto_withdrawal', 'withdrawal_returned')`
}

export type HistoryQuery = { type?: HistoryType | undefined; status?: string | undefined; q?: string | undefined; before?: string | undefined; cardId?: string | undefined; limit: number }

/** Newest first, filtered (by type, status, text, or one card's purchases), paged by a cursor (`<iso time>|<id>` of the last item seen). */
export async function listHistory(db: Tx, accountId: string, query: HistoryQuery) {
  let cursor: RawBuilder<unknown> = sql`TRUE`
  if (query.before) {
    const [at, id] = query.before.split('|')
    const time = new Date(at ?? '')
    if (!id || Number.isNaN(time.getTime())) throw new DomainError('invalid_request', 'That page link is not valid.', { before: 'Not a valid cursor.' })
    cursor = sql`(m.created_at, m.id) < (${time}, ${id})`
  }
  const rows = await sql<Row>`
    SELECT * FROM (${movements(accountId)}) m
    WHERE ${cursor}
      AND (${query.type ?? null}::text IS NULL OR m.type = ${query.type ?? null})
      AND (${query.status ?? null}::text IS NULL OR m.status = ${query.status ?? null})
      AND (${query.cardId ?? null}::text IS NULL OR m.card_id = ${query.cardId ?? null})
      AND (${query.q ? `%${query.q.replace(/[%_\\]/g, '\\$&')}%` : null}::text IS NULL OR m.title ILIKE ${query.q ? `%${query.q.replace(/[%_\\]/g, '\\$&')}%` : null})
    ORDER BY m.created_at DESC, m.id DESC
    LIMIT ${query.limit + 1}`.execute(db)
  const page = rows.rows.slice(0, query.limit)
  const last = page[page.length - 1]
  return {
    items: page.map(view),
    nextCursor: rows.rows.length > query.limit && last ? `${last.created_at.toISOString()}|${last.id}` : null,
  }
}

function view(r: Row) {
  const asset: HeldAsset = isHeldAsset(r.asset) ? r.asset : 'USDC'
  const reason = r.type === 'card' && r.detail ? (DECLINE_REASONS[r.detail as DeclineReason] ?? r.detail) : r.detail
  return { type: r.type, id: r.id, title: r.title, status: r.status, amount: toDecimal(r.amount, asset), asset, createdAt: r.created_at.toISOString(), reason }
}

const csvCell = (v: string) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v)

/** The whole filtered history as CSV (up to 10,000 rows), for spreadsheets and accountants. */
export async function historyCsv(db: Tx, accountId: string, query: Omit<HistoryQuery, 'limit' | 'before'>): Promise<string> {
  const { items } = await listHistory(db, accountId, { ...query, limit: 10_000 })
  const lines = [['date', 'type', 'description', 'status', 'amount', 'asset', 'reason', 'id'].join(',')]
  for (const i of items) lines.push([i.createdAt, i.type, i.title, i.status, i.amount, i.asset, i.reason ?? '', i.id].map(csvCell).join(','))
  return `${lines.join('\n')}\n`
}

/** One movement with its timeline: authorized → settled (or what happened instead), or a withdrawal's states. */
export async function historyDetail(db: Tx, accountId: string, type: string, id: string) {
  const found = await sql<Row>`SELECT * FROM (${movements(accountId)}) m WHERE m.type = ${type} AND m.id = ${id}`.execute(db)
  const row = found.rows[0]
  if (!row) throw new DomainError('not_found', 'No such movement on this account.')
  const timeline: { step: string; at: string | null }[] = []
  const extra: Record<string, string | null> = {}
  if (type === 'card') {
    const a = await db.selectFrom('card_authorizations').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    timeline.push({ step: a.status === 'declined' ? 'declined' : 'authorized', at: a.created_at.toISOString() })
    if (a.status === 'approved') timeline.push({ step: 'hold_ends', at: a.expires_at.toISOString() })
    if (['cleared', 'refunded'].includes(a.status)) timeline.push({ step: 'settled', at: a.updated_at.toISOString() })
    if (['reversed', 'expired', 'refunded'].includes(a.status)) timeline.push({ step: a.status, at: a.updated_at.toISOString() })
    const increments = await db.selectFrom('card_authorization_increments').selectAll().where('authorization_id', '=', id).orderBy('created_at').execute()
    const incrementLine = (i: (typeof increments)[number]) => `+${toDecimal(i.amount, 'USDC')} ${i.status === 'approved' ? 'approved' : `declined (${DECLINE_REASONS[i.decline_reason as DeclineReason] ?? i.decline_reason})`}`
    Object.assign(extra, { merchant: `${a.merchant_name}${a.merchant_city ? `, ${a.merchant_city}` : ''}`, category: a.mcc, authorized: toDecimal(a.amount, 'USDC'), cleared: a.cleared_amount === null ? null : toDecimal(a.cleared_amount, 'USDC'), increments: increments.length ? increments.map(incrementLine).join(' · ') : null })
  } else if (type === 'withdrawal') {
    const w = await db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    timeline.push({ step: 'requested', at: w.created_at.toISOString() }, { step: 'security_delay_ends', at: w.release_at.toISOString() })
    if (w.status !== 'delayed') timeline.push({ step: w.status, at: w.updated_at.toISOString() })
    Object.assign(extra, { destination: w.destination, fee: toDecimal(w.fee, w.asset as HeldAsset), transaction: w.tx_hash })
  } else timeline.push({ step: row.status, at: row.created_at.toISOString() })
  return { ...view(row), timeline, details: extra }
}
