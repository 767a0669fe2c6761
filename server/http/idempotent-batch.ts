import { sql } from 'kysely'
import { DomainError } from '../../domain/errors'
import { batchesInFlight, groupCommits, lastBeforeCommit, NO_LAST_STATEMENT } from '../db/group-commit'
import type { Tx } from '../db/connect'
import type { Deps } from './route-table'
import { withIdempotency, type IdempotencyRef, type StoredResponse } from './idempotency'

/**
 * Applies many requests' effects in one transaction, in order: each one's answer body, or the error that refuses it
 * alone.
 */
export type ApplyMany<I> = (deps: Deps, tx: Tx, inputs: I[]) => Promise<(unknown | DomainError)[]>

type Waiting<I> = {
  ref: IdempotencyRef
  input: I
  resolve: (stored: StoredResponse) => void
  reject: (error: unknown) => void
}

/** The most requests one commit carries. */
const MAX_BATCH = 256

/**
 * Group commit for an idempotent money-moving route (what `withIdempotency` does for one request, for many at
 * once). Requests that arrive while a batch is being written wait for the next one; each batch is one transaction:
 * every request's key recorded in one statement, every effect applied by `apply` (set-oriented: one lock of the
 * ledger accounts, one insert per kind of row), the keys of refused requests taken back (as a rolled-back request
 * leaves none), the answers stored with their keys in one statement, then one commit. Each request is answered
 * only after its batch commits: an acknowledged request is as durable as one committed alone.
 *
 * A key the batch cannot take (already used: a retry, a concurrent twin here or in another process; or twice in
 * one batch) goes the one-request way after the commit, which replays the stored answer or refuses as
 * `withIdempotency` does. If the batch fails as a whole (a deadlock with another process), it is rolled back and
 * every request goes the one-request way, in order.
 */
export function idempotentBatcher<I>(deps: Deps, status: number, apply: ApplyMany<I>) {
  const alone = (w: Waiting<I>) =>
    withIdempotency(deps.db.kysely, w.ref, async (tx) => {
      const [answer] = await apply(deps, tx, [w.input])
      if (answer instanceof DomainError) throw answer
      return { status, body: answer }
    }).then(w.resolve, w.reject)

  async function runBatch(batch: Waiting<I>[]) {
    let outcome: { done: { w: Waiting<I>; answer: unknown }[]; deferred: Waiting<I>[]; stored: Promise<unknown> }
    try {
      outcome = await deps.db.kysely.transaction().execute((tx) => writeBatch(tx, batch))
      // The answers' write, known once its COMMIT answered: a failed write made that COMMIT a rollback.
      const failed = await outcome.stored
      if (failed) throw failed
    } catch (error) {
      deps.log.warn('idempotent batch rolled back; applying each alone', { size: batch.length, error: String(error) })
      for (const w of batch) await alone(w)
      return
    }
    for (const { w, answer } of outcome.done) {
      if (answer instanceof DomainError) w.reject(answer)
      else w.resolve({ status, body: answer, replayed: false })
    }
    for (const w of outcome.deferred) await alone(w)
  }

  async function writeBatch(tx: Tx, batch: Waiting<I>[]) {
    const seen = new Set<string>()
    const deferred: Waiting<I>[] = []
    const distinct = batch.filter((w) => {
      const id = JSON.stringify([w.ref.scope, w.ref.key])
      if (seen.has(id)) return (deferred.push(w), false)
      seen.add(id)
      return true
    })
    // In key order, so two batches (here or in another process) never wait on each other's keys in a cycle.
    const keys = distinct.map((w) => ({ scope: w.ref.scope, key: w.ref.key, request_hash: w.ref.hash }))
    // Each key claimed comes back with its row's address (ctid): the rows are this transaction's own, uncommitted,
    // so nothing else moves them, and the answers and refusals below reach them by address. Joined to the table by
    // (scope, key) instead, the planner read the whole table for every batch (a sequential scan and a hash join:
    // 5,000 keys read to store 50 answers, growing with every key ever kept).
    const taken = await sql<{ scope: string; key: string; tid: string }>`
      INSERT INTO idempotency_keys (scope, key, request_hash)
      SELECT k.scope, k.key, k.request_hash FROM jsonb_to_recordset(${JSON.stringify(keys)}::jsonb) AS k(scope TEXT, key
        TEXT, request_hash TEXT) ORDER BY k.scope, k.key
      ON CONFLICT DO NOTHING RETURNING scope, key, ctid::text AS tid`.execute(tx)
    const rowOf = new Map(taken.rows.map((r) => [JSON.stringify([r.scope, r.key]), r.tid]))
    const mine = distinct.filter((w) =>
      rowOf.has(JSON.stringify([w.ref.scope, w.ref.key])) ? true : (deferred.push(w), false),
    )
    if (mine.length === 0) return { done: [], deferred, stored: NO_LAST_STATEMENT }
    const tid = (w: Waiting<I>) => rowOf.get(JSON.stringify([w.ref.scope, w.ref.key]))!
    const answers = await apply(
      deps,
      tx,
      mine.map((w) => w.input),
    )
    const refused = mine.filter((_, i) => answers[i] instanceof DomainError).map(tid)
    if (refused.length > 0) await sql`DELETE FROM idempotency_keys WHERE ctid = ANY (${refused}::tid[])`.execute(tx)
    const stored = mine.flatMap((w, i) =>
      answers[i] instanceof DomainError ? [] : [{ tid: tid(w), body: answers[i] }],
    )
    // The last statement: the COMMIT goes right behind it (group-commit.ts), and `runBatch` looks at its outcome.
    const written =
      stored.length === 0
        ? NO_LAST_STATEMENT
        : lastBeforeCommit(
            // json, not jsonb: each answer is stored as its text, in its keys' order (migration 0060).
            sql`UPDATE idempotency_keys k SET response_status = ${status}, response_body = s.body
          FROM json_to_recordset(${JSON.stringify(stored)}::json) AS s(tid TID, body JSON)
          WHERE k.ctid = ANY (${stored.map((s) => s.tid)}::tid[]) AND k.ctid = s.tid`.execute(tx),
          )
    return { done: mine.map((w, i) => ({ w, answer: answers[i] })), deferred, stored: written }
  }

  const enqueue = groupCommits(runBatch, { maxBatch: MAX_BATCH, inFlight: batchesInFlight(deps.db.driver) })

  return {
    /** Applies one request in the next shared commit; resolves as `withIdempotency` would. */
    submit(ref: IdempotencyRef, input: I): Promise<StoredResponse> {
      return new Promise((resolve, reject) => {
        enqueue({ ref, input, resolve, reject })
      })
    },
  }
}
