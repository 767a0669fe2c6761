import { describe, expect, it } from 'vitest'
import {
  holdingPoints,
  inReferralWindow,
  isQualifyingSpend,
  maskName,
  monthOf,
  nextTier,
  previousMonth,
  referralCashback,
  referralCode,
  REFERRAL_CODE_PATTERN,
  referralLinkExpiry,
  referralPayoutDue,
  referralState,
  requalifiedTier,
  spendPoints,
  tierAfterPoints,
  tierBenefits,
  tierForPoints,
} from './membership'

const usd = (n: number) => BigInt(Math.round(n * 1_000_000))

describe('membership points', () => {
  it('gives 1 point per whole dollar of spend, and weETH holdings 1 point per whole $100 a day', () => {
    expect(spendPoints(usd(0.99))).toBe(0)
    expect(spendPoints(usd(1))).toBe(1)
    expect(spendPoints(usd(42.5))).toBe(42)
    expect(spendPoints(0n)).toBe(0)
    expect(holdingPoints(usd(99.99))).toBe(0)
    expect(holdingPoints(usd(100))).toBe(1)
    expect(holdingPoints(usd(12_345))).toBe(123)
  })

  it('counts the same purchases as cashback: not ATM / cash equivalents, gambling or P2P', () => {
    expect(isQualifyingSpend('5812')).toBe(true)
    expect(isQualifyingSpend('5411')).toBe(true)
    for (const mcc of ['6011', '6010', '6051', '7995', '4829', '6538']) expect(isQualifyingSpend(mcc)).toBe(false)
  })
})

describe('membership tiers', () => {
  it('earns each tier at its exact threshold and not a point below', () => {
    expect(tierForPoints(0)).toBe('core')
    expect(tierForPoints(2_499)).toBe('core')
    expect(tierForPoints(2_500)).toBe('luxe')
    expect(tierForPoints(9_999)).toBe('luxe')
    expect(tierForPoints(10_000)).toBe('pinnacle')
    expect(tierForPoints(1_000_000)).toBe('pinnacle')
  })

  it('upgrades at once within a month but never downgrades there; VIP stays', () => {
    expect(tierAfterPoints('core', 2_499)).toBe('core')
    expect(tierAfterPoints('core', 2_500)).toBe('luxe')
    expect(tierAfterPoints('luxe', 10_000)).toBe('pinnacle')
    expect(tierAfterPoints('pinnacle', 0)).toBe('pinnacle')
    expect(tierAfterPoints('vip', 50_000)).toBe('vip')
  })

  it('re-qualifies from last month’s points, down as well as up, and keeps VIP', () => {
    expect(requalifiedTier('pinnacle', 2_499)).toBe('core')
    expect(requalifiedTier('pinnacle', 2_500)).toBe('luxe')
    expect(requalifiedTier('core', 10_000)).toBe('pinnacle')
    expect(requalifiedTier('vip', 0)).toBe('vip')
  })

  it('names the next tier and the points missing', () => {
    expect(nextTier('core', 0)).toEqual({ tier: 'luxe', threshold: 2_500, pointsNeeded: 2_500 })
    expect(nextTier('core', 2_499)).toEqual({ tier: 'luxe', threshold: 2_500, pointsNeeded: 1 })
    expect(nextTier('luxe', 100)).toEqual({ tier: 'pinnacle', threshold: 10_000, pointsNeeded: 9_900 })
    expect(nextTier('pinnacle', 0)).toBeNull()
    expect(nextTier('vip', 0)).toBeNull()
  })

  it('compares tiers from the card and cashback constants', () => {
    expect(tierBenefits().map((b) => [b.name, b.cashbackPercent, b.virtualCards, b.physicalCards])).toEqual([
      ['Core', 2, 3, 1],
      ['Luxe', 3, 5, 1],
      ['Pinnacle', 3, 10, 2],
      ['VIP', 4, 10, 2],
    ])
  })

  it('uses UTC calendar months', () => {
    expect(monthOf(new Date('2026-11-30T23:59:59Z'))).toBe('2026-11')
    expect(monthOf(new Date('2026-12-01T00:00:00Z'))).toBe('2026-12')
    expect(previousMonth('2027-01')).toBe('2026-12')
  })
})

describe('referrals', () => {
  const qualified = new Date('2026-11-01T10:00:00Z')
  it('earns 1 % rounded down, only in the 30 days after qualification', () => {
    expect(referralCashback(usd(42.5))).toBe(usd(0.425))
    expect(referralCashback(3n)).toBe(0n)
    expect(inReferralWindow(null, qualified)).toBe(false)
    expect(inReferralWindow(qualified, new Date('2026-11-01T09:59:59Z'))).toBe(false)
    expect(inReferralWindow(qualified, qualified)).toBe(true)
    expect(inReferralWindow(qualified, new Date('2026-12-01T09:59:59Z'))).toBe(true)
    expect(inReferralWindow(qualified, new Date('2026-12-01T10:00:00Z'))).toBe(false)
    expect(referralState(null, qualified)).toBe('signed_up')
    expect(referralState(qualified, new Date('2026-11-15T00:00:00Z'))).toBe('earning')
    expect(referralState(qualified, new Date('2026-12-02T00:00:00Z'))).toBe('completed')
  })

  it('pays a total only above $1 (exactly $1 rolls over)', () => {
    expect(referralPayoutDue(usd(0.99))).toBe(false)
    expect(referralPayoutDue(usd(1))).toBe(false)
    expect(referralPayoutDue(usd(1.000001))).toBe(true)
  })

  it('keeps a link 90 days and makes readable codes', () => {
    expect(referralLinkExpiry(qualified).toISOString()).toBe('2027-01-30T10:00:00.000Z')
    expect(referralCode(new Uint8Array([0, 1, 2, 3, 4, 5, 6, 255]))).toMatch(REFERRAL_CODE_PATTERN)
  })

  it('masks names like "P•••a S."', () => {
    expect(maskName('Paula Souza')).toBe('P•••a S.')
    expect(maskName('Paula Maria souza')).toBe('P•••a S.')
    expect(maskName('Jo')).toBe('J•••')
    expect(maskName('  ')).toBe('•••')
  })
})
