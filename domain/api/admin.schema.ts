import { z } from 'zod'
import { ErrorMessageSchema } from '../error-message'

/** What an admin action changed: the kind of record and its id, e.g. `card` / a card id. */
export const AUDIT_SUBJECTS = [
  'user',
  'account',
  'card',
  'campaign',
  'cashback_rule',
  'feature_flag',
  'failed_recon',
  'manual_refund',
  'hold',
  'identity_application',
  'price',
  'recovery',
  'feedback',
  'vault',
  'identity_document',
] as const
export const AuditSubject = z.enum(AUDIT_SUBJECTS)
export type AuditSubject = z.infer<typeof AuditSubject>

/** One line of the append-only audit log: who, what, when, the record before and after. */
export const AuditEntry = z
  .object({
    id: z.uuid(),
    actor: z.object({ id: z.uuid(), email: z.string() }),
    action: z.string(),
    subjectType: AuditSubject,
    subjectId: z.string(),
    /** An admin's own words, shown as written. */
    reason: z.string().nullable(),
    /** A reason the server gave (e.g. a refused approval), as data each page words in its language. */
    reasonMessage: ErrorMessageSchema.nullable(),
    before: z.unknown().nullable(),
    after: z.unknown().nullable(),
    at: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'AuditEntry' })
export type AuditEntry = z.infer<typeof AuditEntry>

export const AuditQuery = z.object({
  subjectType: AuditSubject.optional(),
  subjectId: z.string().min(1).max(200).optional(),
  actorId: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
})

export const AuditResponse = z.object({ items: z.array(AuditEntry) }).meta({ id: 'AuditLog' })
export type AuditResponse = z.infer<typeof AuditResponse>
