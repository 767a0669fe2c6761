import { randomUUID } from 'node:crypto'
import type { PriceTable } from '../../domain/prices'
import type { DatabaseSession } from '../db/pglite-thread'
import {
  type BatchDecisions,
  type BatchItem,
  type BatchRead,
  type BatchState,
  decideOnState,
  parseBatchRead,
  READ_CARD_BATCH_SQL,
  readCardBatchParams,
  WRITE_CARD_DECISIONS_SQL,
} from './card-batch-decide'
import { dropKept, keepCommitted, keptStateFor } from './card-state-kept'

/** The card batch's name among the database's procedures (server/database-thread.ts). */
export const CARD_BATCH = 'cardBatch'

/** A card batch sent to PGlite's thread whole: its items, and what the server knows that the thread does not. */
export type CardBatchCall = {
  items: BatchItem[]
  now: Date
  prices: PriceTable
  /** The card settlement ledger account every hold credits (made once by the server if missing). */
  settlementId: string
  /** The job kind accounts are marked for (migration 0030's `mark_for_alerts`). */
  alertJob: string
}

/**
 * What a batch decided there and committed, or null when it decided nothing there: its approvals would send purchase
 * alerts, which the server writes (server/alerts), so the server decides that batch itself.
 */
export type CardBatchOutcome = (Pick<BatchDecisions, 'answers' | 'deferred'> & { read: 'database' | 'kept' }) | null

/**
 * A card batch on the database's own thread, as one transaction: BEGIN, the read, the decisions
 * (card-batch-decide.ts), the write, COMMIT, with no crossing to the server's thread in between. Decided on the
 * server's thread, each batch waited for it twice, behind whatever it was doing (answering the last requests,
 * parsing the next), and the database waited with it. The read is skipped when the batches before left what it
 * would say (card-state-kept.ts). A batch whose approvals would send purchase alerts is rolled back here and answered
 * null: the server decides it itself (server/cards/authorization-batch.ts). Anything that fails rolls the batch back
 * and is thrown: the server then decides each request alone, as for any failed batch. The read and the write are
 * statements prepared once (server/db/prepared.ts); the BEGIN goes in the read's call, the COMMIT in the write's (in
 * the kept batch's one call, both): each call into PGlite costs 0.1–0.2 ms of this thread whatever it runs, and in
 * the open loop a batch is a decision or two.
 */
export async function runCardBatch(db: DatabaseSession, call: CardBatchCall): Promise<CardBatchOutcome> {
  const kept = keptStateFor(db, call.items, call.now)
  try {
    // A batch that reads begins its transaction with the read; one that decides on what was kept, with its write.
    const state = kept ?? (await read(db, call))
    const decisions = decideOnState(state, call.items, {
      now: call.now,
      prices: call.prices,
      settlementId: call.settlementId,
      newId: randomUUID,
    })
    if (decisions.alerts.length > 0) {
      if (!kept) await db.exec('ROLLBACK')
      dropKept(db)
      return null
    }
    // A write that fails makes the COMMIT behind it a rollback.
    if (decisions.write)
      await db.query(WRITE_CARD_DECISIONS_SQL, [decisions.write, call.alertJob], {
        ...(kept ? { begin: 'BEGIN' } : {}),
        commit: true,
      })
    else if (!kept) await db.exec('COMMIT')
    keepCommitted(
      db,
      state,
      decisions.answers.map((a) => call.items[a.index]!.event.id),
    )
    return { answers: decisions.answers, deferred: decisions.deferred, read: kept ? 'kept' : 'database' }
  } catch (error) {
    dropKept(db)
    // A failed read leaves its transaction open (a failed write ended its own: the ROLLBACK then changes nothing).
    await db.exec('ROLLBACK').catch(() => undefined)
    throw error
  }
}

/** The batch's read (`read_card_batch`), typed: its transaction's first statement, sent with its BEGIN. */
async function read(db: DatabaseSession, call: CardBatchCall): Promise<BatchState> {
  const { rows } = await db.query<{ read: BatchRead }>(READ_CARD_BATCH_SQL, readCardBatchParams(call.items, call.now), {
    begin: 'BEGIN',
  })
  return parseBatchRead(rows[0]!.read)
}
