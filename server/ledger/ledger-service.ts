import { sql, type Kysely, type Transaction } from 'kysely'
import type { HeldAsset } from '../../domain/asset'
import { DomainError } from '../../domain/errors'
import { balanceOf, LEDGER_CODES, type LedgerCode, type Side } from '../../domain/ledger-chart'
import type { Database, LedgerAccountsTable } from '../db/schema'
import type { Selectable } from 'kysely'
import { markForAlerts } from '../alerts/alert-checks'

export type Tx = Transaction<Database> | Kysely<Database>
export type LedgerAccount = Selectable<LedgerAccountsTable>
export type EntryInput = { ledgerAccountId: string; side: Side; amount: bigint; asset: HeldAsset }
export type JournalInput = {
  id: string
  kind: string
  accountId: string | null
  description: string
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

function findLedgerAccount(tx: Tx, ref: { accountId: string | null; code: LedgerCode; asset: HeldAsset }) {
  let query = tx.selectFrom('ledger_accounts').selectAll().where('code', '=', ref.code).where('asset', '=', ref.asset)
  query = ref.accountId === null ? query.where('account_id', 'is', null) : query.where('account_id', '=', ref.accountId)
  return query.executeTakeFirst()
}

/** Locks ledger accounts in id order (one order everywhere, so no two transactions deadlock). */
async function lockAccounts(tx: Tx, ids: string[]): Promise<Map<string, LedgerAccount>> {
  const unique = [...new Set(ids)].sort()
  const rows = await tx.selectFrom('ledger_accounts').selectAll().where('id', 'in', unique).orderBy('id').forUpdate().execute()
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
    if (e.amount <= 0n) throw new DomainError('unbalanced_journal', 'A ledger entry must move a positive amount.')
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
export async function postJournalBalances(tx: Tx, input: JournalInput): Promise<{ id: string; after: Map<string, LedgerAccount> }> {
  assertBalanced(input.entries)
  const locked = await lockAccounts(tx, input.entries.map((e) => e.ledgerAccountId))
  const next = new Map<string, { dp: bigint; cp: bigint }>()
  for (const e of input.entries) {
    const a = locked.get(e.ledgerAccountId)!
    if (a.asset !== e.asset) throw new DomainError('unbalanced_journal', `Entry asset ${e.asset} does not match its account.`)
    const cur = next.get(a.id) ?? { dp: a.debits_posted, cp: a.credits_posted }
    next.set(a.id, e.side === 'debit' ? { ...cur, dp: cur.dp + e.amount } : { ...cur, cp: cur.cp + e.amount })
  }
  for (const [id, v] of next) {
    const a = locked.get(id)!
    if (!withinBalance(a, v.dp, v.cp, a.debits_pending, a.credits_pending)) {
      throw new DomainError('insufficient_funds', undefined, undefined, {
        asset: a.asset,
        available: String(balanceOf(a.normal, a.debits_posted + a.debits_pending, a.credits_posted)),
      })
    }
  }
  await tx
    .insertInto('journals')
    .values({
      id: input.id,
      kind: input.kind,
      account_id: input.accountId,
      description: input.description,
      reference: input.reference ?? null,
      hold_id: input.holdId ?? null,
    })
    .execute()
  await tx
    .insertInto('entries')
    .values(input.entries.map((e) => ({ journal_id: input.id, ledger_account_id: e.ledgerAccountId, asset: e.asset, side: e.side, amount: e.amount })))
    .execute()
  // Every moved account in one statement (the rows are locked above, so the new totals are exact).
  const ids = [...next.keys()]
  await sql`UPDATE ledger_accounts la SET debits_posted = v.dp, credits_posted = v.cp
    FROM unnest(${ids}::uuid[], ${ids.map((id) => String(next.get(id)!.dp))}::numeric[], ${ids.map((id) => String(next.get(id)!.cp))}::numeric[]) AS v(id, dp, cp)
    WHERE la.id = v.id`.execute(tx)
  if (input.accountId) await markForAlerts(tx, input.accountId)
  return { id: input.id, after: new Map(ids.map((id) => [id, { ...locked.get(id)!, debits_posted: next.get(id)!.dp, credits_posted: next.get(id)!.cp }])) }
}

/** A posted balance and what is free of pending reservations. */
export function accountBalance(a: LedgerAccount): { balance: bigint; available: bigint; pendingOut: bigint } {
  const balance = balanceOf(a.normal, a.debits_posted, a.credits_posted)
  const pendingOut = a.normal === 'credit' ? a.debits_pending : a.credits_pending
  return { balance, available: balance - pendingOut, pendingOut }
}

export { lockAccounts, withinBalance }
