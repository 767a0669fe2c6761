import { say } from '../../domain/error-message'
import { LIMIT_DELAY_SECONDS, limitChangeIsImmediate } from '../../domain/account-rules'
import type { ConfirmationSchema } from '../../domain/api/money-out.schema'
import { DomainError } from '../../domain/errors'
import { parsePositiveAmount, toDecimal } from '../../domain/money'
import type { z } from 'zod'
import { verifyConfirmation } from '../auth/confirm'
import type { Deps, Principal } from '../http/route-table'
import { markForAlerts } from '../alerts/alert-checks'
import { enqueue } from '../jobs/job-queue'
import type { Tx } from '../db/connect'

const usd = (v: bigint) => toDecimal(v, 'USDC')

export async function getLimits(db: Tx, accountId: string) {
  const account = await db
    .selectFrom('accounts')
    .select(['daily_limit', 'monthly_limit', 'time_zone'])
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow()
  const pending = await db
    .selectFrom('account_limit_changes')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('status', '=', 'pending')
    .executeTakeFirst()
  return {
    daily: usd(account.daily_limit),
    monthly: usd(account.monthly_limit),
    timeZone: account.time_zone,
    pending: pending
      ? {
          daily: usd(pending.daily_limit),
          monthly: usd(pending.monthly_limit),
          effectiveAt: pending.effective_at.toISOString(),
        }
      : null,
  }
}

const parseLimit = (text: string, field: 'daily' | 'monthly') => {
  try {
    return parsePositiveAmount(text, 'USDC')
  } catch (error) {
    if (error instanceof DomainError) throw error.at(field)
    throw error
  }
}

/**
 * Changes the account's spending limits (daily ≤ monthly). Raising applies at once and needs the holder's
 * confirmation (it widens what a stolen session could spend); lowering applies after the limit delay, so
 * purchases already approved still settle. A newer request replaces a pending one.
 */
export async function changeLimits(
  deps: Deps,
  db: Tx,
  principal: Principal,
  accountId: string,
  input: { daily: string; monthly: string; confirmation?: z.infer<typeof ConfirmationSchema> | undefined },
) {
  const next = { daily: parseLimit(input.daily, 'daily'), monthly: parseLimit(input.monthly, 'monthly') }
  if (next.daily > next.monthly)
    throw new DomainError('invalid_request', say('daily_over_monthly'), {
      daily: say('daily_over_monthly'),
    })
  const account = await db
    .selectFrom('accounts')
    .select(['daily_limit', 'monthly_limit'])
    .where('id', '=', accountId)
    .forNoKeyUpdate()
    .executeTakeFirstOrThrow()
  const now = deps.now()
  const immediate = limitChangeIsImmediate({ daily: account.daily_limit, monthly: account.monthly_limit }, next)
  if (immediate) await verifyConfirmation(deps, db, principal, input.confirmation)
  await db
    .updateTable('account_limit_changes')
    .set({ status: 'replaced' })
    .where('account_id', '=', accountId)
    .where('status', '=', 'pending')
    .execute()
  if (immediate) {
    await db
      .updateTable('accounts')
      .set({ daily_limit: next.daily, monthly_limit: next.monthly })
      .where('id', '=', accountId)
      .execute()
    await markForAlerts(db, accountId)
  } else {
    const id = deps.newId()
    const effectiveAt = new Date(now.getTime() + LIMIT_DELAY_SECONDS * 1000)
    await db
      .insertInto('account_limit_changes')
      .values({
        id,
        account_id: accountId,
        daily_limit: next.daily,
        monthly_limit: next.monthly,
        effective_at: effectiveAt,
        status: 'pending',
        created_at: now,
      })
      .execute()
    await enqueue(db, deps, { kind: 'limits.apply', payload: { changeId: id }, runAt: effectiveAt })
  }
  return getLimits(db, accountId)
}

/** The job at the end of the limit delay. */
export async function applyLimitChange(deps: Deps, db: Tx, changeId: string) {
  const change = await db
    .selectFrom('account_limit_changes')
    .selectAll()
    .where('id', '=', changeId)
    .forUpdate()
    .executeTakeFirst()
  if (change?.status !== 'pending' || change.effective_at.getTime() > deps.now().getTime()) return
  await db
    .updateTable('accounts')
    .set({ daily_limit: change.daily_limit, monthly_limit: change.monthly_limit })
    .where('id', '=', change.account_id)
    .execute()
  await db.updateTable('account_limit_changes').set({ status: 'applied' }).where('id', '=', change.id).execute()
  await markForAlerts(db, change.account_id)
}
