import { say } from '../../domain/error-message'
import { createHash } from 'node:crypto'
import type { Kysely } from 'kysely'
import { DomainError } from '../../domain/errors'
import type { Database } from '../db/schema'
import type { Tx } from '../db/connect'

/**
 * What identifies an idempotent request: who asked (scope), their key, and a fingerprint of what they asked
 * (`hash`). `asSent` is the fingerprint keys were stored with before it ignored the order of the body's fields: a key
 * stored then still replays a retry written as its first request was.
 */
export type IdempotencyRef = { scope: string; key: string; hash: string; asSent?: string }

export type StoredResponse = { status: number; body: unknown; replayed: boolean }

const KEY_SHAPE = /^[\x21-\x7e]{8,200}$/

/** Validates an `Idempotency-Key` header value: 8–200 visible ASCII characters. */
export function parseIdempotencyKey(value: string | undefined): string {
  if (!value) throw new DomainError('idempotency_key_required')
  if (!KEY_SHAPE.test(value)) {
    throw new DomainError('idempotency_key_required', say('idempotency_key_format'))
  }
  return value
}

/** A JSON value with every object's fields in one order (by name): what was asked, not how it was written. */
function inFieldOrder(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(inFieldOrder)
  if (value === null || typeof value !== 'object') return value
  const object = value as Record<string, unknown>
  return Object.fromEntries(
    Object.keys(object)
      .sort()
      .map((name) => [name, inFieldOrder(object[name])]),
  )
}

const fingerprint = (method: string, path: string, body: unknown) =>
  createHash('sha256')
    .update(`${method} ${path} ${JSON.stringify(body ?? null)}`)
    .digest('hex')

/**
 * A fingerprint of what was asked, so a key reused for a different request is refused: the method, the path and the
 * body's parameters, whatever the order its fields were written in (a client's retry may serialize them anew).
 */
export function requestHash(method: string, path: string, body: unknown): string {
  return fingerprint(method, path, inFieldOrder(body))
}

/** The fingerprint keys were stored with before `requestHash` ignored field order: the body as it was sent. */
export function requestHashAsSent(method: string, path: string, body: unknown): string {
  return fingerprint(method, path, body)
}

/**
 * Runs `effect` once per (scope, key). The key row is inserted in the same transaction as the effect: a
 * concurrent duplicate waits on the row lock and then replays the stored response; a failed effect rolls
 * its key back so a retry runs afresh.
 */
export async function withIdempotency(
  db: Kysely<Database>,
  ref: IdempotencyRef,
  effect: (tx: Tx) => Promise<{ status: number; body: unknown }>,
): Promise<StoredResponse> {
  return db.transaction().execute(async (tx) => {
    const inserted = await tx
      .insertInto('idempotency_keys')
      .values({ scope: ref.scope, key: ref.key, request_hash: ref.hash, response_status: null, response_body: null })
      .onConflict((oc) => oc.doNothing())
      .returning('key')
      .executeTakeFirst()
    if (!inserted) {
      const row = await tx
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('scope', '=', ref.scope)
        .where('key', '=', ref.key)
        .executeTakeFirstOrThrow()
      if (row.request_hash !== ref.hash && row.request_hash !== ref.asSent)
        throw new DomainError('idempotency_key_reused')
      if (row.response_status === null) throw new DomainError('idempotency_in_progress')
      return { status: row.response_status, body: row.response_body, replayed: true }
    }
    const result = await effect(tx)
    await tx
      .updateTable('idempotency_keys')
      .set({ response_status: result.status, response_body: JSON.stringify(result.body) })
      .where('scope', '=', ref.scope)
      .where('key', '=', ref.key)
      .execute()
    return { ...result, replayed: false }
  })
}
