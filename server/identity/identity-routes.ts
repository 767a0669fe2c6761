import { ApiErrorSchema, refusalSays } from '../../domain/api/common.schema'
import { say } from '../../domain/error-message'
import type { Context } from 'hono'
import { z } from 'zod'
import { AccountParams } from '../../domain/api/account.schema'
import {
  ApplicationSummary,
  DecisionBody,
  DocumentFile,
  KybBody,
  KycBody,
  MoreInfoBody,
  UploadDocumentBody,
  UploadedDocument,
  VerificationView,
} from '../../domain/api/identity.schema'
import { DomainError } from '../../domain/errors'
import { MAX_UPLOAD_BODY_BYTES } from '../../domain/identity'
import { recordAudit } from '../audit/audit'
import { ownAccountRefusal, refuseOwnAccount } from '../admin/own-account'
import { defineRoute, type Deps } from '../http/route-table'
import type { Tx } from '../db/connect'
import { dataKeys } from '../security/data-keys'
import { openText } from '../security/field-crypto'
import { answerMoreInfo, latestKyb, latestKyc, submitKyb, submitKyc, verificationView } from './application-service'
import { decideApplication, type ApplicationRow } from './decision-service'
import { documentsOf, fetchDocument, uploadDocument } from './document-service'
import { decisionEvent } from './identity-provider'

const managers = { kind: 'account', roles: ['owner', 'admin'] } as const
const origin = (c: Context) => new URL(c.req.url).origin
const inTx = <T>(deps: Deps, work: (tx: Tx) => Promise<T>) => deps.db.kysely.transaction().execute(work)

async function kycView(db: Tx, userId: string) {
  const user = await db
    .selectFrom('users')
    .select(['kyc_status', 'kyc_reason'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  const app = await latestKyc(db, userId)
  return verificationView(user.kyc_status, user.kyc_reason, app ? [app] : [])
}

async function kybView(db: Tx, accountId: string) {
  const account = await db
    .selectFrom('accounts')
    .select(['kyb_status', 'kyb_reason'])
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow()
  const latest = await latestKyb(db, accountId)
  return verificationView(account.kyb_status, account.kyb_reason, latest ? [latest.root] : [], latest?.owners ?? [])
}

async function summaries(deps: Deps, db: Tx, rows: ApplicationRow[]) {
  const docs = await documentsOf(
    db,
    rows.map((r) => r.id),
  )
  const keys = dataKeys(deps.config)
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    reference: r.provider_ref,
    subject: r.subject_name,
    userId: r.user_id,
    accountId: r.account_id,
    parentId: r.parent_id,
    status: r.status,
    reason: r.reason,
    requestedDocument: r.requested_document as z.output<typeof ApplicationSummary>['requestedDocument'],
    round: r.round,
    submittedAt: r.submitted_at.toISOString(),
    decidedAt: r.decided_at?.toISOString() ?? null,
    decidedBy: r.decided_source ? { source: r.decided_source, userId: r.decided_by } : null,
    details: JSON.parse(openText(keys, 'identity_applications.details', r.details)) as Record<string, unknown>,
    documents: docs.filter((d) => d.applicationId === r.id).map(({ applicationId: _a, ...d }) => d),
  }))
}

export const identityRoutes = [
  defineRoute({
    method: 'post',
    path: '/identity/documents',
    summary:
      'Upload one identity or company document (JSON, base64 `content`; at most 5 MB; JPEG or PNG, ' +
      'or PDF for company documents, judged by the file’s bytes). Answers its id for an application.',
    tag: 'identity',
    access: { kind: 'user' },
    status: 201,
    maxBody: {
      bytes: MAX_UPLOAD_BODY_BYTES,
      field: 'file',
      message: say('file_over_5_mb'),
    },
    body: UploadDocumentBody,
    response: UploadedDocument,
    handler: ({ deps, body, principal }) => inTx(deps, (tx) => uploadDocument(deps, tx, principal!.userId, body)),
  }),
  defineRoute({
    method: 'get',
    path: '/kyc',
    summary: 'Your identity verification (KYC): status, reason, the document asked for, the expected decision time',
    tag: 'identity',
    access: { kind: 'user' },
    response: VerificationView,
    handler: ({ db, principal }) => kycView(db, principal!.userId),
  }),
  defineRoute({
    method: 'post',
    path: '/kyc',
    summary:
      'Submit your KYC (when not started, or again after a rejection): legal name, birth ' +
      'date (18+), address, nationality, photo ID and selfie (uploaded document ids)',
    tag: 'identity',
    access: { kind: 'user' },
    status: 201,
    body: KycBody,
    response: VerificationView,
    handler: ({ c, deps, body, principal }) =>
      inTx(deps, async (tx) => {
        await submitKyc(deps, tx, principal!.userId, body, origin(c))
        return kycView(tx, principal!.userId)
      }),
  }),
  defineRoute({
    method: 'post',
    path: '/kyc/more-info',
    summary: 'Send the one document the provider asked for (an uploaded document id of that kind)',
    tag: 'identity',
    access: { kind: 'user' },
    body: MoreInfoBody,
    response: VerificationView,
    handler: ({ deps, body, principal }) =>
      inTx(deps, async (tx) => {
        await answerMoreInfo(deps, tx, principal!.userId, await latestKyc(tx, principal!.userId), body.documentId)
        return kycView(tx, principal!.userId)
      }),
  }),
  defineRoute({
    method: 'get',
    path: '/accounts/:accountId/kyb',
    summary: 'The company’s verification (KYB), with each beneficial owner’s own check (owners and admins)',
    tag: 'identity',
    access: managers,
    params: AccountParams,
    response: VerificationView,
    handler: ({ db, params }) => kybView(db, params.accountId),
  }),
  defineRoute({
    method: 'post',
    path: '/accounts/:accountId/kyb',
    whenFrozen: 'allow',
    summary:
      'Submit the company’s KYB (owners and admins): company, registration, address, ' +
      'beneficial owners (each ≥ 25 %, total ≤ 100 %, with their ID), documents',
    tag: 'identity',
    access: managers,
    status: 201,
    params: AccountParams,
    body: KybBody,
    response: VerificationView,
    handler: ({ c, deps, params, body, principal }) =>
      inTx(deps, async (tx) => {
        await submitKyb(deps, tx, principal!.userId, params.accountId, body, origin(c))
        return kybView(tx, params.accountId)
      }),
  }),
  defineRoute({
    method: 'post',
    path: '/accounts/:accountId/kyb/more-info',
    whenFrozen: 'allow',
    summary:
      'Send the one document the provider asked for, for the company ' +
      'or one of its owners (`applicationId` from `requested`)',
    tag: 'identity',
    access: managers,
    params: AccountParams,
    body: MoreInfoBody,
    response: VerificationView,
    handler: ({ deps, params, body, principal }) =>
      inTx(deps, async (tx) => {
        const latest = await latestKyb(tx, params.accountId)
        const app = latest
          ? [latest.root, ...latest.owners].find((a) => a.id === (body.applicationId ?? latest.root.id))
          : undefined
        await answerMoreInfo(deps, tx, principal!.userId, app, body.documentId)
        return kybView(tx, params.accountId)
      }),
  }),
  defineRoute({
    method: 'get',
    path: '/admin/identity-applications',
    summary:
      'Identity applications (KYC, KYB and owners’ KYC) with their documents: ' +
      '`status=open` (submitted or in review, the default) or `all`',
    tag: 'admin',
    access: { kind: 'platform_admin' },
    query: z.object({ status: z.enum(['open', 'all']).default('open') }),
    response: z.object({ items: z.array(ApplicationSummary) }),
    handler: async ({ deps, db, query }) => {
      let q = db.selectFrom('identity_applications').selectAll().orderBy('submitted_at').limit(200)
      if (query.status === 'open') q = q.where('status', 'in', ['submitted', 'in_review'])
      return { items: await summaries(deps, db, await q.execute()) }
    },
  }),
  defineRoute({
    method: 'post',
    path: '/admin/identity-applications/:applicationId/decision',
    summary:
      'Decide an open application: approve, reject (reason required) or ask for one document; records who and when',
    tag: 'admin',
    access: { kind: 'platform_admin' },
    params: z.object({ applicationId: z.uuid() }),
    body: DecisionBody,
    response: ApplicationSummary,
    handler: ({ deps, params, body, principal }) =>
      inTx(deps, async (tx) => {
        const app = await tx
          .selectFrom('identity_applications')
          .selectAll()
          .where('id', '=', params.applicationId)
          .forUpdate()
          .executeTakeFirst()
        if (!app) throw new DomainError('not_found', say('no_such_application'))
        // One audit line on the record the decision changes: the person (KYC), the company (KYB), else the owner's
        // application.
        const subject =
          app.kind === 'kyc' && app.user_id && !app.parent_id
            ? { subjectType: 'user' as const, subjectId: app.user_id }
            : app.kind === 'kyb' && app.account_id
              ? { subjectType: 'account' as const, subjectId: app.account_id }
              : { subjectType: 'identity_application' as const, subjectId: app.id }
        const attempt = { action: `${app.kind}.decide`, ...subject }
        // Never an admin's own KYC, nor a company's (or its owners') they belong to: another admin decides.
        if (app.user_id === principal!.userId) throw ownAccountRefusal(deps, principal!.userId, attempt)
        if (app.account_id) await refuseOwnAccount(deps, tx, principal!.userId, app.account_id, attempt)
        const decided = await decideApplication(deps, tx, app, body, { source: 'admin', userId: principal!.userId })
        const state = (a: typeof app) => ({
          kind: a.kind,
          status: a.status,
          reason: a.reason,
          requestedDocument: a.requested_document,
        })
        await recordAudit(deps, tx, {
          actorId: principal!.userId,
          action: `${app.kind}.decide`,
          ...subject,
          reason: decided.reason,
          before: state(app),
          after: state(decided),
        })
        return (await summaries(deps, tx, [decided]))[0]!
      }),
  }),
  defineRoute({
    method: 'get',
    path: '/admin/identity-documents/:documentId',
    summary:
      'One uploaded document with its content (base64) — platform ' +
      'admins only; never cached; each view is written to the audit log',
    tag: 'admin',
    access: { kind: 'platform_admin' },
    params: z.object({ documentId: z.uuid() }),
    response: DocumentFile,
    handler: ({ c, deps, params, principal }) =>
      inTx(deps, async (tx) => {
        c.header('Cache-Control', 'no-store')
        const { applicationId, uploadedBy, ...file } = await fetchDocument(deps, tx, params.documentId)
        // Who opened which identity document, in the transaction that hands it out: no view goes unrecorded.
        await recordAudit(deps, tx, {
          actorId: principal!.userId,
          action: 'identity_document.view',
          subjectType: 'identity_document',
          subjectId: file.id,
          before: null,
          after: { kind: file.kind, applicationId, uploadedBy },
        })
        return file
      }),
  }),
  defineRoute({
    method: 'post',
    path: '/sandbox/identity-applications/:reference/decide',
    summary:
      'The sandbox identity provider decides an application now (a signed `identity` webhook, delivered at once)',
    tag: 'sandbox',
    access: { kind: 'platform_admin' },
    sandbox: true,
    params: z.object({ reference: z.string().min(1).max(64) }),
    body: DecisionBody,
    response: z.object({ eventId: z.string(), status: z.string(), ignored: z.boolean() }),
    handler: async ({ deps, db, params, body }) => {
      const app = await db
        .selectFrom('identity_applications')
        .select('round')
        .where('provider_ref', '=', params.reference)
        .executeTakeFirst()
      if (!app) throw new DomainError('not_found', say('no_identity_application'))
      const event = {
        id: `evt_${deps.newId().replaceAll('-', '')}`,
        type: 'application.decided',
        created: deps.now().toISOString(),
        data: decisionEvent(params.reference, app.round, body),
      }
      const answer = await deps.deliverWebhook!({ provider: 'identity', event })
      const json = (await answer.json()) as {
        result?: { status: string; ignored: boolean }
        error?: unknown
      }
      if (!answer.ok || !json.result)
        throw new DomainError(
          'invalid_request',
          refusalSays(ApiErrorSchema.safeParse(json).data?.error, say('provider_event_refused')),
        )
      return { eventId: event.id, ...json.result }
    },
  }),
]
