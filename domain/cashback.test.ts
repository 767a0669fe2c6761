import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  clawback,
  computeCashback,
  earliestEffective,
  isCashbackCut,
  MONTHLY_CASHBACK_CAP,
  payableAt,
  qualifiesForCashback,
  rulesInForce,
  type CampaignInput,
  type CashbackInput,
  type CashbackRuleVersion,
} from './cashback'

const usd = (n: number) => BigInt(Math.round(n * 1_000_000))
const at = new Date('2026-11-21T12:00:00Z')
const base: CashbackInput = {
  amount: usd(100),
  mcc: '5812',
  merchantName: 'Café Lisboa',
  at,
  accountKind: 'personal',
  tier: 'core',
  rules: [],
  campaigns: [],
  earnedThisMonth: 0n,
}
const total = (i: Partial<CashbackInput>) => computeCashback({ ...base, ...i }).reduce((s, l) => s + l.amount, 0n)
const rule = (o: Partial<CashbackRuleVersion>): CashbackRuleVersion => ({
  ruleId: 'r1',
  version: 1,
  category: null,
  merchantName: null,
  startsAt: null,
  endsAt: null,
  bps: 100,
  removed: false,
  effectiveFrom: new Date('2026-01-01T00:00:00Z'),
  ...o,
})
const campaign = (o: Partial<CampaignInput>): CampaignInput => ({
  id: 'c1',
  kind: 'splashback',
  category: 'restaurants',
  bps: 200,
  multiplier: 3,
  startsAt: new Date('2026-11-01T00:00:00Z'),
  endsAt: new Date('2026-12-01T00:00:00Z'),
  eligible: true,
  remainingTotal: usd(10_000),
  remainingForHolder: usd(1_000),
  ...o,
})

describe('cashback rates', () => {
  it('pays the tier rate: Core 2 %, Luxe 3 %, Pinnacle 3 %, VIP 4 %, corporate 2 %', () => {
    expect(total({ tier: 'core' })).toBe(usd(2))
    expect(total({ tier: 'luxe' })).toBe(usd(3))
    expect(total({ tier: 'pinnacle' })).toBe(usd(3))
    expect(total({ tier: 'vip' })).toBe(usd(4))
    expect(total({ accountKind: 'corporate', tier: 'vip' })).toBe(usd(2))
  })

  it('earns nothing on gambling, ATM / cash equivalents and P2P', () => {
    for (const mcc of ['7995', '6011', '6010', '6051', '4829', '6538']) expect(qualifiesForCashback(mcc)).toBe(false)
    expect(total({ mcc: '6011' })).toBe(0n)
    expect(qualifiesForCashback('5411')).toBe(true)
  })

  it('rounds down to the USDC base unit', () => {
    expect(total({ amount: 149n })).toBe(2n)
  })

  it('adds matching rules by category, merchant and date range; others do not apply', () => {
    expect(total({ rules: [rule({ category: 'restaurants', bps: 100 })] })).toBe(usd(3))
    expect(total({ rules: [rule({ category: 'groceries' })] })).toBe(usd(2))
    expect(total({ rules: [rule({ merchantName: 'café lisboa ' })] })).toBe(usd(3))
    expect(total({ rules: [rule({ merchantName: 'Other' })] })).toBe(usd(2))
    expect(total({ rules: [rule({ startsAt: new Date('2026-12-01T00:00:00Z') })] })).toBe(usd(2))
    expect(total({ rules: [rule({ endsAt: at })] })).toBe(usd(2))
  })

  it('applies the rule version in force at the purchase time', () => {
    const versions = [
      rule({ bps: 300 }),
      rule({ version: 2, bps: 100, effectiveFrom: new Date('2026-12-01T00:00:00Z') }),
      rule({ ruleId: 'r2', version: 1, removed: false }),
      rule({ ruleId: 'r2', version: 2, removed: true, effectiveFrom: new Date('2026-11-20T00:00:00Z') }),
    ]
    expect(rulesInForce(versions, at).map((r) => [r.ruleId, r.bps])).toEqual([['r1', 300]])
    expect(total({ rules: versions })).toBe(usd(5))
    expect(total({ rules: versions, at: new Date('2026-12-02T00:00:00Z') })).toBe(usd(3))
  })

  it('splashback adds its bps on its category as a promotion line; triple-dip triples the tier rate', () => {
    const lines = computeCashback({ ...base, campaigns: [campaign({})] })
    expect(lines.map((l) => [l.type, l.amount])).toEqual([
      ['regular', usd(2)],
      ['promotion', usd(2)],
    ])
    expect(total({ campaigns: [campaign({ category: 'groceries' })] })).toBe(usd(2))
    expect(total({ campaigns: [campaign({ eligible: false })] })).toBe(usd(2))
    expect(total({ campaigns: [campaign({ endsAt: at })] })).toBe(usd(2))
    expect(total({ campaigns: [campaign({ kind: 'triple_dip', category: null })] })).toBe(usd(6))
    expect(total({ tier: 'vip', campaigns: [campaign({ kind: 'triple_dip', category: null })] })).toBe(usd(10))
  })

  it('never pays more than 10 % of the purchase', () => {
    expect(total({ tier: 'vip', rules: [rule({ bps: 500 })], campaigns: [campaign({ bps: 500 })] })).toBe(usd(10))
    expect(total({ rules: [rule({ bps: 5_000 })] })).toBe(usd(10))
  })

  it('holds promotions to their total and per-holder caps', () => {
    expect(total({ campaigns: [campaign({ remainingForHolder: usd(0.5) })] })).toBe(usd(2.5))
    expect(total({ campaigns: [campaign({ remainingTotal: 0n })] })).toBe(usd(2))
  })

  it('stops at the monthly cap', () => {
    expect(total({ earnedThisMonth: MONTHLY_CASHBACK_CAP - usd(1) })).toBe(usd(1))
    expect(total({ earnedThisMonth: MONTHLY_CASHBACK_CAP })).toBe(0n)
    expect(total({ earnedThisMonth: MONTHLY_CASHBACK_CAP - usd(3), campaigns: [campaign({})] })).toBe(usd(3))
  })

  it('is paid after the 14-day refund window', () => {
    expect(payableAt(at).toISOString()).toBe('2026-12-05T12:00:00.000Z')
  })
})

describe('rule changes', () => {
  const v = { category: 'restaurants', merchantName: null, startsAt: null, endsAt: null, bps: 200, removed: false }
  it('counts lowering, removing, narrowing or shortening as a cut that needs notice; raising does not', () => {
    expect(isCashbackCut(v, { ...v, bps: 100 })).toBe(true)
    expect(isCashbackCut(v, { ...v, removed: true })).toBe(true)
    expect(isCashbackCut(v, { ...v, category: 'groceries' })).toBe(true)
    expect(isCashbackCut(v, { ...v, endsAt: new Date('2027-01-01T00:00:00Z') })).toBe(true)
    expect(isCashbackCut(v, { ...v, bps: 300 })).toBe(false)
    expect(isCashbackCut(null, v)).toBe(false)
    expect(earliestEffective(true, at).toISOString()).toBe('2026-12-21T12:00:00.000Z')
    expect(earliestEffective(false, at)).toEqual(at)
  })
})

describe('clawback', () => {
  it('cancels a pending line on a full refund and takes a paid one from the refund', () => {
    expect(clawback([{ id: 'a', amount: usd(2), clawedBack: 0n, state: 'pending' }], usd(100), usd(100))).toEqual([
      { id: 'a', delta: usd(2), fromRefund: false, cancelled: true },
    ])
    expect(clawback([{ id: 'a', amount: usd(2), clawedBack: 0n, state: 'paid' }], usd(100), usd(100))).toEqual([
      { id: 'a', delta: usd(2), fromRefund: true, cancelled: false },
    ])
  })

  it('claws back in proportion to a partial refund, then the rest on the next one', () => {
    expect(clawback([{ id: 'a', amount: usd(2), clawedBack: 0n, state: 'pending' }], usd(25), usd(100))).toEqual([
      { id: 'a', delta: usd(0.5), fromRefund: false, cancelled: false },
    ])
    expect(clawback([{ id: 'a', amount: usd(2), clawedBack: usd(0.5), state: 'pending' }], usd(100), usd(100))).toEqual(
      [{ id: 'a', delta: usd(1.5), fromRefund: false, cancelled: true }],
    )
    expect(clawback([{ id: 'a', amount: usd(2), clawedBack: usd(2), state: 'cancelled' }], usd(100), usd(100))).toEqual(
      [],
    )
  })
})

describe('properties', () => {
  const arbCampaign = fc.record({
    kind: fc.constantFrom('splashback' as const, 'triple_dip' as const),
    bps: fc.integer({ min: 0, max: 5_000 }),
    multiplier: fc.integer({ min: 1, max: 5 }),
    remainingTotal: fc.bigInt({ min: 0n, max: usd(1_000) }),
    remainingForHolder: fc.bigInt({ min: 0n, max: usd(1_000) }),
  })
  const arbInput = fc.record({
    amount: fc.bigInt({ min: 1n, max: usd(100_000) }),
    tier: fc.constantFrom('core' as const, 'luxe' as const, 'pinnacle' as const, 'vip' as const),
    ruleBps: fc.array(fc.integer({ min: 0, max: 3_000 }), { maxLength: 4 }),
    campaigns: fc.array(arbCampaign, { maxLength: 3 }),
    earnedThisMonth: fc.bigInt({ min: 0n, max: MONTHLY_CASHBACK_CAP + usd(10) }),
  })

  it('never exceeds 10 % of the purchase nor what is left of the monthly cap, and respects campaign caps', () => {
    fc.assert(
      fc.property(arbInput, (g) => {
        const campaigns = g.campaigns.map((c, i) => campaign({ ...c, id: `c${i}` }))
        const lines = computeCashback({
          ...base,
          amount: g.amount,
          tier: g.tier,
          earnedThisMonth: g.earnedThisMonth,
          rules: g.ruleBps.map((bps, i) => rule({ ruleId: `r${i}`, bps })),
          campaigns,
        })
        const sum = lines.reduce((s, l) => s + l.amount, 0n)
        const left = g.earnedThisMonth >= MONTHLY_CASHBACK_CAP ? 0n : MONTHLY_CASHBACK_CAP - g.earnedThisMonth
        expect(sum * 10n <= g.amount).toBe(true)
        expect(sum <= left).toBe(true)
        for (const l of lines) {
          expect(l.amount > 0n).toBe(true)
          const c = campaigns.find((x) => x.id === l.campaignId)
          if (c) expect(l.amount <= c.remainingTotal && l.amount <= c.remainingForHolder).toBe(true)
        }
      }),
    )
  })

  it('never claws back more than was earned, whatever the refunds', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: usd(10_000) }),
        fc.array(fc.bigInt({ min: 1n, max: usd(10_000) }), { minLength: 1, maxLength: 5 }),
        fc.bigInt({ min: 0n, max: usd(1_000) }),
        fc.boolean(),
        (cleared, refunds, amount, paid) => {
          let line = {
            id: 'a',
            amount,
            clawedBack: 0n,
            state: (paid ? 'paid' : 'pending') as 'paid' | 'pending' | 'cancelled',
          }
          let refunded = 0n
          for (const r of refunds) {
            refunded += r
            for (const d of clawback([line], refunded, cleared))
              line = { ...line, clawedBack: line.clawedBack + d.delta, state: d.cancelled ? 'cancelled' : line.state }
            expect(line.clawedBack <= line.amount).toBe(true)
          }
          if (refunded >= cleared) expect(line.clawedBack).toBe(line.amount)
        },
      ),
    )
  })
})
