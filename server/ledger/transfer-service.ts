import type { HeldAsset } from '../../domain/asset'
import type { JournalResult } from '../../domain/api/ledger.schema'
import { DomainError } from '../../domain/errors'
import { parsePositiveAmount, toDecimal } from '../../domain/money'
import type { Deps } from '../http/route-table'
import { accountBalance, ledgerAccountId, ledgerAccountIds, ledgerKey, postJournal, postJournals, type Tx } from './ledger-service'

type Movement = { accountId: string; asset: HeldAsset; amount: string; description?: string | undefined }

/**
 * Moves an asset between the platform's custody and a holder's cash: `in` credits the holder (a deposit
 * arrived), `out` debits them (funds left) and is refused when it would overdraw.
 */
export async function moveCustody(deps: Deps, db: Tx, direction: 'in' | 'out', input: Movement): Promise<JournalResult> {
  const [result] = await moveCustodyMany(deps, db, direction, [input])
  if (result instanceof DomainError) throw result
  return result!
}

/**
 * moveCustody for many movements at once, in order, each answered as if alone (its result, or the error that
 * refused it alone): the accounts and ledger accounts read in one statement each, and the journals posted together
 * (postJournals). The sandbox's deposits and debits come here in shared commits (server/http/idempotent-batch.ts).
 */
export async function moveCustodyMany(deps: Deps, db: Tx, direction: 'in' | 'out', inputs: Movement[]): Promise<(JournalResult | DomainError)[]> {
  const accountIds = [...new Set(inputs.map((m) => m.accountId))]
  const existing = new Set((await db.selectFrom('accounts').select('id').where('id', 'in', accountIds).execute()).map((a) => a.id))
  const units = inputs.map((input): bigint | DomainError => {
    if (!existing.has(input.accountId)) return new DomainError('not_found', 'No such account.', { accountId: 'No account has this id.' })
    try {
      return parsePositiveAmount(input.amount, input.asset)
    } catch (error) {
      if (error instanceof DomainError) return new DomainError(error.code, error.message, { amount: error.message })
      throw error
    }
  })
  const valid = inputs.filter((_, i) => !(units[i] instanceof DomainError))
  const ledger = await ledgerAccountIds(db, deps.newId, valid.flatMap((m) => [{ accountId: m.accountId, code: 'cash' as const, asset: m.asset }, { accountId: null, code: 'custody' as const, asset: m.asset }]))
  const journals = inputs.flatMap((input, i) => {
    const amount = units[i]!
    if (amount instanceof DomainError) return []
    const cash = ledger.get(ledgerKey({ accountId: input.accountId, code: 'cash', asset: input.asset }))!
    const custody = ledger.get(ledgerKey({ accountId: null, code: 'custody', asset: input.asset }))!
    const [debit, credit] = direction === 'in' ? [custody, cash] : [cash, custody]
    const journal = {
      id: deps.newId(),
      kind: direction === 'in' ? 'deposit' : 'withdrawal',
      accountId: input.accountId,
      description: input.description ?? (direction === 'in' ? `${input.asset} deposit` : `${input.asset} sent out`),
      entries: [
        { ledgerAccountId: debit, side: 'debit' as const, amount, asset: input.asset },
        { ledgerAccountId: credit, side: 'credit' as const, amount, asset: input.asset },
      ],
    }
    return [{ at: i, cash, amount, journal }]
  })
  const posted = await postJournals(db, journals.map((j) => j.journal))
  const results: (JournalResult | DomainError)[] = units.map((u) => (u instanceof DomainError ? u : new DomainError('internal')))
  journals.forEach((j, k) => {
    const input = inputs[j.at]!
    const p = posted[k]!
    if (p instanceof DomainError) {
      results[j.at] = p.code === 'insufficient_funds' ? new DomainError('insufficient_funds', `Not enough ${input.asset}: this would overdraw the account.`, { amount: `More than the available ${input.asset} balance.` }) : p
      return
    }
    results[j.at] = { journalId: p.id, asset: input.asset, amount: toDecimal(j.amount, input.asset), balance: toDecimal(accountBalance(p.after.get(j.cash)!).balance, input.asset) }
  })
  return results
}

/**
 * Credits money that arrived from outside: custody takes the gross, the holder gets it less `fee`, and the
 * fee goes to the fee account. One balanced journal; returns its id.
 */
export async function creditIncoming(
  deps: Pick<Deps, 'newId'>,
  db: Tx,
  input: { accountId: string; asset: HeldAsset; gross: bigint; fee: bigint; kind: string; description: string; reference: string },
): Promise<string> {
  const entries = [
    { ledgerAccountId: await ledgerAccountId(db, deps.newId, { accountId: null, code: 'custody', asset: input.asset }), side: 'debit' as const, amount: input.gross, asset: input.asset },
    { ledgerAccountId: await ledgerAccountId(db, deps.newId, { accountId: input.accountId, code: 'cash', asset: input.asset }), side: 'credit' as const, amount: input.gross - input.fee, asset: input.asset },
  ]
  if (input.fee > 0n) {
    entries.push({ ledgerAccountId: await ledgerAccountId(db, deps.newId, { accountId: null, code: 'fees', asset: input.asset }), side: 'credit' as const, amount: input.fee, asset: input.asset })
  }
  const journalId = deps.newId()
  await postJournal(db, { id: journalId, kind: input.kind, accountId: input.accountId, description: input.description, reference: input.reference, entries })
  return journalId
}

/**
 * Gives back money that had left (a failed withdrawal, a returned bank payout): custody returns the
 * amount, the fee account returns the fee, and the holder's cash gets both. One balanced journal.
 */
export async function returnOutgoing(
  deps: Pick<Deps, 'newId'>,
  db: Tx,
  input: { accountId: string; asset: HeldAsset; amount: bigint; fee: bigint; kind: string; description: string; reference: string },
): Promise<string> {
  const journalId = deps.newId()
  await postJournal(db, {
    id: journalId,
    kind: input.kind,
    accountId: input.accountId,
    description: input.description,
    reference: input.reference,
    entries: [
      { ledgerAccountId: await ledgerAccountId(db, deps.newId, { accountId: null, code: 'custody', asset: input.asset }), side: 'debit', amount: input.amount, asset: input.asset },
      ...(input.fee > 0n ? [{ ledgerAccountId: await ledgerAccountId(db, deps.newId, { accountId: null, code: 'fees', asset: input.asset }), side: 'debit' as const, amount: input.fee, asset: input.asset }] : []),
      { ledgerAccountId: await ledgerAccountId(db, deps.newId, { accountId: input.accountId, code: 'cash', asset: input.asset }), side: 'credit', amount: input.amount + input.fee, asset: input.asset },
    ],
  })
  return journalId
}
