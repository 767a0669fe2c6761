import { keccak256, toHex } from 'viem'
import { REQUIRED_CONFIRMATIONS } from '../../domain/money-in'
import type { Deps } from '../http/route-table'
import { enqueue } from '../jobs/job-queue'
import type { Tx } from '../db/connect'
import type { SealedText } from '../security/field-crypto'

/**
 * The outside services money comes in through. The server talks to them only through these interfaces;
 * the sandbox implementations behave like the real ones: asynchronous, and they report back by signed
 * webhook (scheduled as `webhook.deliver` jobs), never by calling our code directly.
 */
export type WebhookProvider = 'chain' | 'bridge' | 'pix' | 'bank' | 'card' | 'identity'

export type ProviderEvent = { id: string; type: string; created: string; data: Record<string, unknown> }

/**
 * Schedules a provider's webhook to reach us at `at`. `sealed`: more of the event's data, a JSON object sealed for
 * `jobs.webhook` (bank numbers), kept sealed in the outbox and merged into the data when the event is sent.
 */
export async function scheduleWebhook(
  deps: Pick<Deps, 'newId'>,
  db: Tx,
  provider: WebhookProvider,
  type: string,
  data: Record<string, unknown>,
  at: Date,
  sealed?: SealedText,
): Promise<string> {
  const event: ProviderEvent = { id: `evt_${deps.newId().replaceAll('-', '')}`, type, created: at.toISOString(), data }
  await enqueue(db, deps, {
    kind: 'webhook.deliver',
    payload: { provider, event, ...(sealed ? { sealed } : {}) },
    runAt: at,
  })
  return event.id
}

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
