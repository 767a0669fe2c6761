import { describe, expect, it } from 'vitest'
import {
  ARMED,
  evaluateBalanceAlerts,
  HEALTH_WARNING_BPS,
  purchaseAlerts,
  type AlertObservation,
  type AlertThresholds,
} from './alerts'

const usd = (n: number) => BigInt(n) * 1_000_000n
const off: AlertThresholds = { purchaseAbove: null, dailySpendAbove: null, spendableBelow: null }
const today = new Date('2026-11-21T03:00:00Z')
const seen = (o: Partial<AlertObservation>): AlertObservation => ({
  spendable: usd(1000),
  spentToday: 0n,
  dayStart: today,
  healthBps: null,
  ...o,
})

describe('purchase alerts', () => {
  it('alert on a purchase strictly above the threshold, never when off', () => {
    expect(purchaseAlerts({ ...off, purchaseAbove: usd(50) }, usd(60))).toBe(true)
    expect(purchaseAlerts({ ...off, purchaseAbove: usd(50) }, usd(50))).toBe(false)
    expect(purchaseAlerts(off, usd(1_000_000))).toBe(false)
  })
})

describe('balance alerts', () => {
  it('fire the daily-spend alert once per local day, again the next day', () => {
    const t = { ...off, dailySpendAbove: usd(100) }
    const first = evaluateBalanceAlerts(t, ARMED, seen({ spentToday: usd(120) }))
    expect(first.fired).toEqual([{ kind: 'daily_spend_above', amount: usd(120), threshold: usd(100) }])
    expect(evaluateBalanceAlerts(t, first.next, seen({ spentToday: usd(300) })).fired).toEqual([])
    const tomorrow = new Date(today.getTime() + 86_400_000)
    expect(evaluateBalanceAlerts(t, first.next, seen({ spentToday: usd(101), dayStart: tomorrow })).fired).toHaveLength(
      1,
    )
  })

  it('fire the spendable alert once when it crosses below, and re-arm at or above the line', () => {
    const t = { ...off, spendableBelow: usd(500) }
    const low = evaluateBalanceAlerts(t, ARMED, seen({ spendable: usd(400) }))
    expect(low.fired).toEqual([{ kind: 'spendable_below', amount: usd(400), threshold: usd(500) }])
    const lower = evaluateBalanceAlerts(t, low.next, seen({ spendable: usd(100) }))
    expect(lower.fired).toEqual([])
    const back = evaluateBalanceAlerts(t, lower.next, seen({ spendable: usd(500) }))
    expect(back).toEqual({ fired: [], next: { ...ARMED } })
    expect(evaluateBalanceAlerts(t, back.next, seen({ spendable: usd(499) })).fired).toHaveLength(1)
  })

  it('warn once when health falls under the warning level, again only after it recovers', () => {
    const warn = evaluateBalanceAlerts(off, ARMED, seen({ healthBps: HEALTH_WARNING_BPS - 1n }))
    expect(warn.fired).toEqual([{ kind: 'health_low', healthBps: HEALTH_WARNING_BPS - 1n }])
    expect(evaluateBalanceAlerts(off, warn.next, seen({ healthBps: 10_500n })).fired).toEqual([])
    const repaid = evaluateBalanceAlerts(off, warn.next, seen({ healthBps: null }))
    expect(repaid.next.healthLow).toBe(false)
    expect(evaluateBalanceAlerts(off, repaid.next, seen({ healthBps: 10_900n })).fired).toHaveLength(1)
    expect(evaluateBalanceAlerts(off, ARMED, seen({ healthBps: HEALTH_WARNING_BPS })).fired).toEqual([])
  })
})
