import { say } from './error-message'
import type { HeldAsset } from './asset'
import { DomainError } from './errors'
import type { Spendable } from './spendable'
import { parsePositiveAmount, toDecimal } from './money'

/** What a crypto withdrawal costs on top of the amount, in the asset withdrawn (network gas, paid by Cash). */
export const WITHDRAWAL_FEES: Record<HeldAsset, bigint> = {
  USDC: 500_000n,
  USDT: 500_000n,
  ETH: 200_000_000_000_000n,
  weETH: 200_000_000_000_000n,
}
/**
 * The default security delay before a crypto withdrawal is broadcast (cancellable meanwhile); the server setting
 * WITHDRAWAL_DELAY_SECONDS may change it.
 */
export const WITHDRAWAL_DELAY_DEFAULT_SECONDS = 60
/** About how long a withdrawal takes on chain after it is broadcast. */
export const WITHDRAWAL_ARRIVAL_SECONDS = 30

/** The PIX send fee (USDC → BRL), like the top-up: 1 %, rate locked 10 minutes. */
export const PIX_SEND = { feeBps: 100n, lockSeconds: 600 } as const

/**
 * A bank send's amount in USDC base units: whole cents (a bank moves nothing smaller, so the recipient gets exactly
 * what is sent) and at least `BANK_SEND.minimum` (enough to carry its fee). Refused at the `amount` field.
 */
export function parseBankSendAmount(text: string): bigint {
  let amount: bigint
  try {
    amount = parsePositiveAmount(text, 'USDC')
  } catch (error) {
    if (error instanceof DomainError) throw error.at('amount')
    throw error
  }
  if (amount < BANK_SEND.minimum) {
    const least = say('minimum', { min: toDecimal(BANK_SEND.minimum, 'USDC') })
    throw new DomainError('amount_too_small', least, { amount: least })
  }
  if (amount % BANK_SEND.cent !== 0n)
    throw new DomainError('amount_precision', say('amount_whole_cents'), { amount: say('amount_whole_cents') })
  return amount
}

/**
 * The rule every outgoing USDC movement obeys: the total (amount + fees) must fit in spendable, which is
 * already the least of the limits left and the mode's capacity. The refusal names what bounds it.
 */
export function assertWithinSpendable(total: bigint, s: Spendable, field = 'amount'): void {
  if (total <= s.spendable) return
  const code =
    s.limitedBy === 'daily'
      ? 'over_daily_limit'
      : s.limitedBy === 'monthly'
        ? 'over_monthly_limit'
        : 'insufficient_spendable'
  const message = say(code === 'insufficient_spendable' ? 'more_than_you_can_spend' : code)
  throw new DomainError(code, message, { [field]: message })
}

/** Bank sends: 0.2 % fee; USD by ACH (next business day; sandbox: seconds), EUR by SEPA at the EUR rate. */
export const BANK_SEND = {
  feeBps: 20n,
  etaSeconds: { USD: 86_400, EUR: 86_400 },
  /** The least a bank send carries (1 USDC): a bank moves whole cents, and less would cost more than it moves. */
  minimum: 1_000_000n,
  /** A bank moves whole cents: an amount is in whole cents of USDC (10,000 base units). */
  cent: 10_000n,
} as const
