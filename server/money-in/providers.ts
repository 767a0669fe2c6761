import { keccak256, toHex } from 'viem'
import { REQUIRED_CONFIRMATIONS } from '../../domain/money-in'
import type { Deps } from '../http/route-table'

// The sandbox providers' shared pieces: the chain's transaction hashes and blocks, and the fiat rails' prices. The
// sandbox services built on them behave like the real ones: asynchronous, reporting back by signed webhook through
// the providers' outbox (server/outbox/provider-outbox.ts), never by calling our code directly.

/** A deterministic, realistic-looking transaction hash. */
export function txHash(seed: string): `0x${string}` {
  return keccak256(toHex(seed))
}

/** The sandbox chain: a block every SANDBOX_BLOCK_MS since a fixed genesis. */
export function sandboxChain(deps: Pick<Deps, 'config'>) {
  const genesis = Date.UTC(2026, 0, 1)
  const blockMs = deps.config.SANDBOX_BLOCK_MS
  return {
    currentBlock: (now: Date) => BigInt(Math.max(0, Math.floor((now.getTime() - genesis) / blockMs))),
    /** When block `n` is mined. */
    blockTime: (n: bigint) => new Date(genesis + Number(n) * blockMs),
    /** Confirmations of a transfer mined in `block`, capped at what is required. */
    confirmations(block: bigint, now: Date): number {
      const depth = Number(this.currentBlock(now) - block) + 1
      return Math.max(0, Math.min(REQUIRED_CONFIRMATIONS, depth))
    },
  }
}

/** Sandbox prices for the fiat rails: reais and euros in USD micro-units. Admin-adjustable later. */
export const SANDBOX_FX = { brlUsdMicro: 200_000n, eurUsdMicro: 1_080_000n } as const
