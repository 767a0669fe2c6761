import { sql, type Kysely } from 'kysely'
import type { LedgerCheckResponse } from '../../domain/api/ledger.schema'
import { LIMIT_HOLD_KINDS, LIMIT_JOURNAL_KINDS } from '../../domain/activity-kinds'
import type { Database } from '../db/schema'

/**
 * Verifies the whole ledger: every journal balances per asset with at least two entries, every cached
 * posted balance equals the sum of its entries, every cached pending amount equals its pending holds, and every
 * running total the limits read equals the rows it totals; and the admin audit log's hash chain is unbroken.
 */
export async function checkLedger(db: Kysely<Database>): Promise<LedgerCheckResponse> {
  const problems: LedgerCheckResponse['problems'] = []

  const unbalanced = await sql<{ journal_id: string; asset: string; net: bigint }>`
    SELECT journal_id, asset, sum(CASE side WHEN 'debit' THEN amount ELSE -amount END) AS net
    FROM entries GROUP BY journal_id, asset
    HAVING sum(CASE side WHEN 'debit' THEN amount ELSE -amount END) <> 0`.execute(db)
  for (const r of unbalanced.rows)
    problems.push({ kind: 'unbalanced_journal', id: r.journal_id, detail: `${r.asset} nets ${r.net}` })

  const thin = await sql<{ id: string }>`
    SELECT j.id FROM journals j LEFT JOIN entries e ON e.journal_id = j.id GROUP BY j.id
      HAVING count(e.id) < 2`.execute(db)
  for (const r of thin.rows)
    problems.push({ kind: 'journal_without_entries', id: r.id, detail: 'fewer than two entries' })

  const drift = await sql<{
    id: string
    dp: bigint
    cp: bigint
    debits_posted: bigint
    credits_posted: bigint
    pd: bigint
    pc: bigint
    debits_pending: bigint
    credits_pending: bigint
  }>`
    SELECT a.id, a.debits_posted, a.credits_posted, a.debits_pending, a.credits_pending,
      COALESCE((SELECT sum(amount) FROM entries e WHERE e.ledger_account_id = a.id AND e.side = 'debit'), 0) AS dp,
      COALESCE((SELECT sum(amount) FROM entries e WHERE e.ledger_account_id = a.id AND e.side = 'credit'), 0) AS cp,
      COALESCE((SELECT sum(amount) FROM holds h WHERE h.debit_ledger_account_id = a.id AND h.status = 'pending'), 0)
        AS pd,
      COALESCE((SELECT sum(amount) FROM holds h WHERE h.credit_ledger_account_id = a.id AND h.status = 'pending'), 0)
        AS pc
    FROM ledger_accounts a`.execute(db)
  for (const r of drift.rows) {
    if (r.dp !== r.debits_posted || r.cp !== r.credits_posted) {
      problems.push({
        kind: 'balance_drift',
        id: r.id,
        detail: `cached ${r.debits_posted}/${r.credits_posted}, entries ${r.dp}/${r.cp}`,
      })
    }
    if (r.pd !== r.debits_pending || r.pc !== r.credits_pending) {
      problems.push({
        kind: 'pending_drift',
        id: r.id,
        detail: `cached ${r.debits_pending}/${r.credits_pending}, holds ${r.pd}/${r.pc}`,
      })
    }
  }
  // The running totals the limits read (migration 0028), each against the rows it totals.
  const counters = await sql<{ kind: string; id: string; cached: bigint | null; actual: bigint | null }>`
    WITH limit_rows AS (
      SELECT j.account_id, limit_day(a, j.created_at) AS day, e.amount
      FROM journals j JOIN entries e ON e.journal_id = j.id AND e.side = 'debit'
      JOIN ledger_accounts la ON la.id = e.ledger_account_id AND la.account_id = j.account_id AND la.asset = 'USDC'
      JOIN accounts a ON a.id = j.account_id
      WHERE j.kind IN (${sql.join([...LIMIT_JOURNAL_KINDS])})
      UNION ALL
      SELECT h.account_id, limit_day(a, h.created_at), h.amount FROM holds h JOIN accounts a
        ON a.id = h.account_id
      WHERE h.status = 'pending' AND h.asset = 'USDC' AND h.kind IN (${sql.join([...LIMIT_HOLD_KINDS])})),
    limits AS (SELECT account_id::text || ' ' || day AS id, sum(amount) AS actual FROM limit_rows
      GROUP BY account_id, day),
    pending AS (SELECT account_id::text || ' ' || kind AS id, sum(amount) AS actual FROM holds WHERE status = 'pending'
      AND asset = 'USDC' AND account_id IS NOT NULL GROUP BY account_id, kind),
    cards AS (SELECT c.card_id::text || ' ' || limit_day(a, c.created_at)
      AS id, sum(CASE WHEN c.status = 'cleared' THEN c.cleared_amount ELSE c.amount END) AS actual
      FROM card_authorizations c JOIN accounts a ON a.id = c.account_id WHERE c.status IN ('approved', 'cleared')
        GROUP BY 1)
    SELECT 'limit_counter_drift' AS kind, COALESCE(k.id, l.id) AS id, k.amount AS cached, l.actual
      FROM (SELECT account_id::text || ' ' || day AS id, amount FROM account_limit_days WHERE amount <> 0) k
        FULL JOIN limits l ON l.id = k.id
      WHERE k.amount IS DISTINCT FROM l.actual
    UNION ALL
    SELECT 'pending_counter_drift', COALESCE(k.id, p.id), k.amount, p.actual
      FROM (SELECT account_id::text || ' ' || kind AS id, amount FROM account_pending_holds WHERE amount <> 0) k
        FULL JOIN pending p ON p.id = k.id
      WHERE k.amount IS DISTINCT FROM p.actual
    UNION ALL
    SELECT 'card_counter_drift', COALESCE(k.id, c.id), k.amount, c.actual
      FROM (SELECT card_id::text || ' ' || day AS id, amount FROM card_spend_days WHERE amount <> 0) k FULL JOIN cards c
        ON c.id = k.id
      WHERE k.amount IS DISTINCT FROM c.actual`.execute(db)
  for (const r of counters.rows)
    problems.push({ kind: r.kind, id: r.id, detail: `running total ${r.cached ?? 0n}, rows ${r.actual ?? 0n}` })

  // The admin audit log's hash chain (migration 0037): each line's hash recomputed over the line before's and its
  // own fields. An edited line fails its own hash; a removed or slipped-in one breaks the next line's link.
  // Only the first line that fails comes back, not the whole log.
  const chain = await sql<{ id: string; seq: string; own: boolean; linked: boolean }>`
    SELECT id, seq, own, linked FROM (
      SELECT id, seq::text AS seq, hash = audit_line_hash(prev_hash, l) AS own, prev_hash = coalesce(lag(hash)
        OVER (ORDER BY seq), 'genesis') AS linked, l.seq AS n
      FROM admin_audit_log l) lines
    WHERE NOT own OR NOT linked ORDER BY n LIMIT 1`.execute(db)
  const broken = chain.rows[0]
  if (broken)
    problems.push({
      kind: 'audit_chain_broken',
      id: broken.id,
      detail: broken.own
        ? `audit line ${broken.seq} does not follow the line before it (a line was removed or added)`
        : `audit line ${broken.seq} was changed after it was written`,
    })

  const counts = await sql<{ journals: number }>`SELECT count(*)::int AS journals FROM journals`.execute(db)
  return {
    ok: problems.length === 0,
    journalsChecked: counts.rows[0]?.journals ?? 0,
    accountsChecked: drift.rows.length,
    problems,
  }
}
