import { sql, type Kysely } from 'kysely'
import type { LedgerCheckResponse } from '../../domain/api/ledger.schema'
import type { Database } from '../db/schema'

/**
 * Verifies the whole ledger: every journal balances per asset with at least two entries, every cached
 * posted balance equals the sum of its entries, and every cached pending amount equals its pending holds.
 */
export async function checkLedger(db: Kysely<Database>): Promise<LedgerCheckResponse> {
  const problems: LedgerCheckResponse['problems'] = []

  const unbalanced = await sql<{ journal_id: string; asset: string; net: bigint }>`
    SELECT journal_id, asset, sum(CASE side WHEN 'debit' THEN amount ELSE -amount END) AS net
    FROM entries GROUP BY journal_id, asset
    HAVING sum(CASE side WHEN 'debit' THEN amount ELSE -amount END) <> 0`.execute(db)
  for (const r of unbalanced.rows) problems.push({ kind: 'unbalanced_journal', id: r.journal_id, detail: `${r.asset} nets ${r.net}` })

  const thin = await sql<{ id: string }>`
    SELECT j.id FROM journals j LEFT JOIN entries e ON e.journal_id = j.id GROUP BY j.id HAVING count(e.id) < 2`.execute(db)
  for (const r of thin.rows) problems.push({ kind: 'journal_without_entries', id: r.id, detail: 'fewer than two entries' })

  const drift = await sql<{ id: string; dp: bigint; cp: bigint; debits_posted: bigint; credits_posted: bigint; pd: bigint; pc: bigint; debits_pending: bigint; credits_pending: bigint }>`
    SELECT a.id, a.debits_posted, a.credits_posted, a.debits_pending, a.credits_pending,
      COALESCE((SELECT sum(amount) FROM entries e WHERE e.ledger_account_id = a.id AND e.side = 'debit'), 0) AS dp,
      COALESCE((SELECT sum(amount) FROM entries e WHERE e.ledger_account_id = a.id AND e.side = 'credit'), 0) AS cp,
      COALESCE((SELECT sum(amount) FROM holds h WHERE h.debit_ledger_account_id = a.id AND h.status = 'pending'), 0) AS pd,
      COALESCE((SELECT sum(amount) FROM holds h WHERE h.credit_ledger_account_id = a.id AND h.status = 'pending'), 0) AS pc
    FROM ledger_accounts a`.execute(db)
  for (const r of drift.rows) {
    if (r.dp !== r.debits_posted || r.cp !== r.credits_posted) {
      problems.push({ kind: 'balance_drift', id: r.id, detail: `cached ${r.debits_posted}/${r.credits_posted}, entries ${r.dp}/${r.cp}` })
    }
    if (r.pd !== r.debits_pending || r.pc !== r.credits_pending) {
      problems.push({ kind: 'pending_drift', id: r.id, detail: `cached ${r.debits_pending}/${r.credits_pending}, holds ${r.pd}/${r.pc}` })
    }
  }
  const counts = await sql<{ journals: number }>`SELECT count(*)::int AS journals FROM journals`.execute(db)
  return {
    ok: problems.length === 0,
    journalsChecked: counts.rows[0]?.journals ?? 0,
    accountsChecked: drift.rows.length,
    problems,
  }
}
