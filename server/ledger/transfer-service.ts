import { say } from '../../domain/error-message'
import type { HeldAsset } from '../../domain/asset'
import { title, type MovementTitle } from '../../domain/movement-title'
import type { JournalKind } from '../../domain/ledger-kinds'
import type { JournalResult } from '../../domain/api/ledger.schema'
import { DomainError } from '../../domain/errors'
import { parsePositiveAmount, toDecimal } from '../../domain/money'
import type { Deps } from '../http/route-table'
import {
  accountBalance,
  ledgerAccountId,
  ledgerKey,
  lockLedgerAccounts,
  postJournal,
  postJournals,
} from './ledger-service'
import type { Tx } from '../db/connect'

type Movement = { accountId: string; asset: HeldAsset; amount: string; description?: string | undefined }

/**
 * Moves an asset between the platform's custody and a holder's cash: `in` credits the holder (a deposit
 * arrived), `out` debits them (funds left) and is refused when it would overdraw.
 */
export async function moveCustody(
  deps: Deps,
  db: Tx,
  direction: 'in' | 'out',
  input: Movement,
): Promise<JournalResult> {
  const [result] = await moveCustodyMany(deps, db, direction, [input])
  if (result instanceof DomainError) throw result
  return result!
}

/**
 * moveCustody for many movements at once, in order, each answered as if alone (its result, or the error that
 * refused it alone): the ledger accounts read and locked in one statement, and the journals posted together
 * (postJournals). The sandbox's deposits and debits come here in shared commits (server/http/idempotent-batch.ts).
 */
export async function moveCustodyMany(
  deps: Deps,
  db: Tx,
  direction: 'in' | 'out',
  inputs: Movement[],
): Promise<(JournalResult | DomainError)[]> {
  const parsed = inputs.map((input): bigint | DomainError => {
    try {
      return parsePositiveAmount(input.amount, input.asset)
    } catch (error) {
      if (error instanceof DomainError) return error.at('amount')
      throw error
    }
  })
  const refsOf = (m: Movement) => [
    { accountId: m.accountId, code: 'cash' as const, asset: m.asset },
    { accountId: null, code: 'custody' as const, asset: m.asset },
  ]
  const ledger = await lockLedgerAccounts(
    db,
    inputs.flatMap((m, i) => (parsed[i] instanceof DomainError ? [] : refsOf(m))),
  )
  // Only an account with no cash ledger account in the asset yet can be unknown: those alone are looked up, and
  // the ledger accounts of the known ones created and locked (an asset's first movement; rare).
  const missing = inputs.filter(
    (m, i) => !(parsed[i] instanceof DomainError) && refsOf(m).some((r) => !ledger.has(ledgerKey(r))),
  )
  const unknown = new Set(missing.map((m) => m.accountId))
  if (missing.length > 0) {
    for (const a of await db
      .selectFrom('accounts')
      .select('id')
      .where('id', 'in', [...unknown])
      .execute())
      unknown.delete(a.id)
    const create = missing
      .filter((m) => !unknown.has(m.accountId))
      .flatMap(refsOf)
      .filter((r) => !ledger.has(ledgerKey(r)))
    for (const ref of create) await ledgerAccountId(db, deps.newId, ref)
    for (const [key, row] of await lockLedgerAccounts(db, create)) ledger.set(key, row)
  }
  const units = inputs.map((input, i) =>
    unknown.has(input.accountId) && !(parsed[i] instanceof DomainError)
      ? new DomainError('not_found', say('no_such_account'), { accountId: say('no_account_id') })
      : parsed[i]!,
  )
  const journals = inputs.flatMap((input, i) => {
    const amount = units[i]!
    if (amount instanceof DomainError) return []
    const cash = ledger.get(ledgerKey({ accountId: input.accountId, code: 'cash', asset: input.asset }))!.id
    const custody = ledger.get(ledgerKey({ accountId: null, code: 'custody', asset: input.asset }))!.id
    const [debit, credit] = direction === 'in' ? [custody, cash] : [cash, custody]
    const journal = {
      id: deps.newId(),
      kind: direction === 'in' ? ('deposit' as const) : ('withdrawal' as const),
      accountId: input.accountId,
      title: input.description
        ? title('note', { text: input.description })
        : title(direction === 'in' ? 'deposit' : 'sent_out', { asset: input.asset }),
      entries: [
        { ledgerAccountId: debit, side: 'debit' as const, amount, asset: input.asset },
        { ledgerAccountId: credit, side: 'credit' as const, amount, asset: input.asset },
      ],
    }
    return [{ at: i, cash, amount, journal }]
  })
  const posted = await postJournals(
    db,
    journals.map((j) => j.journal),
    { locked: new Map([...ledger.values()].map((la) => [la.id, la])) },
  )
  const postedAt = new Map(journals.map((j, k) => [j.at, { ...j, posted: posted[k]! }]))
  return inputs.map((input, i) => {
    const unit = units[i]!
    if (unit instanceof DomainError) return unit
    const { cash, amount, posted: p } = postedAt.get(i)!
    if (p instanceof DomainError)
      return p.code === 'insufficient_funds'
        ? new DomainError('insufficient_funds', say('overdraw', { asset: input.asset }), {
            amount: say('more_than_available', { asset: input.asset }),
          })
        : p
    return {
      journalId: p.id,
      asset: input.asset,
      amount: toDecimal(amount, input.asset),
      balance: toDecimal(accountBalance(p.after.get(cash)!).balance, input.asset),
    }
  })
}

/**
 * Credits money that arrived from outside: custody takes the gross, the holder gets it less `fee`, and the
 * fee goes to the fee account. One balanced journal; returns its id.
 */
export async function creditIncoming(
  deps: Pick<Deps, 'newId'>,
  db: Tx,
  input: {
    accountId: string
    asset: HeldAsset
    gross: bigint
    fee: bigint
    kind: JournalKind
    title: MovementTitle
    reference: string
  },
): Promise<string> {
  const entries = [
    {
      ledgerAccountId: await ledgerAccountId(db, deps.newId, { accountId: null, code: 'custody', asset: input.asset }),
      side: 'debit' as const,
      amount: input.gross,
      asset: input.asset,
    },
    {
      ledgerAccountId: await ledgerAccountId(db, deps.newId, {
        accountId: input.accountId,
        code: 'cash',
        asset: input.asset,
      }),
      side: 'credit' as const,
      amount: input.gross - input.fee,
      asset: input.asset,
    },
  ]
  if (input.fee > 0n) {
    entries.push({
      ledgerAccountId: await ledgerAccountId(db, deps.newId, { accountId: null, code: 'fees', asset: input.asset }),
      side: 'credit' as const,
      amount: input.fee,
      asset: input.asset,
    })
  }
  const journalId = deps.newId()
  await postJournal(db, {
    id: journalId,
    kind: input.kind,
    accountId: input.accountId,
    title: input.title,
    reference: input.reference,
    entries,
  })
  return journalId
}

/**
 * Gives back money that had left (a failed withdrawal, a returned bank payout): custody returns the
 * amount, the fee account returns the fee, and the holder's cash gets both. One balanced journal.
 */
export async function returnOutgoing(
  deps: Pick<Deps, 'newId'>,
  db: Tx,
  input: {
    accountId: string
    asset: HeldAsset
    amount: bigint
    fee: bigint
    kind: JournalKind
    title: MovementTitle
    reference: string
  },
): Promise<string> {
  const journalId = deps.newId()
  await postJournal(db, {
    id: journalId,
    kind: input.kind,
    accountId: input.accountId,
    title: input.title,
    reference: input.reference,
    entries: [
      {
        ledgerAccountId: await ledgerAccountId(db, deps.newId, {
          accountId: null,
          code: 'custody',
          asset: input.asset,
        }),
        side: 'debit',
        amount: input.amount,
        asset: input.asset,
      },
      ...(input.fee > 0n
        ? [
            {
              ledgerAccountId: await ledgerAccountId(db, deps.newId, {
                accountId: null,
                code: 'fees',
                asset: input.asset,
              }),
              side: 'debit' as const,
              amount: input.fee,
              asset: input.asset,
            },
          ]
        : []),
      {
        ledgerAccountId: await ledgerAccountId(db, deps.newId, {
          accountId: input.accountId,
          code: 'cash',
          asset: input.asset,
        }),
        side: 'credit',
        amount: input.amount + input.fee,
        asset: input.asset,
      },
    ],
  })
  return journalId
}
