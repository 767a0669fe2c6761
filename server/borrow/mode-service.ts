import { errorText } from '../../domain/error-words'
import { say } from '../../domain/error-message'
import type { z } from 'zod'
import type { ConfirmationSchema } from '../../domain/api/money-out.schema'
import type { ModeResponse } from '../../domain/api/borrow.schema'
import { BORROW_APR_BPS, MODE_DELAY_SECONDS, type Mode } from '../../domain/account-rules'
import { modeSwitchBlocker } from '../../domain/borrow'
import { DomainError } from '../../domain/errors'
import { toDecimal } from '../../domain/money'
import { verifyConfirmation } from '../auth/confirm'
import type { Deps, Principal } from '../http/route-table'
import { enqueue } from '../jobs/job-queue'
import type { Tx } from '../db/connect'

/** USDC held for card purchases approved in Borrow mode: when they clear they become debt. */
async function borrowPosition(db: Tx, accountId: string) {
  const debt = await db
    .selectFrom('ledger_accounts')
    .select(['debits_posted', 'credits_posted'])
    .where('account_id', '=', accountId)
    .where('code', '=', 'debt')
    .where('asset', '=', 'USDC')
    .executeTakeFirst()
  const holds = await db
    .selectFrom('holds')
    .innerJoin('ledger_accounts as la', 'la.id', 'holds.debit_ledger_account_id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<bigint>('holds.amount'), eb.val(0n)).as('total'))
    .where('holds.account_id', '=', accountId)
    .where('holds.status', '=', 'pending')
    .where('la.code', '=', 'debt')
    .executeTakeFirstOrThrow()
  return { debt: debt ? debt.debits_posted - debt.credits_posted : 0n, pendingBorrowHolds: BigInt(holds.total) }
}

const blockerSays = (code: NonNullable<ReturnType<typeof modeSwitchBlocker>>, pendingBorrowHolds: bigint) =>
  code === 'mode_debt_outstanding' && pendingBorrowHolds > 0n
    ? say('debt_and_borrow_holds', { holds: String(pendingBorrowHolds) })
    : say(code)

export async function getMode(_deps: Deps, db: Tx, accountId: string): Promise<ModeResponse> {
  const account = await db.selectFrom('accounts').select('mode').where('id', '=', accountId).executeTakeFirstOrThrow()
  const pending = await db
    .selectFrom('account_mode_changes')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('status', '=', 'pending')
    .executeTakeFirst()
  const refused = await db
    .selectFrom('account_mode_changes')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('status', '=', 'refused')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst()
  const position = await borrowPosition(db, accountId)
  const other: Mode = account.mode === 'borrow' ? 'direct_pay' : 'borrow'
  const blocker = modeSwitchBlocker({ from: account.mode, to: other, ...position })
  return {
    mode: account.mode,
    pending: pending
      ? { id: pending.id, toMode: pending.to_mode, effectiveAt: pending.effective_at.toISOString() }
      : null,
    lastRefused:
      refused && (!pending || refused.created_at > pending.created_at)
        ? {
            toMode: refused.to_mode,
            reason: refused.reason ? errorText(refused.reason, 'en-US') : '',
            reasonKey: refused.reason,
            at: refused.effective_at.toISOString(),
          }
        : null,
    delaySeconds: MODE_DELAY_SECONDS,
    blocker: blocker && errorText(blockerSays(blocker, position.pendingBorrowHolds), 'en-US'),
    blockerKey: blocker && blockerSays(blocker, position.pendingBorrowHolds),
    debt: toDecimal(position.debt, 'USDC'),
    pendingBorrowHolds: toDecimal(position.pendingBorrowHolds, 'USDC'),
    aprPercent: `${Number(BORROW_APR_BPS) / 100}`,
  }
}

/**
 * Asks for a mode switch, confirmed by the holder (it changes how every purchase is paid). It takes effect
 * after the mode delay; back to Direct Pay needs the debt repaid first (checked now and again when due).
 * Asking for the current mode while a switch is pending cancels the switch.
 */
export async function requestModeChange(
  deps: Deps,
  db: Tx,
  principal: Principal,
  accountId: string,
  input: { mode: Mode; confirmation?: z.infer<typeof ConfirmationSchema> | undefined },
) {
  const account = await db
    .selectFrom('accounts')
    .select('mode')
    .where('id', '=', accountId)
    .forNoKeyUpdate()
    .executeTakeFirstOrThrow()
  const pending = await db
    .selectFrom('account_mode_changes')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('status', '=', 'pending')
    .executeTakeFirst()
  if (pending && pending.to_mode === input.mode) return getMode(deps, db, accountId)
  if (pending && input.mode === account.mode) {
    await db.updateTable('account_mode_changes').set({ status: 'cancelled' }).where('id', '=', pending.id).execute()
    return getMode(deps, db, accountId)
  }
  const position = await borrowPosition(db, accountId)
  const blocker = modeSwitchBlocker({ from: account.mode, to: input.mode, ...position })
  if (blocker)
    throw new DomainError(blocker, blockerSays(blocker, position.pendingBorrowHolds), {
      mode: blockerSays(blocker, position.pendingBorrowHolds),
    })
  await verifyConfirmation(deps, db, principal, input.confirmation)
  const id = deps.newId()
  const effectiveAt = new Date(deps.now().getTime() + MODE_DELAY_SECONDS * 1000)
  await db
    .insertInto('account_mode_changes')
    .values({
      id,
      account_id: accountId,
      to_mode: input.mode,
      effective_at: effectiveAt,
      status: 'pending',
      requested_by: principal.userId,
      created_at: deps.now(),
    })
    .execute()
  await enqueue(db, deps, { kind: 'mode.apply', payload: { changeId: id }, runAt: effectiveAt })
  return getMode(deps, db, accountId)
}

/** The job at the end of the mode delay. A switch back to Direct Pay is refused if debt appeared meanwhile. */
export async function applyModeChange(deps: Deps, db: Tx, changeId: string) {
  const change = await db
    .selectFrom('account_mode_changes')
    .selectAll()
    .where('id', '=', changeId)
    .forUpdate()
    .executeTakeFirst()
  if (change?.status !== 'pending' || change.effective_at.getTime() > deps.now().getTime()) return
  const account = await db
    .selectFrom('accounts')
    .select('mode')
    .where('id', '=', change.account_id)
    .forNoKeyUpdate()
    .executeTakeFirstOrThrow()
  const position = await borrowPosition(db, change.account_id)
  const blocker = modeSwitchBlocker({ from: account.mode, to: change.to_mode, ...position })
  if (blocker) {
    await db
      .updateTable('account_mode_changes')
      .set({ status: 'refused', reason: JSON.stringify(blockerSays(blocker, position.pendingBorrowHolds)) })
      .where('id', '=', change.id)
      .execute()
    return
  }
  await db.updateTable('accounts').set({ mode: change.to_mode }).where('id', '=', change.account_id).execute()
  await db.updateTable('account_mode_changes').set({ status: 'applied' }).where('id', '=', change.id).execute()
}
