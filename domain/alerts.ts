/**
 * Alerts (PRODUCT.md "Everyday" and "Where peers fail", #6): each member's own thresholds on an account,
 * and the rule that every balance alert fires once when its line is crossed and re-arms when it recovers.
 * All amounts in USDC base units.
 */

import { HEALTH_WARNING_BPS } from './borrow'

export { HEALTH_WARNING_BPS }

/** One member's thresholds on one account; null means that alert is off. */
export type AlertThresholds = {
  purchaseAbove: bigint | null
  dailySpendAbove: bigint | null
  spendableBelow: bigint | null
}

/** What remembers that an alert already fired, so it does not fire again until re-armed. */
export type AlertState = { spendableLow: boolean; healthLow: boolean; dailyAlertedFor: Date | null }

/** The account as the evaluation sees it, right after a movement. */
export type AlertObservation = {
  spendable: bigint
  spentToday: bigint
  /** The holder's local midnight of today (the daily alert fires once per local day). */
  dayStart: Date
  /** Health factor in bps when the position is in Borrow mode with debt and this member is warned; else null. */
  healthBps: bigint | null
}

export type AlertFiring =
  | { kind: 'daily_spend_above'; amount: bigint; threshold: bigint }
  | { kind: 'spendable_below'; amount: bigint; threshold: bigint }
  | { kind: 'health_low'; healthBps: bigint }

export const ARMED: AlertState = { spendableLow: false, healthLow: false, dailyAlertedFor: null }

/** True when a purchase of `amount` (the authorization amount) should alert: strictly above the threshold. */
export function purchaseAlerts(thresholds: AlertThresholds, amount: bigint): boolean {
  return thresholds.purchaseAbove !== null && amount > thresholds.purchaseAbove
}

/**
 * The balance alerts a movement fires, and the state after it. Daily spend: once per local day, when spent
 * today goes above the threshold. Spendable: once when it falls below the threshold, re-armed when it is back
 * at or above. Health: once when it falls below HEALTH_WARNING_BPS, re-armed when it recovers or the debt is gone.
 */
export function evaluateBalanceAlerts(
  thresholds: AlertThresholds,
  state: AlertState,
  seen: AlertObservation,
): { fired: AlertFiring[]; next: AlertState } {
  const fired: AlertFiring[] = []
  const next: AlertState = { ...state }
  const daily = thresholds.dailySpendAbove
  if (daily !== null && seen.spentToday > daily && state.dailyAlertedFor?.getTime() !== seen.dayStart.getTime()) {
    fired.push({ kind: 'daily_spend_above', amount: seen.spentToday, threshold: daily })
    next.dailyAlertedFor = seen.dayStart
  }
  const below = thresholds.spendableBelow
  const spendableLow = below !== null && seen.spendable < below
  if (spendableLow && !state.spendableLow)
    fired.push({ kind: 'spendable_below', amount: seen.spendable, threshold: below })
  next.spendableLow = spendableLow
  const healthLow = seen.healthBps !== null && seen.healthBps < HEALTH_WARNING_BPS
  if (healthLow && !state.healthLow) fired.push({ kind: 'health_low', healthBps: seen.healthBps! })
  next.healthLow = healthLow
  return { fired, next }
}
