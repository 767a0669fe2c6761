import { describe, expect, it } from 'vitest'
import { bankCredit, bridgeQuote, pixTopUpQuote } from './money-in'

describe('money-in rules', () => {
  it('quotes a PIX top-up of R$100 at R$5 per dollar: $20 less 1 %', () => {
    expect(pixTopUpQuote(10_000n, 200_000n)).toEqual({
      grossUsdc: 20_000_000n,
      feeUsdc: 200_000n,
      creditUsdc: 19_800_000n,
    })
  })

  it('credits a USD bank transfer less 0.2 %, and EUR less 0.2 % and 0.5 % FX', () => {
    expect(bankCredit(100_000n, 'USD', 1_080_000n)).toEqual({
      grossUsdc: 1_000_000_000n,
      feeUsdc: 2_000_000n,
      creditUsdc: 998_000_000n,
    })
    expect(bankCredit(100_000n, 'EUR', 1_080_000n)).toEqual({
      grossUsdc: 1_080_000_000n,
      feeUsdc: 7_560_000n,
      creditUsdc: 1_072_440_000n,
    })
  })

  it('keeps the bridge fee in the asset that arrives, wrapping eETH into weETH', () => {
    expect(bridgeQuote('stargate', 'USDC', 1_000_000_000n)).toEqual({
      asset: 'USDC',
      fee: 600_000n,
      receive: 999_400_000n,
    })
    expect(bridgeQuote('etherfi', 'eETH', 1_050_000_000_000_000_000n)).toEqual({
      asset: 'weETH',
      fee: 500_000_000_000_000n,
      receive: 999_500_000_000_000_000n,
    })
  })
})
