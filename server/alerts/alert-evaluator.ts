import { sql } from 'kysely'
import {
  ARMED,
  evaluateBalanceAlerts,
  purchaseAlerts,
  type AlertState,
  type AlertThresholds,
} from '../../domain/alerts'
import { startOfDay } from '../../domain/calendar'
import { healthBps } from '../../domain/spendable'
import { loadPosition } from '../accounts/account-service'
import type { Deps } from '../http/route-table'
import type { Tx } from '../db/connect'
import { notify } from './notifications-service'

/** Who is warned about a Borrow position's health without asking: those who can repay or manage it. */
const HEALTH_WATCHERS = ['holder', 'owner', 'admin'] as const

/** A purchase above a member's threshold: the member is notified once for that authorization. */
export type PurchaseAboveAlert = {
  userId: string
  accountId: string
  amount: bigint
  threshold: bigint
  merchant: string
  authorizationId: string
}

/** Notifies one member of one purchase above their threshold (once: keyed by the authorization). */
export const notifyPurchaseAbove = (deps: Deps, db: Tx, alert: PurchaseAboveAlert) =>
  notify(
    deps,
    db,
    { userId: alert.userId, accountId: alert.accountId },
    {
      kind: 'purchase_above',
      amount: alert.amount,
      threshold: alert.threshold,
      merchant: alert.merchant,
      dedupeKey: `purchase:${alert.authorizationId}`,
    },
  )

/**
 * The purchase alert, decided inline with the authorization (it needs the authorization's amount): one
 * indexed read, and a notification for each member whose threshold the amount is above.
 */
export async function alertOnPurchase(
  deps: Deps,
  db: Tx,
  purchase: { accountId: string; authorizationId: string; amount: bigint; merchant: string },
) {
  const watchers = await db
    .selectFrom('alert_settings')
    .select(['user_id', 'purchase_above'])
    .where('account_id', '=', purchase.accountId)
    .where('purchase_above', '<', purchase.amount)
    .execute()
  for (const w of watchers) {
    if (
      !purchaseAlerts({ purchaseAbove: w.purchase_above, dailySpendAbove: null, spendableBelow: null }, purchase.amount)
    )
      continue
    await notifyPurchaseAbove(deps, db, {
      userId: w.user_id,
      accountId: purchase.accountId,
      amount: purchase.amount,
      threshold: w.purchase_above!,
      merchant: purchase.merchant,
      authorizationId: purchase.authorizationId,
    })
  }
}

/**
 * The `alerts.evaluate` job: takes the account's markers (movements since the last evaluation), and if there
 * were any, evaluates every member's balance alerts once against the position now. A job whose markers an
 * earlier job already took does nothing: that job evaluated after its movement committed.
 */
export async function evaluateAccountAlerts(deps: Deps, accountId: string): Promise<void> {
  await deps.db.kysely.transaction().execute((tx) => evaluateNow(deps, tx, accountId))
}

async function evaluateNow(deps: Deps, db: Tx, accountId: string) {
  // One evaluation per account at a time (several job runners may take markers of the same account).
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`alerts:${accountId}`}, 0))`.execute(db)
  // Taken in the same transaction: if the evaluation fails, the markers come back for the job's retry. Every
  // read below sees at least the movements whose markers this took (each statement sees what committed before it).
  const taken = await db.deleteFrom('alert_checks').where('account_id', '=', accountId).returning('id').execute()
  if (taken.length === 0) return
  const account = await db
    .selectFrom('accounts')
    .select(['mode', 'time_zone'])
    .where('id', '=', accountId)
    .executeTakeFirst()
  if (!account) return
  const rows = await db
    .selectFrom('alert_settings')
    .selectAll()
    .where('account_id', '=', accountId)
    .forUpdate()
    .execute()
  if (rows.length === 0 && account.mode !== 'borrow') return
  const now = deps.now()
  const prices = deps.prices()
  const position = await loadPosition(db, accountId, now, prices)
  const dayStart = startOfDay(now, account.time_zone)
  const spentToday = position.spentToday
  const health = account.mode === 'borrow' ? healthBps(position.posted, prices, position.debt) : null
  const managers = await db
    .selectFrom('account_members')
    .select('user_id')
    .where('account_id', '=', accountId)
    .where('role', 'in', [...HEALTH_WATCHERS])
    .execute()
  const managerIds = new Set(managers.map((m) => m.user_id))
  const people = new Set([...rows.map((r) => r.user_id), ...(health === null ? [] : managerIds)])
  for (const userId of people) {
    const row = rows.find((r) => r.user_id === userId)
    const thresholds: AlertThresholds = {
      purchaseAbove: row?.purchase_above ?? null,
      dailySpendAbove: row?.daily_spend_above ?? null,
      spendableBelow: row?.spendable_below ?? null,
    }
    const state: AlertState = row
      ? { spendableLow: row.spendable_low, healthLow: row.health_low, dailyAlertedFor: row.daily_alerted_for }
      : ARMED
    const { fired, next } = evaluateBalanceAlerts(thresholds, state, {
      spendable: position.spendable.spendable,
      spentToday,
      dayStart,
      healthBps: managerIds.has(userId) ? health : null,
    })
    for (const firing of fired) await notify(deps, db, { userId, accountId }, firing)
    if (sameState(state, next)) continue
    const values = {
      spendable_low: next.spendableLow,
      health_low: next.healthLow,
      daily_alerted_for: next.dailyAlertedFor,
    }
    if (row)
      await db
        .updateTable('alert_settings')
        .set(values)
        .where('user_id', '=', userId)
        .where('account_id', '=', accountId)
        .execute()
    else
      await db
        .insertInto('alert_settings')
        .values({ user_id: userId, account_id: accountId, ...values, updated_at: now })
        .execute()
  }
}

const sameState = (a: AlertState, b: AlertState) =>
  a.spendableLow === b.spendableLow &&
  a.healthLow === b.healthLow &&
  a.dailyAlertedFor?.getTime() === b.dailyAlertedFor?.getTime()
