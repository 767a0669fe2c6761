import { messageKey } from '../error-message'
import { z } from 'zod'
import { plainText } from '../plain-name'
import { DecimalString, IsoDateTime, Uuid } from './common.schema'
import { MovementReasonSchema } from '../movement-reason'
import { MovementTitleSchema } from '../movement-title'

/**
 * A reason every money action in the back office carries into the audit log (and, for refunds, the holder's history).
 */
export const AdminReason = z
  .string()
  .trim()
  .min(3, messageKey('give_reason'))
  .max(300, messageKey('reason_too_long'))
  .check(plainText)

export const FAILED_RECON_STATUSES = ['open', 'matched', 'written_off', 'refunded'] as const

/** A clearing (or refund) from the card network that did not match its authorization. */
export const FailedRecon = z
  .object({
    id: Uuid,
    networkId: z.string(),
    authorizationId: Uuid.nullable(),
    amount: DecimalString,
    asset: z.literal('USDC'),
    /** Why it did not match, as data the page words (domain/movement-words.ts). */
    reason: MovementReasonSchema,
    status: z.enum(FAILED_RECON_STATUSES),
    createdAt: IsoDateTime,
    account: z.object({ id: Uuid, name: z.string() }).nullable(),
    card: z.object({ id: Uuid, last4: z.string() }).nullable(),
    merchantName: z.string().nullable(),
    resolvedAt: IsoDateTime.nullable(),
    resolvedBy: z.string().nullable(),
    resolutionReason: z.string().nullable(),
    journalId: Uuid.nullable(),
    matchedAuthorizationId: Uuid.nullable(),
  })
  .meta({ id: 'FailedRecon' })
export type FailedRecon = z.infer<typeof FailedRecon>

export const FailedReconsResponse = z.object({ items: z.array(FailedRecon) }).meta({ id: 'FailedRecons' })

/** An approved authorization with its hold still pending, that a failed recon's clearing could belong to. */
export const ReconCandidate = z.object({
  authorizationId: Uuid,
  networkId: z.string(),
  amount: DecimalString,
  merchantName: z.string(),
  cardLast4: z.string(),
  accountName: z.string(),
  createdAt: IsoDateTime,
})
export const ReconCandidatesResponse = z.object({ items: z.array(ReconCandidate) }).meta({ id: 'ReconCandidates' })

export const MatchReconRequest = z.object({
  authorizationId: z.uuid(messageKey('choose_authorization_match')),
  reason: AdminReason,
})
export const WriteOffReconRequest = z.object({ reason: AdminReason })
export const RefundReconRequest = z.object({
  reason: AdminReason,
  accountId: z.uuid(messageKey('not_account_id')).optional(),
})

export const ReconParams = z.object({ reconId: z.uuid() })

/** A refund the platform pays a holder by hand; above $1,000 it waits for a second admin. */
export const MANUAL_REFUND_STATUSES = ['pending_approval', 'posted', 'rejected'] as const
export const ManualRefund = z
  .object({
    id: Uuid,
    account: z.object({ id: Uuid, name: z.string() }),
    amount: DecimalString,
    asset: z.literal('USDC'),
    reason: z.string(),
    transactionRef: z.string().nullable(),
    status: z.enum(MANUAL_REFUND_STATUSES),
    requestedBy: z.object({ id: Uuid, email: z.string() }),
    decidedBy: z.object({ id: Uuid, email: z.string() }).nullable(),
    decisionReason: z.string().nullable(),
    journalId: Uuid.nullable(),
    createdAt: IsoDateTime,
    decidedAt: IsoDateTime.nullable(),
  })
  .meta({ id: 'ManualRefund' })
export type ManualRefund = z.infer<typeof ManualRefund>

export const ManualRefundsResponse = z
  .object({ items: z.array(ManualRefund), approvalThreshold: DecimalString })
  .meta({ id: 'ManualRefunds' })

export const CreateManualRefundRequest = z.object({
  account: z.string().trim().min(1, messageKey('enter_account_or_email')).max(320),
  amount: DecimalString,
  reason: AdminReason,
  transactionRef: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((v) => (v ? v : undefined)),
})
export const RejectManualRefundRequest = z.object({ reason: AdminReason })
export const RefundParams = z.object({ refundId: z.uuid() })

/** A hold still reserving money, as an admin sees it. */
export const PendingHold = z
  .object({
    id: Uuid,
    kind: z.string(),
    title: MovementTitleSchema,
    reference: z.string().nullable(),
    account: z.object({ id: Uuid, name: z.string() }).nullable(),
    amount: DecimalString,
    asset: z.string(),
    createdAt: IsoDateTime,
    expiresAt: IsoDateTime,
  })
  .meta({ id: 'PendingHold' })
export const PendingHoldsResponse = z.object({ items: z.array(PendingHold) }).meta({ id: 'PendingHolds' })
export const HoldActionRequest = z.object({ reason: AdminReason })
export const HoldParams = z.object({ holdId: z.uuid() })
export const HoldActionResponse = z.object({
  id: Uuid,
  status: z.enum(['voided', 'expired']),
  adminAction: z.enum(['released', 'force_expired']),
})

/** Investigate: one search (an id, an on-chain hash or a reference) and everything it leads to. */
export const InvestigateQuery = z.object({
  q: z.string().trim().min(1, messageKey('enter_reference')).max(200),
})

/** What an investigation can find, by the table it lives in. */
export const INVESTIGATE_KINDS = [
  'card_authorization',
  'withdrawal',
  'deposit',
  'bridge_transfer',
  'pix_charge',
  'pix_payment',
  'bank_deposit',
  'bank_send',
  'failed_recon',
  'manual_refund',
] as const
/** Every status those records and holds can be in (each table's CHECK constraint). */
export const INVESTIGATE_STATUSES = [
  'approved',
  'declined',
  'cleared',
  'reversed',
  'expired',
  'refunded',
  'delayed',
  'broadcast',
  'confirmed',
  'failed',
  'cancelled',
  'replaced',
  'pending',
  'credited',
  'confirming',
  'in_flight',
  'delivered',
  'payload_stored',
  'paid',
  'quoted',
  'completed',
  'returned',
  'processing',
  'open',
  'matched',
  'written_off',
  'pending_approval',
  'posted',
  'rejected',
  'voided',
] as const
/**
 * A lifecycle's moments: a record's own (created, requested, authorized, the end of a withdrawal's security delay,
 * a recon recorded), a hold reserved or resolved, a journal posted, or the status a record reached.
 */
export const INVESTIGATE_STATES = [
  'created',
  'requested',
  'authorized',
  'security_delay_ends',
  'recon_recorded',
  'hold_reserved',
  'hold_posted',
  'hold_voided',
  'hold_expired',
  'journal_posted',
  ...INVESTIGATE_STATUSES,
] as const
export type InvestigateState = (typeof INVESTIGATE_STATES)[number]

/**
 * One record a search found: its kind and status as codes, and `details`, what names it as data (a merchant and a
 * network id, a destination, hashes and references, a reviewer's reason), for the page to show in its language.
 */
export const InvestigateRecord = z.object({
  kind: z.enum(INVESTIGATE_KINDS),
  id: z.string(),
  status: z.enum(INVESTIGATE_STATUSES),
  details: z.array(z.string()),
  accountId: Uuid.nullable(),
  amount: DecimalString.nullable(),
  asset: z.string().nullable(),
})
/** One state in a lifecycle; `amount` (with `asset`) when the state moved or reserved money. */
export const TimelineEvent = z.object({
  at: IsoDateTime,
  state: z.enum(INVESTIGATE_STATES),
  /** A code or words as recorded: a decline's code, a transaction hash, a reviewer's or admin's reason. */
  detail: z.string().nullable(),
  /** A hold an admin resolved by hand: what they did (their reason is the detail). */
  adminAction: z.enum(['released', 'force_expired']).nullable().optional(),
  /** A journal's title, for a ledger event. */
  title: MovementTitleSchema.nullable().optional(),
  /** Why it failed or went back, for a withdrawal, bridge or bank transfer. */
  reason: MovementReasonSchema.nullable().optional(),
  amount: DecimalString.nullable().optional(),
  asset: z.string().nullable().optional(),
  source: z.string(),
})
export const InvestigateEntry = z.object({
  ledgerAccountId: Uuid,
  code: z.string(),
  owner: z.string(),
  side: z.enum(['debit', 'credit']),
  asset: z.string(),
  amount: DecimalString,
})
export const InvestigateJournal = z.object({
  id: Uuid,
  kind: z.string(),
  title: MovementTitleSchema,
  reference: z.string().nullable(),
  holdId: Uuid.nullable(),
  createdAt: IsoDateTime,
  entries: z.array(InvestigateEntry),
})
export const InvestigateHold = z.object({
  id: Uuid,
  kind: z.string(),
  status: z.enum(['pending', 'posted', 'voided', 'expired']),
  amount: DecimalString,
  postedAmount: DecimalString.nullable(),
  asset: z.string(),
  title: MovementTitleSchema,
  createdAt: IsoDateTime,
  expiresAt: IsoDateTime,
  resolvedAt: IsoDateTime.nullable(),
  adminAction: z.enum(['released', 'force_expired']).nullable(),
})
export const InvestigateResponse = z
  .object({
    query: z.string(),
    records: z.array(InvestigateRecord),
    timeline: z.array(TimelineEvent),
    journals: z.array(InvestigateJournal),
    holds: z.array(InvestigateHold),
  })
  .meta({ id: 'Investigation' })
export type InvestigateResponse = z.infer<typeof InvestigateResponse>
