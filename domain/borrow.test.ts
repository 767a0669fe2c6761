import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { dailyInterest, healthStatus, modeSwitchBlocker, planLiquidation } from './borrow'
import { DEFAULT_PRICES, usdValue } from './prices'
import { healthBps } from './spendable'
import { HELD_ASSETS } from './asset'

const weETH = (n: bigint) => n * 10n ** 18n

describe('daily interest', () => {
  it('is APR ÷ 365 with the fraction carried, so a year at constant debt costs exactly the APR', () => {
    expect(dailyInterest(1_200_000000n, 0n)).toEqual({ amount: 131_506n, carry: 3_100_000n })
    let carry = 0n
    let total = 0n
    for (let day = 0; day < 365; day++) {
      const r = dailyInterest(1_000_000000n, carry)
      total += r.amount
      carry = r.carry
    }
    expect(total).toBe(40_000000n) // 4 % of $1,000
    expect(carry).toBe(0n)
  })
})

describe('mode switch rule', () => {
  it('needs the debt repaid and Borrow purchases settled before Direct Pay', () => {
    expect(modeSwitchBlocker({ from: 'direct_pay', to: 'borrow', debt: 0n, pendingBorrowHolds: 0n })).toBeNull()
    expect(modeSwitchBlocker({ from: 'borrow', to: 'borrow', debt: 0n, pendingBorrowHolds: 0n })).toBe('mode_unchanged')
    expect(modeSwitchBlocker({ from: 'borrow', to: 'direct_pay', debt: 1n, pendingBorrowHolds: 0n })).toBe(
      'mode_debt_outstanding',
    )
    expect(modeSwitchBlocker({ from: 'borrow', to: 'direct_pay', debt: 0n, pendingBorrowHolds: 5n })).toBe(
      'mode_debt_outstanding',
    )
    expect(modeSwitchBlocker({ from: 'borrow', to: 'direct_pay', debt: 0n, pendingBorrowHolds: 0n })).toBeNull()
  })
})

describe('health status', () => {
  it('warns below 1.10 and is liquidatable below 1.00', () => {
    expect(healthStatus(11_000n)).toBe('healthy')
    expect(healthStatus(10_999n)).toBe('warning')
    expect(healthStatus(10_000n)).toBe('warning')
    expect(healthStatus(9_999n)).toBe('liquidatable')
  })
})

describe('liquidation plan', () => {
  const prices = { ...DEFAULT_PRICES, weETH: 450_000000n }
  it('repays half when that restores health, selling cash-like assets first', () => {
    const plan = planLiquidation({ USDC: 150_000000n, USDT: 0n, ETH: 0n, weETH: weETH(3n) }, prices, 1_200_000000n)
    expect(plan).toMatchObject({
      repaid: 600_000000n,
      rounds: 1,
      sold: { USDC: 150_000000n, USDT: 0n, ETH: 0n, weETH: weETH(1n) },
    })
  })

  it(
    'never repays more than owed nor sells less value than it ' +
      'repays; leaves the position healthy when collateral allows',
    () => {
      const units = fc.bigInt({ min: 0n, max: 10n ** 24n })
      fc.assert(
        fc.property(
          units,
          units,
          units,
          units,
          fc.bigInt({ min: 1n, max: 10n ** 13n }),
          fc.bigInt({ min: 1n, max: 5_000_000000n }),
          (usdc, usdt, eth, we, debt, wePrice) => {
            const p = { ...DEFAULT_PRICES, weETH: wePrice, ETH: wePrice }
            const free = { USDC: usdc % 10n ** 13n, USDT: usdt % 10n ** 13n, ETH: eth, weETH: we }
            const plan = planLiquidation(free, p, debt)
            expect(plan.repaid <= debt).toBe(true)
            const soldValue = HELD_ASSETS.reduce((s, a) => s + usdValue(plan.sold[a], a, p), 0n)
            expect(soldValue >= plan.repaid).toBe(true)
            for (const a of HELD_ASSETS) expect(plan.sold[a] <= free[a]).toBe(true)
            const left = Object.fromEntries(HELD_ASSETS.map((a) => [a, free[a] - plan.sold[a]])) as typeof free
            const after = healthBps(left, p, debt - plan.repaid)
            // One round only when it left the position healthy; a second leaves debt only when no collateral of any
            // value
            // is left.
            if (plan.rounds === 1) expect(after === null || after >= 10_000n).toBe(true)
            if (plan.rounds === 2 && plan.repaid < debt)
              expect(HELD_ASSETS.map((a) => usdValue(left[a], a, p))).toEqual([0n, 0n, 0n, 0n])
          },
        ),
      )
    },
  )
})
