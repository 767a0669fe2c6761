import { say } from '../../domain/error-message'
import type { Selectable } from 'kysely'
import type { z } from 'zod'
import { ASSETS, type HeldAsset } from '../../domain/asset'
import { DomainError } from '../../domain/errors'
import { CONVERT_SPREAD_BPS, isQuoteExpired, quoteConversion } from '../../domain/grow'
import { parsePositiveAmount, toDecimal } from '../../domain/money'
import { borrowLimit } from '../../domain/spendable'
import type { ConfirmationSchema } from '../../domain/api/money-out.schema'
import type { QuoteView } from '../../domain/api/grow.schema'
import { loadPosition } from '../accounts/account-service'
import { verifyConfirmation } from '../auth/confirm'
import type { ConversionQuotesTable } from '../db/schema'
import type { Deps, Principal } from '../http/route-table'
import { RefusalWithFollowUp } from '../http/refusal'
import { ledgerAccountId, postJournal, type JournalInput } from '../ledger/ledger-service'
import type { Tx } from '../db/connect'
import { title } from '../../domain/movement-title'

type Kind = 'convert' | 'stake'
const SPREAD: Record<Kind, bigint> = { convert: CONVERT_SPREAD_BPS, stake: 0n }

/** Runs `fn`, moving a rule's message to `field` so the page shows it there. */
export function atField<T>(field: string, fn: () => T): T {
  try {
    return fn()
  } catch (error) {
    if (error instanceof DomainError && !error.fields) throw error.at(field)
    throw error
  }
}

/**
 * What may leave the holder's cash for a conversion or a vault: at most the free balance of the asset and,
 * in Borrow mode, not so much that the position's debt would exceed its borrow limit, counted on what stays free.
 */
export async function assertCanMove(
  deps: Deps,
  db: Tx,
  accountId: string,
  asset: HeldAsset,
  amount: bigint,
  incoming?: { asset: HeldAsset; amount: bigint },
) {
  const prices = deps.prices()
  const position = await loadPosition(db, accountId, deps.now(), prices)
  if (amount > position.available[asset]) {
    throw new DomainError(
      'insufficient_funds',
      say('not_enough_free', { asset, free: String(position.available[asset]) }),
      { amount: say('more_than_free', { asset, free: String(position.available[asset]) }) },
    )
  }
  // The collateral and what is owed against it are spendable's (domain/spendable.ts): free balances, so what a
  // withdrawal in its security delay is taking out backs nothing; the debt and the purchases on hold to be borrowed.
  const owed = position.debt + position.pendingBorrowed
  if (position.account.mode === 'borrow' && owed > 0n) {
    const after = { ...position.available, [asset]: position.available[asset] - amount }
    if (incoming) after[incoming.asset] += incoming.amount
    if (owed > borrowLimit(after, prices)) {
      throw new DomainError('over_ltv', say('borrow_limit_use_less'), {
        amount: say('borrow_limit_use_less'),
      })
    }
  }
}

export function quoteView(q: Selectable<ConversionQuotesTable>, now: Date): QuoteView {
  const from = q.from_asset as HeldAsset
  const to = q.to_asset as HeldAsset
  const scaleOut = 10n ** BigInt(ASSETS[to].decimals)
  return {
    id: q.id,
    kind: q.kind,
    from,
    to,
    amountIn: toDecimal(q.amount_in, from),
    amountOut: toDecimal(q.amount_out, to),
    rate: toDecimal((q.from_price * scaleOut) / q.to_price, to),
    spreadPercent: (q.spread_bps / 100).toString(),
    spread: toDecimal(q.spread, to),
    spreadUsd: toDecimal((q.spread * q.to_price) / scaleOut, 'USDC'),
    expiresAt: q.expires_at.toISOString(),
    ttlSeconds: Math.max(0, Math.ceil((q.expires_at.getTime() - now.getTime()) / 1000)),
  }
}

/** Prices a conversion at today's prices, checks the balance, and stores the quote with its locked rate. */
export async function createQuote(
  deps: Deps,
  db: Tx,
  accountId: string,
  kind: Kind,
  input: { from: HeldAsset; to: HeldAsset; amount: string },
): Promise<QuoteView> {
  const amount = atField('amount', () => parsePositiveAmount(input.amount, input.from))
  const prices = deps.prices()
  const q = quoteConversion(input.from, input.to, amount, prices, SPREAD[kind])
  await assertCanMove(deps, db, accountId, input.from, amount, { asset: input.to, amount: q.amountOut })
  const now = deps.now()
  const row = {
    id: deps.newId(),
    account_id: accountId,
    kind,
    from_asset: input.from,
    to_asset: input.to,
    amount_in: amount,
    gross_out: q.grossOut,
    spread: q.spread,
    amount_out: q.amountOut,
    from_price: prices[input.from],
    to_price: prices[input.to],
    spread_bps: Number(SPREAD[kind]),
    expires_at: new Date(now.getTime() + deps.config.CONVERT_QUOTE_TTL_SECONDS * 1000),
    created_at: now,
  }
  await db.insertInto('conversion_quotes').values(row).execute()
  return quoteView({ ...row, executed_at: null, journal_id: null }, now)
}

/**
 * Executes a quote: confirmed by the holder, at its locked rate, once. An expired quote is refused with a
 * fresh quote for the same conversion in the refusal's details (stored after the refusal rolls back).
 * One balanced journal: from-asset leaves the holder's cash for `conversion`; `conversion` pays the
 * to-asset to the holder and the spread to `fees`.
 */
export async function executeQuote(
  deps: Deps,
  db: Tx,
  principal: Principal,
  accountId: string,
  kind: Kind,
  input: { quoteId: string; confirmation?: z.infer<typeof ConfirmationSchema> | undefined },
) {
  const q = await db
    .selectFrom('conversion_quotes')
    .selectAll()
    .where('id', '=', input.quoteId)
    .where('account_id', '=', accountId)
    .where('kind', '=', kind)
    .forUpdate()
    .executeTakeFirst()
  if (!q)
    throw new DomainError('not_found', say('no_such_quote_account'), {
      quoteId: say('quote_other_account'),
    })
  const now = deps.now()
  if (q.executed_at) throw new DomainError('quote_used')
  const from = q.from_asset as HeldAsset
  const to = q.to_asset as HeldAsset
  if (isQuoteExpired(q.expires_at, now)) {
    const freshId = deps.newId()
    const prices = deps.prices()
    const fresh = quoteConversion(from, to, q.amount_in, prices, BigInt(q.spread_bps))
    const row = {
      id: freshId,
      account_id: accountId,
      kind,
      from_asset: from,
      to_asset: to,
      amount_in: q.amount_in,
      gross_out: fresh.grossOut,
      spread: fresh.spread,
      amount_out: fresh.amountOut,
      from_price: prices[from],
      to_price: prices[to],
      spread_bps: q.spread_bps,
      expires_at: new Date(now.getTime() + deps.config.CONVERT_QUOTE_TTL_SECONDS * 1000),
      created_at: now,
    }
    const freshQuote = quoteView({ ...row, executed_at: null, journal_id: null }, now)
    throw new RefusalWithFollowUp('quote_expired', undefined, undefined, { freshQuote }, async (tx) => {
      await tx.insertInto('conversion_quotes').values(row).execute()
    })
  }
  await verifyConfirmation(deps, db, principal, input.confirmation)
  await db.selectFrom('accounts').select('id').where('id', '=', accountId).forNoKeyUpdate().executeTakeFirstOrThrow()
  await assertCanMove(deps, db, accountId, from, q.amount_in, { asset: to, amount: q.amount_out })
  const entries: JournalInput['entries'] = [
    {
      ledgerAccountId: await ledgerAccountId(db, deps.newId, { accountId, code: 'cash', asset: from }),
      side: 'debit',
      amount: q.amount_in,
      asset: from,
    },
    {
      ledgerAccountId: await ledgerAccountId(db, deps.newId, { accountId: null, code: 'conversion', asset: from }),
      side: 'credit',
      amount: q.amount_in,
      asset: from,
    },
    {
      ledgerAccountId: await ledgerAccountId(db, deps.newId, { accountId: null, code: 'conversion', asset: to }),
      side: 'debit',
      amount: q.gross_out,
      asset: to,
    },
    {
      ledgerAccountId: await ledgerAccountId(db, deps.newId, { accountId, code: 'cash', asset: to }),
      side: 'credit',
      amount: q.amount_out,
      asset: to,
    },
  ]
  if (q.spread > 0n)
    entries.push({
      ledgerAccountId: await ledgerAccountId(db, deps.newId, { accountId: null, code: 'fees', asset: to }),
      side: 'credit',
      amount: q.spread,
      asset: to,
    })
  const journalId = deps.newId()
  await postJournal(db, {
    id: journalId,
    kind: kind === 'stake' ? 'stake' : 'conversion',
    accountId,
    reference: q.id,
    title: title(kind === 'stake' ? 'stake' : 'convert', {
      from,
      fromAmount: String(q.amount_in),
      to,
      toAmount: String(q.amount_out),
    }),
    entries,
  })
  await db
    .updateTable('conversion_quotes')
    .set({ executed_at: now, journal_id: journalId })
    .where('id', '=', q.id)
    .execute()
  return {
    quote: quoteView({ ...q, executed_at: now, journal_id: journalId }, now),
    journalId,
    executedAt: now.toISOString(),
  }
}
