import type { AuditEntry, AuditSubject } from '../../domain/api/admin.schema'
import type { ErrorMessage } from '../../domain/error-message'
import type { Deps } from '../http/route-table'
import type { Tx } from '../db/connect'

export type AuditInput = {
  actorId: string
  /** A verb phrase, e.g. `card.freeze`, `manual_refund.approve`. */
  action: string
  subjectType: AuditSubject
  subjectId: string
  /** An admin's own words, shown as written. */
  reason?: string | null
  /** A reason the server gives (a refusal), as data each page words in its language. */
  reasonMessage?: ErrorMessage | null
  /**
   * The record as it was (null when created) and as it is now (null when removed). Must be JSON-safe: bigints as
   * strings.
   */
  before: unknown
  after: unknown
}

/** JSON with bigints written as decimal strings (money in the audit log reads as base units). */
const toJson = (value: unknown) =>
  value === null || value === undefined
    ? null
    : JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))

/**
 * Writes one audit line. Call it inside the same transaction as the change it records, so an action and its
 * audit line land together or not at all. The table refuses updates and deletes (a trigger).
 */
export async function recordAudit(deps: Pick<Deps, 'newId' | 'now'>, tx: Tx, input: AuditInput): Promise<void> {
  await tx
    .insertInto('admin_audit_log')
    .values({
      id: deps.newId(),
      actor_id: input.actorId,
      action: input.action,
      subject_type: input.subjectType,
      subject_id: input.subjectId,
      reason: input.reason ?? null,
      reason_message: input.reasonMessage ? JSON.stringify(input.reasonMessage) : null,
      before: toJson(input.before),
      after: toJson(input.after),
      created_at: deps.now(),
    })
    .execute()
}

/**
 * A line's reasons as the API sends them. Lines written before migration 0056 held the refusal of a refund's
 * requester as an English sentence; the log is never rewritten, so that sentence is read as its key here.
 */
function reasonOf(action: string, reason: string | null, message: ErrorMessage | null) {
  if (action === 'manual_refund.approve_refused' && reason === 'A second admin must approve refunds above $1,000')
    return { reason: null, reasonMessage: { key: 'refund_second_admin' } satisfies ErrorMessage }
  return { reason, reasonMessage: message }
}

/** The newest audit lines, optionally for one subject or one actor. */
export async function listAudit(
  db: Tx,
  filter: {
    subjectType?: AuditSubject | undefined
    subjectId?: string | undefined
    actorId?: string | undefined
    limit: number
  },
): Promise<AuditEntry[]> {
  let q = db
    .selectFrom('admin_audit_log as a')
    .innerJoin('users as u', 'u.id', 'a.actor_id')
    .select([
      'a.id',
      'a.actor_id',
      'u.email',
      'a.action',
      'a.subject_type',
      'a.subject_id',
      'a.reason',
      'a.reason_message',
      'a.before',
      'a.after',
      'a.created_at',
    ])
  if (filter.subjectType) q = q.where('a.subject_type', '=', filter.subjectType)
  if (filter.subjectId) q = q.where('a.subject_id', '=', filter.subjectId)
  if (filter.actorId) q = q.where('a.actor_id', '=', filter.actorId)
  const rows = await q.orderBy('a.created_at', 'desc').orderBy('a.seq', 'desc').limit(filter.limit).execute()
  return rows.map((r) => ({
    id: r.id,
    actor: { id: r.actor_id, email: r.email },
    action: r.action,
    subjectType: r.subject_type as AuditSubject,
    subjectId: r.subject_id,
    ...reasonOf(r.action, r.reason, r.reason_message as ErrorMessage | null),
    before: r.before ?? null,
    after: r.after ?? null,
    at: new Date(r.created_at).toISOString(),
  }))
}
