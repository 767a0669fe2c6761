import { say } from '../../domain/error-message'
import { sql, type Selectable } from 'kysely'
import type { HeldAsset } from '../../domain/asset'
import type { MovementTitle } from '../../domain/movement-title'
import type { JournalKind } from '../../domain/ledger-kinds'
import { DomainError } from '../../domain/errors'
import { balanceOf, LEDGER_CODES, type LedgerCode, type Side } from '../../domain/ledger-chart'
import type { Tx } from '../db/connect'
import type { LedgerAccountsTable } from '../db/schema'
import { postingFollower } from './posting-followers'

export type LedgerAccount = Selectable<LedgerAccountsTable>
export type EntryInput = { ledgerAccountId: string; side: Side; amount: bigint; asset: HeldAsset }
export type JournalInput = {
  id: string
  /** Worded for the back office by domain/ledger-kinds.ts. */
  kind: JournalKind
  accountId: string | null
  /** What the movement is, as data: pages word it (domain/movement-title.ts). */
  title: MovementTitle
  reference?: string | null
  holdId?: string | null
  entries: EntryInput[]
}

/** Finds or creates the ledger account for (account, code, asset); `accountId` null for platform accounts. */
export async function ledgerAccountId(
  tx: Tx,
  ids: () => string,
  ref: { accountId: string | null; code: LedgerCode; asset: HeldAsset },
): Promise<string> {
  const spec = LEDGER_CODES[ref.code]
  const found = await findLedgerAccount(tx, ref)
  if (found) return found.id
  await tx
    .insertInto('ledger_accounts')
    .values({
      id: ids(),
      account_id: ref.accountId,
      code: ref.code,
      asset: ref.asset,
      normal: spec.normal,
      no_overdraft: spec.noOverdraft,
    })
    .onConflict((oc) => oc.doNothing())
    .execute()
  const created = await findLedgerAccount(tx, ref)
  if (!created) throw new Error(`ledger account ${ref.code}/${ref.asset} could not be created`)
  return created.id
}

type LedgerRef = { accountId: string | null; code: LedgerCode; asset: HeldAsset }

/** The key lockLedgerAccounts answers by. */
export const ledgerKey = (ref: LedgerRef) => `${ref.accountId ?? 'platform'}/${ref.code}/${ref.asset}`

/**
 * The existing ledger accounts for (account, code, asset) refs, locked in id order in one statement, by ledgerKey: a
 * caller passes them to postJournals as `locked`, and creates what is missing (ledgerAccountId) itself.
 */
export async function lockLedgerAccounts(tx: Tx, refs: LedgerRef[]): Promise<Map<string, LedgerAccount>> {
  const found = new Map<string, LedgerAccount>()
  if (refs.length === 0) return found
  const rows = await sql<LedgerAccount>`
    WITH w AS (SELECT DISTINCT * FROM unnest(${refs.map((r) => r.accountId)}::uuid[],
      ${refs.map((r) => r.code)}::text[], ${refs.map((r) => r.asset)}::text[]) AS w(account_id, code, asset))
    SELECT * FROM ledger_accounts WHERE id IN (
      SELECT la.id FROM w JOIN ledger_accounts la ON la.account_id = w.account_id AND la.code = w.code
        AND la.asset = w.asset
      UNION ALL
      SELECT la.id FROM w JOIN ledger_accounts la ON w.account_id IS NULL AND la.account_id IS NULL AND la.code = w.code
        AND la.asset = w.asset)
    ORDER BY id FOR UPDATE`.execute(tx)
  for (const row of rows.rows)
    found.set(
      ledgerKey({ accountId: row.account_id, code: row.code as LedgerCode, asset: row.asset as HeldAsset }),
      row,
    )
  return found
}

function findLedgerAccount(tx: Tx, ref: { accountId: string | null; code: LedgerCode; asset: HeldAsset }) {
  let query = tx.selectFrom('ledger_accounts').selectAll().where('code', '=', ref.code).where('asset', '=', ref.asset)
  query = ref.accountId === null ? query.where('account_id', 'is', null) : query.where('account_id', '=', ref.accountId)
  return query.executeTakeFirst()
}

/** Locks ledger accounts in id order (one order everywhere, so no two transactions deadlock). */
async function lockAccounts(tx: Tx, ids: string[]): Promise<Map<string, LedgerAccount>> {
  const unique = [...new Set(ids)].sort()
  if (unique.length === 0) return new Map()
  const rows = await tx
    .selectFrom('ledger_accounts')
    .selectAll()
    .where('id', 'in', unique)
    .orderBy('id')
    .forUpdate()
    .execute()
  if (rows.length !== unique.length) throw new Error('ledger account missing')
  return new Map(rows.map((r) => [r.id, r]))
}

/** True when the account, after the change, still honours its no-overdraft rule. */
function withinBalance(a: LedgerAccount, dp: bigint, cp: bigint, dPend: bigint, cPend: bigint): boolean {
  if (!a.no_overdraft) return true
  return a.normal === 'credit' ? dp + dPend <= cp : cp + cPend <= dp
}

/** Checks that entries balance per asset: Σ debits = Σ credits. */
export function assertBalanced(entries: EntryInput[]): void {
  const net = new Map<string, bigint>()
  for (const e of entries) {
    if (e.amount <= 0n) throw new DomainError('unbalanced_journal', say('ledger_entry_not_positive'))
    net.set(e.asset, (net.get(e.asset) ?? 0n) + (e.side === 'debit' ? e.amount : -e.amount))
  }
  if (entries.length < 2 || [...net.values()].some((v) => v !== 0n)) throw new DomainError('unbalanced_journal')
}

/**
 * Writes one balanced journal and updates the cached balances, in the caller's transaction. Refuses an
 * unbalanced journal, and a posting that would overdraw a no-overdraft account (`insufficient_funds`).
 */
export async function postJournal(tx: Tx, input: JournalInput): Promise<string> {
  return (await postJournalBalances(tx, input)).id
}

/** postJournal, also returning each ledger account the journal moved as it is after the journal. */
export async function postJournalBalances(tx: Tx, input: JournalInput): Promise<Posted> {
  const [posted] = await postJournals(tx, [input])
  if (posted instanceof DomainError) throw posted
  return posted!
}

/** A journal as posted: its id, and each ledger account it moved as it is right after it. */
export type Posted = { id: string; after: Map<string, LedgerAccount> }

/**
 * Posts many journals in one go, in order, as if each were posted alone: every ledger account they move is locked
 * once (in id order), each journal is checked against the balances the journals before it left, and a journal
 * that is unbalanced or would overdraw is refused alone (its place in the answer holds the error) while the rest
 * are written in one call (`post_journals`, migration 0031). What one journal posts, the next one sees. A caller
 * that has locked the ledger accounts already (in id order) passes them as `locked`.
 */
export async function postJournals(
  tx: Tx,
  inputs: JournalInput[],
  known: { locked?: Map<string, LedgerAccount> } = {},
): Promise<(Posted | DomainError)[]> {
  if (inputs.length === 0) return []
  const locked =
    known.locked ??
    (await lockAccounts(
      tx,
      inputs.flatMap((input) => input.entries.map((e) => e.ledgerAccountId)),
    ))
  const balances = new Map([...locked.values()].map((a) => [a.id, { dp: a.debits_posted, cp: a.credits_posted }]))
  const results = inputs.map((input): Posted | DomainError => {
    try {
      assertBalanced(input.entries)
    } catch (error) {
      if (error instanceof DomainError) return error
      throw error
    }
    const next = new Map<string, { dp: bigint; cp: bigint }>()
    for (const e of input.entries) {
      const a = locked.get(e.ledgerAccountId)!
      if (a.asset !== e.asset)
        return new DomainError(
          'unbalanced_journal',
          say('note', { text: `Entry asset ${e.asset} does not match its account.` }),
        )
      const cur = next.get(a.id) ?? balances.get(a.id)!
      next.set(a.id, e.side === 'debit' ? { ...cur, dp: cur.dp + e.amount } : { ...cur, cp: cur.cp + e.amount })
    }
    for (const [id, v] of next) {
      const a = locked.get(id)!
      if (!withinBalance(a, v.dp, v.cp, a.debits_pending, a.credits_pending)) {
        const now = balances.get(id)!
        return new DomainError('insufficient_funds', undefined, undefined, {
          asset: a.asset,
          available: String(balanceOf(a.normal, now.dp + a.debits_pending, now.cp)),
        })
      }
    }
    for (const [id, v] of next) balances.set(id, v)
    return {
      id: input.id,
      after: new Map(
        [...next].map(([id, v]) => [id, { ...locked.get(id)!, debits_posted: v.dp, credits_posted: v.cp }]),
      ),
    }
  })
  const posted = inputs.filter((_, i) => !(results[i] instanceof DomainError))
  if (posted.length === 0) return results
  const moved = [...new Set(posted.flatMap((j) => j.entries.map((e) => e.ledgerAccountId)))]
  const batch = {
    journals: posted.map((j) => ({
      id: j.id,
      kind: j.kind,
      account_id: j.accountId,
      title: j.title,
      reference: j.reference ?? null,
      hold_id: j.holdId ?? null,
    })),
    entries: posted.flatMap((j) =>
      j.entries.map((e) => ({
        journal_id: j.id,
        ledger_account_id: e.ledgerAccountId,
        asset: e.asset,
        side: e.side,
        amount: String(e.amount),
      })),
    ),
    // Every moved account at its total after the last journal (the rows are locked above, so the totals are exact).
    balances: moved.map((id) => ({ id, dp: String(balances.get(id)!.dp), cp: String(balances.get(id)!.cp) })),
    marked: [...new Set(posted.flatMap((j) => (j.accountId ? [j.accountId] : [])))],
  }
  await sql`SELECT post_journals(${JSON.stringify(batch)}::jsonb, ${postingFollower().job})`.execute(tx)
  return results
}

/** A posted balance and what is free of pending reservations. */
export function accountBalance(a: LedgerAccount): { balance: bigint; available: bigint; pendingOut: bigint } {
  const balance = balanceOf(a.normal, a.debits_posted, a.credits_posted)
  const pendingOut = a.normal === 'credit' ? a.debits_pending : a.credits_pending
  return { balance, available: balance - pendingOut, pendingOut }
}

export { lockAccounts, withinBalance }
