import type { HeldAsset } from '../../domain/asset'
import type { JournalResult } from '../../domain/api/ledger.schema'
import { DomainError } from '../../domain/errors'
import { parsePositiveAmount, toDecimal } from '../../domain/money'
import type { Deps } from '../http/route-table'
import { accountBalance, ledgerAccountId, postJournal, postJournalBalances, type LedgerAccount, type Tx } from './ledger-service'

type Movement = { accountId: string; asset: HeldAsset; amount: string; description?: string | undefined }

async function requireAccount(db: Tx, accountId: string) {
  const account = await db.selectFrom('accounts').select('id').where('id', '=', accountId).executeTakeFirst()
  if (!account) throw new DomainError('not_found', 'No such account.', { accountId: 'No account has this id.' })
}

/**
 * Moves an asset between the platform's custody and a holder's cash: `in` credits the holder (a deposit
 * arrived), `out` debits them (funds left) and is refused when it would overdraw.
 */
export async function moveCustody(deps: Deps, db: Tx, direction: 'in' | 'out', input: Movement): Promise<JournalResult> {
  await requireAccount(db, input.accountId)
  let units: bigint
  try {
    units = parsePositiveAmount(input.amount, input.asset)
  } catch (error) {
    if (error instanceof DomainError) throw new DomainError(error.code, error.message, { amount: error.message })
    throw error
  }
  const cash = await ledgerAccountId(db, deps.newId, { accountId: input.accountId, code: 'cash', asset: input.asset })
  const custody = await ledgerAccountId(db, deps.newId, { accountId: null, code: 'custody', asset: input.asset })
  const [debit, credit] = direction === 'in' ? [custody, cash] : [cash, custody]
  const journalId = deps.newId()
  let after: Map<string, LedgerAccount>
  try {
    ;({ after } = await postJournalBalances(db, {
      id: journalId,
      kind: direction === 'in' ? 'deposit' : 'withdrawal',
      accountId: input.accountId,
      description: input.description ?? (direction === 'in' ? `${input.asset} deposit` : `${input.asset} sent out`),
      entries: [
        { ledgerAccountId: debit, side: 'debit', amount: units, asset: input.asset },
        { ledgerAccountId: credit, side: 'credit', amount: units, asset: input.asset },
      ],
    }))
  } catch (error) {
    if (error instanceof DomainError && error.code === 'insufficient_funds') {
      throw new DomainError('insufficient_funds', `Not enough ${input.asset}: this would overdraw the account.`, { amount: `More than the available ${input.asset} balance.` })
    }
    throw error
  }
  return { journalId, asset: input.asset, amount: toDecimal(units, input.asset), balance: toDecimal(accountBalance(after.get(cash)!).balance, input.asset) }
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
