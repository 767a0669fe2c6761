import { say } from '../../domain/error-message'
import { z } from 'zod'
import { providerText } from '../../domain/plain-name'
import type { HeldAsset } from '../../domain/asset'
import { DomainError } from '../../domain/errors'
import { BRIDGE_ETA_SECONDS, bridgeQuote, ETHERFI_TOKENS } from '../../domain/money-in'
import { parsePositiveAmount, toDecimal } from '../../domain/money'
import type { Deps, Principal } from '../http/route-table'
import type { Tx } from '../db/connect'
import { creditIncoming } from '../ledger/transfer-service'
import { txHash } from './providers'
import { scheduleWebhook } from '../outbox/provider-outbox'
import type { BridgeTransfersTable } from '../db/schema'
import type { Selectable } from 'kysely'
import { title } from '../../domain/movement-title'
import { reason, storedReason } from '../../domain/movement-reason'

type Request = { bridge: 'stargate' | 'etherfi'; sourceChain: string; token: string; amount: string }

/** Checks the route is one the bridge serves and parses the amount in the source token's units. */
function parseRequest(input: Request): { units: bigint } {
  const etherfi = (ETHERFI_TOKENS as readonly string[]).includes(input.token)
  if (input.bridge === 'etherfi' ? !etherfi || input.sourceChain !== 'Ethereum' : etherfi)
    throw new DomainError('bridge_unsupported', undefined, {
      token: say('bridge_unsupported'),
    })
  try {
    return { units: parsePositiveAmount(input.amount, etherfi ? 'weETH' : (input.token as HeldAsset)) }
  } catch (error) {
    if (error instanceof DomainError) throw error.at('amount')
    throw error
  }
}

/** What the bridge delivers for the request; refused at the amount when that is nothing (a few wei of eETH). */
function quoteOf(input: Request) {
  const q = bridgeQuote(input.bridge, input.token, parseRequest(input).units)
  if (q.receive <= 0n) throw new DomainError('amount_too_small', undefined, { amount: say('amount_too_small_bridge') })
  return q
}

/** The fee and what arrives, before the holder commits. */
export function quoteBridge(input: Request) {
  const q = quoteOf(input)
  return {
    asset: q.asset,
    amount: input.amount,
    fee: toDecimal(q.fee, q.asset),
    receive: toDecimal(q.receive, q.asset),
    etaSeconds: BRIDGE_ETA_SECONDS[input.bridge],
  }
}

export function bridgeView(t: Selectable<BridgeTransfersTable>) {
  const asset = t.asset as HeldAsset
  return {
    bridge: t.bridge,
    sourceChain: t.source_chain,
    sourceToken: t.source_token,
    sourceTxHash: t.source_tx_hash,
    destinationTxHash: t.destination_tx_hash,
    asset,
    receive: toDecimal(t.amount, asset),
    fee: toDecimal(t.fee, asset),
    status: t.status,
    failureReason: t.failure_reason,
    etaAt: t.eta_at.toISOString(),
    createdAt: t.created_at.toISOString(),
    updatedAt: t.updated_at.toISOString(),
  }
}

/**
 * Starts a bridge transfer. In the sandbox the holder's source-chain transaction is simulated, and the
 * bridge reports progress by webhook: in flight after a few blocks, then delivered.
 */
export async function submitBridge(deps: Deps, db: Tx, accountId: string, input: Request) {
  const q = quoteOf(input)
  const id = deps.newId()
  const now = deps.now()
  const hash = txHash(`bridge:${id}`)
  const step = deps.config.SANDBOX_BLOCK_MS
  await db
    .insertInto('bridge_transfers')
    .values({
      id,
      account_id: accountId,
      bridge: input.bridge,
      source_chain: input.sourceChain,
      source_token: input.token,
      source_tx_hash: hash,
      asset: q.asset,
      amount: q.receive,
      fee: q.fee,
      status: 'confirming',
      eta_at: new Date(now.getTime() + step * 24),
      created_at: now,
      updated_at: now,
    })
    .execute()
  await scheduleWebhook(
    deps,
    db,
    'bridge',
    'transfer.status',
    { sourceTxHash: hash, status: 'in_flight' },
    new Date(now.getTime() + step * 8),
  )
  await scheduleWebhook(
    deps,
    db,
    'bridge',
    'transfer.status',
    { sourceTxHash: hash, status: 'delivered', destinationTxHash: txHash(`dest:${id}`) },
    new Date(now.getTime() + step * 20),
  )
  return bridgeView(await db.selectFrom('bridge_transfers').selectAll().where('id', '=', id).executeTakeFirstOrThrow())
}

/** One transfer by its source hash, for a member of its account; anything else is not found. */
export async function findBridge(db: Tx, hash: string, principal: Principal) {
  const t = await db
    .selectFrom('bridge_transfers')
    .selectAll()
    .where('source_tx_hash', '=', hash.toLowerCase())
    .executeTakeFirst()
  if (!t || !principal.memberships.some((m) => m.accountId === t.account_id))
    throw new DomainError('not_found', say('no_transfer_hash_account'))
  return bridgeView(t)
}

/** Sandbox: the bridge reports an outcome now (delivery, a stored payload, or a failure). */
export async function sandboxBridgeOutcome(
  deps: Deps,
  db: Tx,
  hash: string,
  outcome: { status: 'delivered' | 'payload_stored' | 'failed'; reason?: string | undefined },
) {
  const t = await db
    .selectFrom('bridge_transfers')
    .select('id')
    .where('source_tx_hash', '=', hash.toLowerCase())
    .executeTakeFirst()
  if (!t) throw new DomainError('not_found', say('no_transfer_hash'))
  const at = deps.now()
  const data = {
    sourceTxHash: hash.toLowerCase(),
    status: outcome.status,
    ...(outcome.reason ? { reason: outcome.reason } : {}),
    ...(outcome.status === 'delivered' ? { destinationTxHash: txHash(`dest:${t.id}`) } : {}),
  }
  return {
    eventId: await scheduleWebhook(deps, db, 'bridge', 'transfer.status', data, at),
    deliverAt: at.toISOString(),
  }
}

const Status = z.object({
  sourceTxHash: z.string(),
  status: z.enum(['in_flight', 'delivered', 'payload_stored', 'failed']),
  destinationTxHash: z.string().optional(),
  /** In the bridge's words, what the holder reads: one line. */
  reason: providerText.optional(),
})
const FINAL = new Set(['delivered', 'failed'])

export const bridgeEvents = {
  'transfer.status': async (deps: Deps, db: Tx, raw: unknown) => {
    const e = Status.parse(raw)
    const t = await db
      .selectFrom('bridge_transfers')
      .selectAll()
      // Hashes are hex: stored in lower case (keccak256's), matched whatever case the bridge reports them in.
      .where('source_tx_hash', '=', e.sourceTxHash.toLowerCase())
      .forUpdate()
      .executeTakeFirst()
    if (!t || FINAL.has(t.status)) return
    let journalId: string | null = t.journal_id
    if (e.status === 'delivered') {
      journalId = await creditIncoming(deps, db, {
        accountId: t.account_id,
        asset: t.asset as HeldAsset,
        gross: t.amount,
        fee: 0n,
        kind: 'bridge_deposit',
        title: title('bridge', {
          asset: t.asset as HeldAsset,
          chain: t.source_chain,
          bridge: t.bridge === 'stargate' ? 'stargate' : 'etherfi',
        }),
        reference: t.source_tx_hash,
      })
    }
    await db
      .updateTable('bridge_transfers')
      .set({
        status: e.status,
        destination_tx_hash: e.destinationTxHash ?? t.destination_tx_hash,
        failure_reason: e.reason
          ? storedReason(reason('note', { text: e.reason }))
          : e.status === 'failed'
            ? storedReason(reason('bridge_failed', {}))
            : null,
        journal_id: journalId,
        updated_at: deps.now(),
      })
      .where('id', '=', t.id)
      .execute()
  },
}
