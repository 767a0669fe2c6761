import { describe, expect, it } from 'vitest'
import { DEFAULT_PRICES } from './prices'
import { borrowLimit, bpsToRatio, computeSpendable, healthBps, type SpendableInput } from './spendable'

const usd = (n: number) => BigInt(n) * 1_000_000n
const held = { USDC: usd(2_500), USDT: 0n, ETH: 0n, weETH: 1_200_000_000_000_000_000n }
const base: SpendableInput = {
  mode: 'direct_pay',
  balances: held,
  collateral: held,
  pendingHolds: 0n,
  pendingBorrowed: 0n,
  pendingWithdrawal: 0n,
  debt: 0n,
  prices: DEFAULT_PRICES,
  dailyLimit: usd(10_000),
  monthlyLimit: usd(50_000),
  spentToday: 0n,
  spentThisMonth: 0n,
}

describe('computeSpendable', () => {
  it('in Direct Pay is the USDC left after holds and the pending withdrawal', () => {
    const s = computeSpendable({ ...base, pendingHolds: usd(100), pendingWithdrawal: usd(400) })
    expect(s.spendable).toBe(usd(2_000))
    expect(s.limitedBy).toBe('capacity')
  })

  it('is capped by what is left of the daily limit', () => {
    const s = computeSpendable({ ...base, dailyLimit: usd(500), spentToday: usd(450) })
    expect(s).toMatchObject({ spendable: usd(50), limitedBy: 'daily' })
  })

  it('is capped by what is left of the monthly limit', () => {
    const s = computeSpendable({ ...base, monthlyLimit: usd(20_000), spentThisMonth: usd(19_000) })
    expect(s).toMatchObject({ spendable: usd(1_000), limitedBy: 'monthly' })
  })

  it('in Borrow counts every asset at its LTV, less debt and holds', () => {
    // 3 weETH × $3,150 × 55 % + 150 USDC × 90 % = 5,197.50 + 135 = 5,332.50
    const balances = { USDC: usd(150), USDT: 0n, ETH: 0n, weETH: 3_000_000_000_000_000_000n }
    expect(borrowLimit(balances, DEFAULT_PRICES)).toBe(5_332_500_000n)
    const s = computeSpendable({
      ...base,
      mode: 'borrow',
      balances,
      collateral: balances,
      debt: usd(1_200),
      pendingHolds: usd(32),
      pendingBorrowed: usd(32),
    })
    expect(s.spendable).toBe(4_100_500_000n)
  })

  it('in Borrow lends nothing against collateral a withdrawal is already taking out', () => {
    const balances = { USDC: usd(150), USDT: 0n, ETH: 0n, weETH: 3_000_000_000_000_000_000n }
    // 2.3 of the 3 weETH are on their way out: 0.7 × $3,150 × 55 % + 135 = 1,347.75, less the 1,200 owed.
    const collateral = { ...balances, weETH: 700_000_000_000_000_000n }
    const s = computeSpendable({ ...base, mode: 'borrow', balances, collateral, debt: usd(1_200) })
    expect(s.spendable).toBe(147_750_000n)
  })

  it('never goes below zero when debt exceeds the borrow limit', () => {
    const s = computeSpendable({ ...base, mode: 'borrow', debt: usd(1_000_000) })
    expect(s.spendable).toBe(0n)
  })
})

describe('healthBps', () => {
  it('is the liquidation value over the debt, and null with no debt', () => {
    // 3 weETH × $3,150 × 75 % + 150 USDC × 95 % = 7,087.50 + 142.50 = 7,230 over 1,200 debt
    const balances = { USDC: usd(150), USDT: 0n, ETH: 0n, weETH: 3_000_000_000_000_000_000n }
    expect(healthBps(balances, DEFAULT_PRICES, usd(1_200))).toBe(60_250n)
    expect(healthBps(balances, DEFAULT_PRICES, 0n)).toBeNull()
    expect(bpsToRatio(60_250n)).toBe('6.02')
    expect(bpsToRatio(9_999n)).toBe('0.99')
  })
})
