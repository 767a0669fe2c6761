import { say } from '../../domain/error-message'
import type { Selectable } from 'kysely'
import { HELD_ASSETS } from '../../domain/asset'
import { planLiquidation } from '../../domain/borrow'
import { DomainError } from '../../domain/errors'
import { toDecimal } from '../../domain/money'
import { bpsToRatio, healthBps } from '../../domain/spendable'
import { loadPosition } from '../accounts/account-service'
import type { LiquidationsTable } from '../db/schema'
import type { Deps } from '../http/route-table'
import { scheduleRecurring } from '../jobs/job-queue'
import { ledgerAccountId, postJournal, type JournalInput } from '../ledger/ledger-service'
import type { Tx } from '../db/connect'
import { cancelWithdrawal } from '../money-out/withdrawals'
import { POSITION_CHECK_SECONDS } from '../../domain/borrow'
import { title } from '../../domain/movement-title'
import { reason, storedReason } from '../../domain/movement-reason'

export function liquidationView(l: Selectable<LiquidationsTable>) {
  return {
    id: l.id,
    accountId: l.account_id,
    trigger: l.trigger,
    debtBefore: toDecimal(l.debt_before, 'USDC'),
    repaid: toDecimal(l.repaid, 'USDC'),
    healthBefore: bpsToRatio(l.health_before_bps),
    healthAfter: l.health_after_bps === null ? null : bpsToRatio(l.health_after_bps),
    sold: HELD_ASSETS.filter((a) => l.sold[a] && l.sold[a] !== '0').map((asset) => ({
      asset,
      amount: toDecimal(BigInt(l.sold[asset] ?? '0'), asset),
    })),
    cancelledWithdrawalId: l.cancelled_withdrawal_id,
    createdAt: l.created_at.toISOString(),
  }
}

/**
 * Liquidates a position whose debt exceeds Σ collateral × liquidation threshold: cancels the pending
 * withdrawal first, then repays half the debt from collateral sold at the current price, and the rest only
 * if still unhealthy. One balanced journal: each asset sold leaves the holder's cash for the platform's
 * conversion account, which pays the USDC that reduces the debt.
 */
export async function liquidate(
  deps: Deps,
  db: Tx,
  accountId: string,
  by: { trigger: 'job' | 'admin'; adminUserId?: string | undefined },
) {
  const account = await db
    .selectFrom('accounts')
    .select('id')
    .where('id', '=', accountId)
    .forNoKeyUpdate()
    .executeTakeFirst()
  if (!account) throw new DomainError('not_found', say('no_such_account'))
  const prices = deps.prices()
  let position = await loadPosition(db, accountId, deps.now(), prices)
  const before = healthBps(position.posted, prices, position.debt)
  if (before === null || before >= 10_000n) throw new DomainError('not_liquidatable')
  const pending = await db
    .selectFrom('withdrawals')
    .select('id')
    .where('account_id', '=', accountId)
    .where('status', '=', 'delayed')
    .executeTakeFirst()
  if (pending) {
    await cancelWithdrawal(deps, db, accountId, pending.id)
    await db
      .updateTable('withdrawals')
      .set({ failure_reason: storedReason(reason('liquidated', {})) })
      .where('id', '=', pending.id)
      .execute()
    position = await loadPosition(db, accountId, deps.now(), prices)
  }
  const plan = planLiquidation(position.available, prices, position.debt)
  if (plan.repaid === 0n) throw new DomainError('not_liquidatable', say('no_free_collateral'))
  const entries: JournalInput['entries'] = []
  for (const asset of HELD_ASSETS) {
    const units = plan.sold[asset]
    if (units === 0n) continue
    entries.push({
      ledgerAccountId: await ledgerAccountId(db, deps.newId, { accountId, code: 'cash', asset }),
      side: 'debit',
      amount: units,
      asset,
    })
    entries.push({
      ledgerAccountId: await ledgerAccountId(db, deps.newId, { accountId: null, code: 'conversion', asset }),
      side: 'credit',
      amount: units,
      asset,
    })
  }
  entries.push({
    ledgerAccountId: await ledgerAccountId(db, deps.newId, { accountId: null, code: 'conversion', asset: 'USDC' }),
    side: 'debit',
    amount: plan.repaid,
    asset: 'USDC',
  })
  entries.push({
    ledgerAccountId: await ledgerAccountId(db, deps.newId, { accountId, code: 'debt', asset: 'USDC' }),
    side: 'credit',
    amount: plan.repaid,
    asset: 'USDC',
  })
  const journalId = deps.newId()
  await postJournal(db, {
    id: journalId,
    kind: 'liquidation',
    accountId,
    title: title('liquidation', { repaid: String(plan.repaid) }),
    entries,
  })
  const id = deps.newId()
  const sold = Object.fromEntries(HELD_ASSETS.map((a) => [a, plan.sold[a].toString()]))
  await db
    .insertInto('liquidations')
    .values({
      id,
      account_id: accountId,
      trigger: by.trigger,
      admin_user_id: by.adminUserId ?? null,
      debt_before: position.debt,
      repaid: plan.repaid,
      health_before_bps: before,
      health_after_bps: plan.healthAfterBps,
      sold: JSON.stringify(sold),
      cancelled_withdrawal_id: pending?.id ?? null,
      journal_id: journalId,
      created_at: deps.now(),
    })
    .execute()
  deps.log.warn('position liquidated', { accountId, repaid: toDecimal(plan.repaid, 'USDC'), rounds: plan.rounds })
  return liquidationView(await db.selectFrom('liquidations').selectAll().where('id', '=', id).executeTakeFirstOrThrow())
}

/** Every position that owes, checked against today's prices; the unhealthy ones are liquidated, each on its own. */
export async function checkPositions(deps: Deps): Promise<{ checked: number; liquidated: number }> {
  // The prices as stored now: an admin may have changed them through another server process a moment ago.
  await deps.priceBook.load(deps.db.kysely)
  const owing = await deps.db.kysely
    .selectFrom('ledger_accounts')
    .select('account_id')
    .where('code', '=', 'debt')
    .where('asset', '=', 'USDC')
    .whereRef('debits_posted', '>', 'credits_posted')
    .execute()
  let liquidated = 0
  for (const { account_id: accountId } of owing) {
    if (!accountId) continue
    // Each position on its own: one that cannot be liquidated (it owes with nothing left to sell, a bad debt for
    // the back office) or fails must not stop the others' check.
    try {
      const done = await deps.db.kysely.transaction().execute(async (tx) => {
        const p = await loadPosition(tx, accountId, deps.now(), deps.prices())
        const bps = healthBps(p.posted, deps.prices(), p.debt)
        if (bps === null || bps >= 10_000n) return false
        await liquidate(deps, tx, accountId, { trigger: 'job' })
        return true
      })
      if (done) liquidated += 1
    } catch (error) {
      if (error instanceof DomainError && error.code === 'not_liquidatable')
        deps.log.warn('position owes with nothing left to sell', { accountId })
      else deps.log.error('position check failed', { accountId, error: String(error) })
    }
  }
  return { checked: owing.length, liquidated }
}

/** The recurring job (`self`: its job's id, as the queue runs it): check, then schedule the next check. */
export async function runPositionsJob(deps: Deps, self?: string) {
  const result = await checkPositions(deps)
  if (result.liquidated) deps.log.info('positions checked', result)
  await scheduleRecurring(deps, {
    kind: 'positions.check',
    payload: {},
    runAt: new Date(deps.now().getTime() + POSITION_CHECK_SECONDS * 1000),
    from: 'run',
    self,
  })
}
