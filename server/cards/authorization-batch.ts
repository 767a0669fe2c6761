import { CompiledQuery } from 'kysely'
import { parsePositiveAmount } from '../../domain/money'
import type { PriceTable } from '../../domain/prices'
import { EVALUATE_ALERTS_JOB } from '../alerts/alert-checks'
import { notifyPurchaseAbove } from '../alerts/alert-evaluator'
import { batchesInFlight, groupCommits, lastBeforeCommit, NO_LAST_STATEMENT } from '../db/group-commit'
import type { Deps } from '../http/route-table'
import { metricsOf } from '../monitoring/metrics'
import { ledgerAccountId } from '../ledger/ledger-service'
import type { Tx } from '../db/connect'
import { AuthorizationRequest } from './authorization-service'
import {
  type BatchDecisions,
  type BatchItem,
  type BatchRead,
  decideCardBatch,
  type PurchaseAlert,
  READ_CARD_BATCH_SQL,
  readCardBatchParams,
  WRITE_CARD_DECISIONS_SQL,
} from './card-batch-decide'
import { CARD_BATCH, type CardBatchCall, type CardBatchOutcome } from './card-batch-thread'

/** A signed `authorization.request` as the webhook received it. */
export type CardEvent = { id: string; type: string; created: string; data: Record<string, unknown> }
export type WebhookAnswer = { received: true; duplicate: boolean; result?: Record<string, unknown> }

type Request = BatchItem & {
  event: CardEvent
  resolve: (answer: WebhookAnswer) => void
  reject: (error: unknown) => void
}

/**
 * The most decisions one commit carries: enough to share a commit widely, few enough to keep each statement small. On
 * PGlite two batches are in flight, the second sent to the database's thread behind the first (card-batch-thread.ts),
 * and a batch is smaller: a wave of requests answered together comes back together, and split in two the thread
 * decides one part while the server answers the other and reads the next (a batch costs its fixed part twice as
 * often: about 1.4 ms a batch against 0.1–0.2 ms a decision).
 */
const BATCHES = {
  pglite: { maxBatch: 32, inFlight: 2 },
  postgres: { maxBatch: 128, inFlight: batchesInFlight('postgres') },
} as const

/**
 * Card decisions in shared commits. The card network sends `authorization.request` events one by one and waits
 * up to 2 s for each; a transaction per decision caps the engine at the database's commit rate. Here the requests
 * that arrive while a batch is being decided wait for the next one, and each batch is one transaction of four
 * statements: BEGIN, one read (`read_card_batch`: the accounts locked in id order, the cards, positions, limits
 * and events already seen), the decisions made in arrival order against the position as the earlier decisions of
 * the batch left it (card-batch-decide.ts, domain/authorization.ts), one write (`write_card_decisions`: holds,
 * pending totals, expiry jobs, alert marks, the decisions and the events with their answers), COMMIT. Both functions
 * are in the migrations (0030 on). Each request is answered only after its batch commits (the queue:
 * server/db/group-commit.ts). On PGlite the whole transaction runs on the database's thread (card-batch-thread.ts),
 * which skips the read while the batches before left what it would say (card-state-kept.ts); on PostgreSQL the
 * decisions are made here between the read and the write.
 *
 * What the batch does not decide by itself goes to `one` (the one-event path, a transaction each) after the batch
 * commits: an unknown card, a repeated event, a purchase that may need a pending withdrawal's reservation, an account
 * without a USDC ledger account yet. If the batch fails (a conflict with a timeout advice, a deadlock), it is rolled
 * back whole and every request in it goes to `one`, which answers each with its own outcome or error.
 */
export function authorizationBatcher(deps: Deps, one: (event: CardEvent) => Promise<WebhookAnswer>) {
  let settlementId: string | null = null

  async function alone(requests: Request[]) {
    for (const r of requests) await one(r.event).then(r.resolve, r.reject)
  }

  async function runBatch(batch: Request[]) {
    let decisions: Pick<BatchDecisions, 'answers' | 'deferred'>
    try {
      settlementId ??= await deps.db.kysely
        .transaction()
        .execute((tx) => ledgerAccountId(tx, deps.newId, { accountId: null, code: 'card_settlement', asset: 'USDC' }))
      const context = { now: deps.now(), prices: deps.prices(), settlementId }
      const items = batch.map(({ event, input }): BatchItem => ({ event, input }))
      // On PGlite the database's thread runs the batch whole; null: its approvals send alerts, decided here.
      const call: CardBatchCall = { ...context, items, alertJob: EVALUATE_ALERTS_JOB }
      const there = deps.db.procedures?.has(CARD_BATCH)
        ? ((await deps.db.procedure!(CARD_BATCH, call)) as CardBatchOutcome)
        : null
      if (there) {
        decisions = there
        metricsOf(deps).cardBatch(there.read)
      } else {
        const outcome = await deps.db.kysely.transaction().execute((tx) => decideBatch(deps, tx, items, context))
        // The write's outcome, known once its COMMIT answered: a failed write made that COMMIT a rollback.
        const writeFailed = await outcome.written
        if (writeFailed) throw writeFailed
        decisions = outcome.decisions
        metricsOf(deps).cardBatch('database')
      }
    } catch (error) {
      if (!isBatchConflict(error))
        deps.log.warn('card decision batch rolled back; deciding each alone', {
          size: batch.length,
          error: String(error),
        })
      return alone(batch)
    }
    for (const { index, result } of decisions.answers)
      batch[index]!.resolve({ received: true, duplicate: false, result })
    await alone(decisions.deferred.map((index) => batch[index]!))
  }

  const enqueue = groupCommits(runBatch, BATCHES[deps.db.driver])

  return {
    /** Decides one card authorization request: resolves with the webhook's answer once it is committed. */
    submit(event: CardEvent): Promise<WebhookAnswer> {
      let input: Request['input']
      try {
        const e = AuthorizationRequest.parse(event.data)
        input = { ...e, amount: parsePositiveAmount(e.amount, 'USDC') }
      } catch {
        return one(event) // the one-event path answers a malformed request with its error
      }
      return new Promise((resolve, reject) => {
        enqueue({ event, input, resolve, reject })
      })
    },
  }
}

/** The purchase alerts of a batch's approvals, written in its transaction after its decisions. */
async function writeAlerts(deps: Deps, tx: Tx, alerts: PurchaseAlert[]) {
  for (const alert of alerts) await notifyPurchaseAbove(deps, tx, alert)
}

/**
 * One batch on PostgreSQL, inside its transaction: the read, the decisions here, the write. Returns the decisions and
 * the write's outcome, which `runBatch` looks at once the transaction has ended.
 */
async function decideBatch(
  deps: Deps,
  tx: Tx,
  items: BatchItem[],
  context: { now: Date; prices: PriceTable; settlementId: string },
) {
  const { rows } = await tx.executeQuery<{ read: BatchRead }>(
    CompiledQuery.raw(READ_CARD_BATCH_SQL, readCardBatchParams(items, context.now)),
  )
  const decisions = decideCardBatch(rows[0]!.read, items, { ...context, newId: deps.newId })
  if (!decisions.write) return { decisions, written: NO_LAST_STATEMENT }
  const write = tx.executeQuery(CompiledQuery.raw(WRITE_CARD_DECISIONS_SQL, [decisions.write, EVALUATE_ALERTS_JOB]))
  if (decisions.alerts.length === 0) {
    // The COMMIT goes right behind the write, without waiting for its answer (group-commit.ts).
    return { decisions, written: lastBeforeCommit(write) }
  }
  // The alerts are written after the decisions they are about: here the write's answer is awaited first.
  await write
  await writeAlerts(deps, tx, decisions.alerts)
  return { decisions, written: NO_LAST_STATEMENT }
}

/**
 * A network id or event recorded first elsewhere, or a ledger account changed under us (migration 0030): the batch
 * is undone and each request decided alone, which refuses exactly those, as expected. Anything else is logged.
 */
const isBatchConflict = (error: unknown) => error instanceof Error && error.message.includes('card_batch_conflict')
