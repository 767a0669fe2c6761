import type { z } from 'zod'
import { ARMED, HEALTH_WARNING_BPS } from '../../domain/alerts'
import type { AlertSettingsBody, AlertSettingsResponse } from '../../domain/api/alerts.schema'
import { DomainError } from '../../domain/errors'
import { parsePositiveAmount, toDecimal } from '../../domain/money'
import { bpsToRatio } from '../../domain/spendable'
import type { Deps } from '../http/route-table'
import type { Tx } from '../db/connect'
import { markForAlerts } from './alert-checks'

const FIELDS = {
  purchaseAbove: 'purchase_above',
  dailySpendAbove: 'daily_spend_above',
  spendableBelow: 'spendable_below',
} as const
type Field = keyof typeof FIELDS

const usdOrNull = (v: bigint | null) => (v === null ? null : toDecimal(v, 'USDC'))

/** The caller's own alert thresholds on an account (all off until they set one). */
export async function getAlertSettings(db: Tx, userId: string, accountId: string): Promise<AlertSettingsResponse> {
  const account = await db
    .selectFrom('accounts')
    .select('time_zone')
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow()
  const row = await db
    .selectFrom('alert_settings')
    .selectAll()
    .where('user_id', '=', userId)
    .where('account_id', '=', accountId)
    .executeTakeFirst()
  return {
    accountId,
    purchaseAbove: usdOrNull(row?.purchase_above ?? null),
    dailySpendAbove: usdOrNull(row?.daily_spend_above ?? null),
    spendableBelow: usdOrNull(row?.spendable_below ?? null),
    timeZone: account.time_zone,
    healthWarning: bpsToRatio(HEALTH_WARNING_BPS),
  }
}

function parseThreshold(text: string | null, field: Field): bigint | null {
  if (text === null) return null
  try {
    return parsePositiveAmount(text, 'USDC')
  } catch (error) {
    if (error instanceof DomainError) throw error.at(field)
    throw error
  }
}

/**
 * Saves the caller's own thresholds: a field sent changes (null turns it off), a field left out stays. An
 * alert whose threshold changed is re-armed, and the account is evaluated at once against the new values.
 */
export async function saveAlertSettings(
  deps: Deps,
  db: Tx,
  userId: string,
  accountId: string,
  body: z.output<typeof AlertSettingsBody>,
): Promise<AlertSettingsResponse> {
  const changes: Record<string, bigint | null | boolean> = {}
  for (const field of Object.keys(FIELDS) as Field[]) {
    const value = body[field]
    if (value !== undefined) changes[FIELDS[field]] = parseThreshold(value, field)
  }
  if (body.spendableBelow !== undefined) changes.spendable_low = ARMED.spendableLow
  const reArmDaily = body.dailySpendAbove !== undefined ? { daily_alerted_for: ARMED.dailyAlertedFor } : {}
  const now = deps.now()
  await db
    .insertInto('alert_settings')
    .values({ user_id: userId, account_id: accountId, ...changes, ...reArmDaily, updated_at: now })
    .onConflict((oc) =>
      oc.columns(['user_id', 'account_id']).doUpdateSet({ ...changes, ...reArmDaily, updated_at: now }),
    )
    .execute()
  await markForAlerts(db, accountId)
  return getAlertSettings(db, userId, accountId)
}
