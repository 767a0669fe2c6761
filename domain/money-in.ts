import type { HeldAsset } from './asset'
import { applyBps } from './money'

/** The network the safe lives on, and the contracts of the tokens it accepts there. */
export const SAFE_NETWORK = { name: 'Scroll', chainId: 534_352 } as const
export const ACCEPTED_TOKENS: readonly { asset: HeldAsset; contract: string | null }[] = [
  { asset: 'USDC', contract: '0x06eFdBFf2a14a7c8E15944D1F4A48F9F95F663A4' },
  { asset: 'USDT', contract: '0xf55BEC9cafDbE8730f096Aa55dad6D22d44099Df' },
  { asset: 'weETH', contract: '0x01f0a31698C4d065659b9bdC21B3610292a1c506' },
  { asset: 'ETH', contract: null },
]

/** Incoming crypto is credited after this many confirmations, exactly once per transfer. */
export const REQUIRED_CONFIRMATIONS = 12

// --- PIX top-up ---------------------------------------------------------------------------------------

export const PIX_TOP_UP = {
  /** R$ 10,00 minimum per top-up, in centavos. */
  minBrl: 1_000n,
  /** R$ 50.000,00 per holder per day, in centavos. */
  dailyMaxBrl: 5_000_000n,
  feeBps: 100n,
  /** The rate and the code are valid for 10 minutes. */
  lockSeconds: 600,
} as const

/**
 * A PIX top-up quote: centavos in, USDC (6 decimals) out. `rateMicroUsd` is USD micro-units per real.
 * @example pixTopUpQuote(10_000n, 200_000n) → gross 20.00, fee 0.20, credit 19.80 USDC
 */
export function pixTopUpQuote(
  brlCentavos: bigint,
  rateMicroUsd: bigint,
): { grossUsdc: bigint; feeUsdc: bigint; creditUsdc: bigint } {
  const grossUsdc = (brlCentavos * rateMicroUsd) / 100n
  const feeUsdc = applyBps(grossUsdc, PIX_TOP_UP.feeBps)
  return { grossUsdc, feeUsdc, creditUsdc: grossUsdc - feeUsdc }
}

// --- Bank receive ---------------------------------------------------------------------------------------

export const BANK_RECEIVE = {
  feeBps: 20n,
  fxFeeBps: 50n,
  /** A transfer from someone other than the holder is capped at $4,000 (USDC units). */
  thirdPartyCapUsdc: 4_000_000_000n,
} as const

/**
 * What an incoming bank transfer credits: the USD value (EUR at `eurUsdMicro` USD micro-units per euro)
 * less 0.2 %, and less 0.5 % FX on EUR. Amounts in cents; result in USDC units.
 */
export function bankCredit(
  amountMinor: bigint,
  currency: 'USD' | 'EUR',
  eurUsdMicro: bigint,
): { grossUsdc: bigint; feeUsdc: bigint; creditUsdc: bigint } {
  const grossUsdc = currency === 'USD' ? amountMinor * 10_000n : (amountMinor * eurUsdMicro) / 100n
  const feeUsdc = applyBps(grossUsdc, BANK_RECEIVE.feeBps + (currency === 'EUR' ? BANK_RECEIVE.fxFeeBps : 0n))
  return { grossUsdc, feeUsdc, creditUsdc: grossUsdc - feeUsdc }
}

// --- Bridges --------------------------------------------------------------------------------------------

export const STARGATE_CHAINS = ['Ethereum', 'Arbitrum', 'Base', 'Optimism', 'Polygon'] as const
export const STARGATE_TOKENS = ['USDC', 'USDT', 'ETH'] as const satisfies readonly HeldAsset[]
export const ETHERFI_TOKENS = ['weETH', 'eETH'] as const

/** Stargate: 0.06 % of the amount, credited in the same asset; ether.fi: 0.05 %, credited as weETH. */
export const BRIDGE_FEE_BPS = { stargate: 6n, etherfi: 5n } as const
/** Typical delivery time, shown before submit. */
export const BRIDGE_ETA_SECONDS = { stargate: 90, etherfi: 15 * 60 } as const

/** eETH is wrapped into weETH at the protocol's rate (sandbox: 1 weETH = 1.05 eETH), rounded down. */
export const EETH_PER_WEETH_BPS = 10_500n

/** What arrives from a bridge transfer, in the destination asset's base units, and the fee kept. */
export function bridgeQuote(
  bridge: 'stargate' | 'etherfi',
  token: string,
  amount: bigint,
): { asset: HeldAsset; fee: bigint; receive: bigint } {
  const asset: HeldAsset = bridge === 'etherfi' ? 'weETH' : (token as HeldAsset)
  const inAsset = bridge === 'etherfi' && token === 'eETH' ? (amount * 10_000n) / EETH_PER_WEETH_BPS : amount
  const fee = applyBps(inAsset, BRIDGE_FEE_BPS[bridge])
  return { asset, fee, receive: inAsset - fee }
}

// --- Sending from a wallet ------------------------------------------------------------------------------

/** Gas a transfer uses on the safe's network, and the sandbox gas price (0.05 gwei). */
export const TRANSFER_GAS = { token: 65_000n, native: 21_000n } as const
export const SANDBOX_GAS_PRICE_WEI = 50_000_000n

/** The network fee of a transfer of `asset`, in wei (ETH base units), paid by the sending wallet. */
export function transferFeeWei(asset: HeldAsset): bigint {
  return (asset === 'ETH' ? TRANSFER_GAS.native : TRANSFER_GAS.token) * SANDBOX_GAS_PRICE_WEI
}

/**
 * An EIP-681 payment request a wallet understands (scan or open it): an ERC-20 `transfer` to `to`, or a
 * plain ETH value transfer.
 * @example eip681('USDC', '0x…safe', 5_000_000n) === 'ethereum:0x06eF…@534352/transfer?address=0x…safe&uint256=5000000'
 */
export function eip681(asset: HeldAsset, to: string, units: bigint): string {
  const token = ACCEPTED_TOKENS.find((t) => t.asset === asset)?.contract
  return token
    ? `ethereum:${token}@${SAFE_NETWORK.chainId}/transfer?address=${to}&uint256=${units}`
    : `ethereum:${to}@${SAFE_NETWORK.chainId}?value=${units}`
}
