import { CARD_BATCH, type CardBatchCall, runCardBatch } from './cards/card-batch-thread'
import { type DatabaseProcedures, serveDatabaseThread } from './db/pglite-thread'

/**
 * The database thread's composition root (PGlite's own thread, server/db/pglite-thread.ts): the work features run
 * there whole, by name. Also given to an in-process PGlite (the tests'), which runs them on the caller's thread.
 */
export const DATABASE_PROCEDURES: DatabaseProcedures = {
  [CARD_BATCH]: (session, input: CardBatchCall) => runCardBatch(session, input),
}

serveDatabaseThread(DATABASE_PROCEDURES) // only on the thread pgliteOnThread starts
