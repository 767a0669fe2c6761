import { say } from '../../domain/error-message'
import { DomainError } from '../../domain/errors'
import { parsePositiveAmount, toDecimal } from '../../domain/money'
import { borrowLimit, bpsToRatio, healthBps } from '../../domain/spendable'
import { loadPosition } from '../accounts/account-service'
import type { Deps } from '../http/route-table'
import { ledgerAccountId, postJournal } from '../ledger/ledger-service'
import type { Tx } from '../db/connect'
import { title } from '../../domain/movement-title'

const health = (bps: bigint | null) => (bps === null ? null : bpsToRatio(bps))

/**
 * The effect of repaying `amount` (or all of it) before it happens: debt, borrowing used and health factor,
 * before and after. Repay moves free USDC onto the debt; it cannot exceed either.
 */
async function plan(deps: Deps, db: Tx, accountId: string, amountText: string) {
  const p = await loadPosition(db, accountId, deps.now(), deps.prices())
  if (p.debt === 0n) throw new DomainError('nothing_to_repay')
  let amount: bigint
  if (amountText === 'all') amount = p.debt
  else {
    try {
      amount = parsePositiveAmount(amountText, 'USDC')
    } catch (error) {
      if (error instanceof DomainError) throw error.at('amount')
      throw error
    }
  }
  if (amount > p.debt)
    throw new DomainError('repay_over_debt', say('you_owe', { debt: String(p.debt) }), {
      amount: say('you_owe', { debt: String(p.debt) }),
    })
  if (amount > p.available.USDC)
    throw new DomainError('insufficient_funds', say('not_enough_free_usdc'), {
      amount: say('usdc_free', { free: String(p.available.USDC) }),
    })
  const after = { ...p.posted, USDC: p.posted.USDC - amount }
  const limitBefore = borrowLimit(p.posted, deps.prices())
  const limitAfter = borrowLimit(after, deps.prices())
  return {
    position: p,
    amount,
    view: {
      amount: toDecimal(amount, 'USDC'),
      debtBefore: toDecimal(p.debt, 'USDC'),
      debtAfter: toDecimal(p.debt - amount, 'USDC'),
      borrowLimitBefore: toDecimal(limitBefore, 'USDC'),
      borrowLimitAfter: toDecimal(limitAfter, 'USDC'),
      healthBefore: health(healthBps(p.posted, deps.prices(), p.debt)),
      healthAfter: health(healthBps(after, deps.prices(), p.debt - amount)),
    },
  }
}

export async function quoteRepay(deps: Deps, db: Tx, accountId: string, amount: string) {
  return (await plan(deps, db, accountId, amount)).view
}

/** Repays debt from cash: one journal, cash down and debt down by the same amount. */
export async function repay(deps: Deps, db: Tx, accountId: string, amountText: string) {
  // The account's row first, as every money-out locks it: two repayments at once see each other's, and the second
  // is told what debt is left (`repay_over_debt`), not that the cash is short.
  await db.selectFrom('accounts').select('id').where('id', '=', accountId).forNoKeyUpdate().executeTakeFirstOrThrow()
  const { amount, view } = await plan(deps, db, accountId, amountText)
  await postJournal(db, {
    id: deps.newId(),
    kind: 'repay',
    accountId,
    title: title('repay', {}),
    entries: [
      {
        ledgerAccountId: await ledgerAccountId(db, deps.newId, { accountId, code: 'cash', asset: 'USDC' }),
        side: 'debit',
        amount,
        asset: 'USDC',
      },
      {
        ledgerAccountId: await ledgerAccountId(db, deps.newId, { accountId, code: 'debt', asset: 'USDC' }),
        side: 'credit',
        amount,
        asset: 'USDC',
      },
    ],
  })
  return view
}
