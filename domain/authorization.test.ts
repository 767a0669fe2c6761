import { describe, expect, it } from 'vitest'
import {
  clearingWithinTolerance,
  decideAuthorization,
  expiryMoment,
  holdDays,
  type AuthorizationInput,
} from './authorization'

const usd = (n: number) => BigInt(n) * 1_000_000n
const base: AuthorizationInput = {
  card: {
    status: 'active',
    activated: true,
    perPurchaseLimit: null,
    dailyLimit: null,
    monthlyLimit: null,
    blockedCategories: [],
  },
  amount: usd(50),
  mcc: '5812',
  cardSpentToday: 0n,
  cardSpentThisMonth: 0n,
  spendable: {
    spendable: usd(1000),
    dailyLeft: usd(5000),
    monthlyLeft: usd(9000),
    capacity: usd(1000),
    limitedBy: 'capacity',
  },
}
const decline = (over: Partial<AuthorizationInput>) => decideAuthorization({ ...base, ...over })

describe('decideAuthorization', () => {
  it('approves a purchase within every rule', () => {
    expect(decideAuthorization(base)).toEqual({ approved: true })
  })
  it.each([
    ['card_frozen', { card: { ...base.card, status: 'frozen' as const } }],
    ['card_cancelled', { card: { ...base.card, status: 'cancelled' as const } }],
    ['card_not_activated', { card: { ...base.card, activated: false } }],
    ['merchant_category_blocked', { card: { ...base.card, blockedCategories: ['gambling'] }, mcc: '7995' }],
    ['over_card_purchase_limit', { card: { ...base.card, perPurchaseLimit: usd(40) } }],
    ['over_card_daily_limit', { card: { ...base.card, dailyLimit: usd(500) }, cardSpentToday: usd(460) }],
    ['over_card_monthly_limit', { card: { ...base.card, monthlyLimit: usd(500) }, cardSpentThisMonth: usd(460) }],
    [
      'over_daily_limit',
      { spendable: { ...base.spendable, spendable: usd(30), dailyLeft: usd(30), limitedBy: 'daily' as const } },
    ],
    [
      'over_monthly_limit',
      { spendable: { ...base.spendable, spendable: usd(30), monthlyLeft: usd(30), limitedBy: 'monthly' as const } },
    ],
    ['insufficient_spendable', { spendable: { ...base.spendable, spendable: usd(30), capacity: usd(30) } }],
  ] as const)('declines for %s', (reason, over) => {
    expect(decline(over as Partial<AuthorizationInput>)).toEqual({ approved: false, reason })
  })
  it('declines a frozen card that is also not activated as frozen (the holder’s own action first)', () => {
    expect(decline({ card: { ...base.card, status: 'frozen', activated: false } })).toEqual({
      approved: false,
      reason: 'card_frozen',
    })
  })
  it('checks an increment’s per-purchase limit against the total held, not the extra alone', () => {
    const card = { ...base.card, perPurchaseLimit: usd(100) }
    expect(decline({ card, amount: usd(30), alreadyAuthorized: usd(60) })).toEqual({ approved: true })
    expect(decline({ card, amount: usd(50), alreadyAuthorized: usd(60) })).toEqual({
      approved: false,
      reason: 'over_card_purchase_limit',
    })
  })
  it('lets hotel and car-rental holds live 31 days, others 7', () => {
    expect(holdDays('7011')).toBe(31)
    expect(holdDays('3400')).toBe(31)
    expect(holdDays('5812')).toBe(7)
  })
  it('lets a hold go at the first whole minute at or after its time', () => {
    const at = (iso: string) => expiryMoment(new Date(iso)).toISOString()
    expect(at('2026-12-01T12:00:00.000Z')).toBe('2026-12-01T12:00:00.000Z')
    expect(at('2026-12-01T12:00:00.001Z')).toBe('2026-12-01T12:01:00.000Z')
    expect(at('2026-12-01T23:59:59.999Z')).toBe('2026-12-02T00:00:00.000Z')
  })
  it('accepts a clearing up to 20 % over its authorization', () => {
    expect(clearingWithinTolerance(usd(100), usd(120))).toBe(true)
    expect(clearingWithinTolerance(usd(100), 120_000_001n)).toBe(false)
  })
})
