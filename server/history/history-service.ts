import { say } from '../../domain/error-message'
import { declineReason, type MovementReason } from '../../domain/movement-reason'
import { isHeldAsset, type HeldAsset } from '../../domain/asset'
import { DomainError } from '../../domain/errors'
import { toDecimal } from '../../domain/money'
import { kindsWithWord, movementReasonText, movementTitleText, type Language } from '../../domain/movement-words'
import { maskPixKey, type PixKey } from '../../domain/pix-key'
import type { Tx } from '../db/connect'
import { openText, type KeyRing } from '../security/field-crypto'
import { HISTORY_SOURCES, type HistoryRow, type SourceFilter } from './history-sources'

export { HISTORY_STATUSES, HISTORY_TYPES, type HistoryType } from '../../domain/activity-kinds'
import type { HistoryType } from '../../domain/activity-kinds'

export type HistoryQuery = {
  type?: HistoryType | undefined
  status?: string | undefined
  q?: string | undefined
  before?: string | undefined
  cardId?: string | undefined
  limit: number
}

/**
 * A page link: `<created_at to the microsecond>|<id>` of the last item seen, e.g.
 * `2026-11-21T12:00:01.000037Z|6f1c…`. Links made when it carried milliseconds still read.
 */
const CURSOR = new RegExp(
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z)/.source +
    /\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.source,
  'i',
)

function parseCursor(before: string): { at: string; id: string } {
  const [, at, id] = CURSOR.exec(before) ?? []
  const time = new Date(at ?? '')
  // A well-formed but impossible date (30 February) would roll over in JS and fail in SQL: refuse it here.
  if (!at || !id || Number.isNaN(time.getTime()) || time.toISOString().slice(0, 19) !== at.slice(0, 19)) {
    throw new DomainError('invalid_request', say('page_link_not_valid'), { before: say('not_valid_cursor') })
  }
  return { at, id: id.toLowerCase() }
}

/**
 * A search's words (at most 6): a movement matches when its title, in English or Portuguese, holds every one, as
 * one of its kind's own words (`saque`, `deposit`) or inside a name it carries (a merchant, a recipient).
 */
function searchWords(q: string) {
  return q
    .split(/\s+/)
    .filter((w) => w && w !== '·')
    .slice(0, 6)
    .map((w) => ({ like: `%${w.replace(/[%_\\]/g, '\\$&')}%`, kinds: kindsWithWord(w) }))
}

/** Newest first: by time to the microsecond (`at` is fixed-width), then by id, as the sources' indexes order them. */
const newestFirst = (a: HistoryRow, b: HistoryRow) =>
  a.at === b.at ? (a.id < b.id ? 1 : a.id > b.id ? -1 : 0) : a.at < b.at ? 1 : -1

/**
 * Newest first, filtered (by type, status, text, or one card's purchases), paged by a cursor (`before`, the last
 * item's). Each source reads at most a page and one from its index; the page is the newest of those.
 */
export async function listHistory(db: Tx, accountId: string, query: HistoryQuery) {
  const filter: SourceFilter = {
    type: query.type,
    status: query.status,
    cardId: query.cardId,
    search: query.q ? searchWords(query.q) : undefined,
    before: query.before ? parseCursor(query.before) : undefined,
  }
  const sources = HISTORY_SOURCES.filter((s) => (!query.type || s.yields(query.type)) && (!query.cardId || s.hasCards))
  const read = await Promise.all(sources.map((s) => s.rows(accountId, filter, query.limit + 1).execute(db)))
  const rows = read.flatMap((r) => r.rows).sort(newestFirst)
  const page = rows.slice(0, query.limit)
  const last = page[page.length - 1]
  return {
    items: page.map(view),
    nextCursor: rows.length > query.limit && last ? `${last.at}|${last.id}` : null,
  }
}

function view(r: HistoryRow) {
  const asset: HeldAsset = isHeldAsset(r.asset) ? r.asset : 'USDC'
  return {
    type: r.type,
    id: r.id,
    title: r.title,
    status: r.status,
    amount: toDecimal(r.amount, asset),
    asset,
    createdAt: r.created_at.toISOString(),
    reason: r.decline ? declineReason(r.decline) : r.reason,
  }
}

/**
 * How a spreadsheet in the reader's language opens a CSV by a double click. English: commas and decimal points,
 * as most tools read it. Portuguese (Brazil): Excel there separates cells with semicolons and writes decimals with a
 * comma, and reads a file without a byte-order mark as Windows-1252 ("DepÃ³sito"); the export follows it, so the
 * amounts open as numbers in their own column.
 */
const CSV_DIALECTS: Record<Language, { separator: string; decimal: string; bom: string }> = {
  'en-US': { separator: ',', decimal: '.', bom: '' },
  'pt-BR': { separator: ';', decimal: ',', bom: '\uFEFF' },
}

/**
 * One CSV cell. Text a spreadsheet would run as a formula (it starts with =, +, -, @, a tab or a carriage
 * return: a merchant named `=HYPERLINK(…)`) gets a leading apostrophe, so it shows as the text it is; a plain
 * number (an amount, `-4.5` or `-4,5`) stays a number. Quoted when it holds a quote, the separator or a line break.
 */
function csvCell(value: string, separator: string): string {
  const v = /^[=+\-@\t\r]/.test(value) && !/^[-+]?\d+([.,]\d+)?$/.test(value) ? `'${value}` : value
  return /["\n\r]/.test(v) || v.includes(separator) ? `"${v.replaceAll('"', '""')}"` : v
}

/** The whole filtered history as CSV (up to 10,000 rows) in the reader's spreadsheet dialect (`CSV_DIALECTS`). */
export async function historyCsv(
  db: Tx,
  accountId: string,
  query: Omit<HistoryQuery, 'limit' | 'before'>,
  language: Language = 'en-US',
): Promise<string> {
  const { separator, decimal, bom } = CSV_DIALECTS[language]
  const { items } = await listHistory(db, accountId, { ...query, limit: 10_000 })
  const lines = [['date', 'type', 'description', 'status', 'amount', 'asset', 'reason', 'id'].join(separator)]
  for (const i of items)
    lines.push(
      [
        i.createdAt,
        i.type,
        movementTitleText(i.title, language),
        i.status,
        i.amount.replace('.', decimal),
        i.asset,
        i.reason ? movementReasonText(i.reason, language) : '',
        i.id,
      ]
        .map((cell) => csvCell(cell, separator))
        .join(separator),
    )
  return `${bom}${lines.join('\n')}\n`
}

/** One movement with its timeline: authorized → settled (or what happened instead), or a withdrawal's states. */
export async function historyDetail(keys: KeyRing, db: Tx, accountId: string, type: HistoryType | 'other', id: string) {
  let row: HistoryRow | undefined
  for (const source of HISTORY_SOURCES.filter((s) => s.yields(type))) {
    row ??= (await source.rows(accountId, { type, id }, 1).execute(db)).rows[0]
  }
  if (!row) throw new DomainError('not_found', say('no_such_movement_account'))
  const timeline: { step: string; at: string | null }[] = []
  const extra: Record<string, string | null> = {}
  const added: { amount: string; approved: boolean; reason: MovementReason | null }[] = []
  if (type === 'card') {
    const a = await db.selectFrom('card_authorizations').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    timeline.push({ step: a.status === 'declined' ? 'declined' : 'authorized', at: a.created_at.toISOString() })
    if (a.status === 'approved') timeline.push({ step: 'hold_ends', at: a.expires_at.toISOString() })
    if (['cleared', 'refunded'].includes(a.status)) timeline.push({ step: 'settled', at: a.updated_at.toISOString() })
    if (['reversed', 'expired', 'refunded'].includes(a.status))
      timeline.push({ step: a.status, at: a.updated_at.toISOString() })
    const increments = await db
      .selectFrom('card_authorization_increments')
      .selectAll()
      .where('authorization_id', '=', id)
      .orderBy('created_at')
      .execute()
    added.push(
      ...increments.map((i) => ({
        amount: toDecimal(i.amount, 'USDC'),
        approved: i.status === 'approved',
        reason: i.decline_reason ? declineReason(i.decline_reason) : null,
      })),
    )
    Object.assign(extra, {
      merchant: `${a.merchant_name}${a.merchant_city ? `, ${a.merchant_city}` : ''}`,
      category: a.mcc,
      authorized: toDecimal(a.amount, 'USDC'),
      cleared: a.cleared_amount === null ? null : toDecimal(a.cleared_amount, 'USDC'),
    })
  } else if (type === 'withdrawal') {
    const w = await db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    timeline.push(
      { step: 'requested', at: w.created_at.toISOString() },
      { step: 'security_delay_ends', at: w.release_at.toISOString() },
    )
    if (w.status !== 'delayed') timeline.push({ step: w.status, at: w.updated_at.toISOString() })
    Object.assign(extra, {
      destination: w.destination,
      fee: toDecimal(w.fee, w.asset as HeldAsset),
      transaction: w.tx_hash,
    })
  } else {
    timeline.push({ step: row.status, at: row.created_at.toISOString() })
    if (type === 'pix') Object.assign(extra, await pixDetails(keys, db, id))
  }
  return { ...view(row), timeline, details: extra, increments: added }
}

/**
 * A PIX movement's particulars (its id is the journal's): a payment's reais, the recipient's key (masked), the
 * locked rate (USD per real), the fee and the end-to-end id the Central Bank's system gave it; a top-up's
 * reais, rate, fee and charge id.
 */
async function pixDetails(keys: KeyRing, db: Tx, journalId: string): Promise<Record<string, string | null>> {
  const p = await db.selectFrom('pix_payments').selectAll().where('journal_id', '=', journalId).executeTakeFirst()
  if (p) {
    const key =
      p.key_type === 'code'
        ? null
        : maskPixKey({
            type: p.key_type as PixKey['type'],
            value: openText(keys, 'pix_payments.key_value', p.key_value),
          })
    return {
      brlAmount: toDecimal(p.brl_amount, 'BRL'),
      pixKey: key,
      rate: toDecimal(p.rate_micro_usd, 'USDC'),
      pixFee: toDecimal(p.fee_usdc, 'USDC'),
      endToEndId: p.end_to_end_id,
    }
  }
  const c = await db.selectFrom('pix_charges').selectAll().where('journal_id', '=', journalId).executeTakeFirst()
  if (c)
    return {
      brlAmount: toDecimal(c.brl_amount, 'BRL'),
      rate: toDecimal(c.rate_micro_usd, 'USDC'),
      pixFee: toDecimal(c.fee_usdc, 'USDC'),
      txid: c.txid,
    }
  return {}
}
