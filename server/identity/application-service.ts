import { type FieldMessages, say } from '../../domain/error-message'
import type { KybBody, KycBody, VerificationView } from '../../domain/api/identity.schema'
import { DomainError } from '../../domain/errors'
import {
  assertAdult,
  assertOwnership,
  canApply,
  verificationReasonText,
  type DocumentKind,
  type VerificationReason,
} from '../../domain/identity'
import type { Deps } from '../http/route-table'
import type { Tx } from '../db/connect'
import { dataKeys } from '../security/data-keys'
import { sealText } from '../security/field-crypto'
import { refreshSubject, type ApplicationRow } from './decision-service'
import { attachDocuments, checkDocuments, idSlots, type DocumentSlot } from './document-service'
import { decisionEta, newProviderRef, sendToProvider } from './identity-provider'

/** Today's calendar date, in UTC, for the age rule. */
const today = (now: Date) => now.toISOString().slice(0, 10)

type NewApplication = {
  kind: 'kyc' | 'kyb'
  userId: string | null
  accountId: string | null
  parentId: string | null
  subjectName: string
  details: Record<string, unknown>
  slots: DocumentSlot[]
}

async function createApplication(
  deps: Deps,
  db: Tx,
  submittedBy: string,
  origin: string,
  a: NewApplication,
): Promise<ApplicationRow> {
  const row = await db
    .insertInto('identity_applications')
    .values({
      id: deps.newId(),
      kind: a.kind,
      user_id: a.userId,
      account_id: a.accountId,
      parent_id: a.parentId,
      submitted_by: submittedBy,
      subject_name: a.subjectName,
      provider_ref: newProviderRef(deps),
      status: 'submitted',
      details: sealText(dataKeys(deps.config), 'identity_applications.details', JSON.stringify(a.details)),
      origin,
      submitted_at: deps.now(),
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  await attachDocuments(db, row.id, a.slots)
  await sendToProvider(deps, db, {
    reference: row.provider_ref,
    subjectName: a.subjectName,
    subject: a.kind === 'kyb' ? 'company' : 'person',
    round: 1,
  })
  return row
}

/** A person's KYC: checks age and documents, creates the application at the provider, status → submitted. */
export async function submitKyc(deps: Deps, db: Tx, userId: string, body: KycBody, origin: string): Promise<void> {
  const user = await db
    .selectFrom('users')
    .select('kyc_status')
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirstOrThrow()
  if (!canApply(user.kyc_status)) throw new DomainError('verification_open')
  assertAdult(body.birthDate, today(deps.now()))
  const slots = [
    ...idSlots('idDocument', body.idDocument),
    { field: 'selfie', id: body.selfie, kind: 'selfie' as const },
  ]
  await checkDocuments(db, userId, slots)
  const { idDocument, selfie: _selfie, ...details } = body
  const row = await createApplication(deps, db, userId, origin, {
    kind: 'kyc',
    userId,
    accountId: null,
    parentId: null,
    subjectName: body.legalName,
    details: { ...details, idType: idDocument.type },
    slots,
  })
  await refreshSubject(deps, db, row)
}

/** A company's KYB: the company's check plus one KYC per beneficial owner, each decided by the provider. */
export async function submitKyb(
  deps: Deps,
  db: Tx,
  userId: string,
  accountId: string,
  body: KybBody,
  origin: string,
): Promise<void> {
  const account = await db
    .selectFrom('accounts')
    .select(['kind', 'kyb_status'])
    .where('id', '=', accountId)
    .forNoKeyUpdate()
    .executeTakeFirstOrThrow()
  if (account.kind !== 'corporate') throw new DomainError('forbidden', say('kyb_for_companies'))
  if (!canApply(account.kyb_status)) throw new DomainError('verification_open')
  const fields: FieldMessages = {}
  body.owners.forEach((o, i) => {
    try {
      assertAdult(o.birthDate, today(deps.now()), `owners.${i}.birthDate`)
    } catch (e) {
      if (!(e instanceof DomainError) || !e.fieldMessages) throw e
      Object.assign(fields, e.fieldMessages)
    }
  })
  if (Object.keys(fields).length) throw new DomainError('invalid_request', say('owners_must_be_adults'), fields)
  assertOwnership(body.owners.map((o) => o.ownership))
  const companySlots: DocumentSlot[] = [
    {
      field: 'documents.certificateOfIncorporation',
      id: body.documents.certificateOfIncorporation,
      kind: 'certificate_of_incorporation',
    },
    { field: 'documents.proofOfAddress', id: body.documents.proofOfAddress, kind: 'proof_of_address' },
  ]
  const ownerSlots = body.owners.map((o, i) => idSlots(`owners.${i}.idDocument`, o.idDocument))
  await checkDocuments(db, userId, [...companySlots, ...ownerSlots.flat()])
  const { owners, documents: _documents, ...company } = body
  const root = await createApplication(deps, db, userId, origin, {
    kind: 'kyb',
    userId: null,
    accountId,
    parentId: null,
    subjectName: body.companyName,
    details: company,
    slots: companySlots,
  })
  for (const [i, o] of owners.entries()) {
    const { idDocument, ...details } = o
    await createApplication(deps, db, userId, origin, {
      kind: 'kyc',
      userId: null,
      accountId,
      parentId: root.id,
      subjectName: o.name,
      details: { ...details, idType: idDocument.type },
      slots: ownerSlots[i]!,
    })
  }
  await refreshSubject(deps, db, root)
}

/**
 * Answers the provider's request for more information with the one document it named: a new round at the
 * provider (the application is submitted again; the earlier decision's who and when are cleared).
 */
export async function answerMoreInfo(
  deps: Deps,
  db: Tx,
  userId: string,
  app: ApplicationRow | undefined,
  documentId: string,
): Promise<void> {
  if (app?.status !== 'more_info_needed' || !app.requested_document) throw new DomainError('no_info_requested')
  const slots = [{ field: 'documentId', id: documentId, kind: app.requested_document as DocumentKind }]
  await checkDocuments(db, userId, slots)
  const round = app.round + 1
  const updated = await db
    .updateTable('identity_applications')
    .set({
      status: 'submitted',
      round,
      requested_document: null,
      reason: null,
      decided_at: null,
      decided_by: null,
      decided_source: null,
      submitted_at: deps.now(),
    })
    .where('id', '=', app.id)
    .returningAll()
    .executeTakeFirstOrThrow()
  await attachDocuments(db, app.id, slots)
  await sendToProvider(deps, db, {
    reference: app.provider_ref,
    subjectName: app.subject_name,
    subject: app.kind === 'kyb' ? 'company' : 'person',
    round,
  })
  await refreshSubject(deps, db, updated)
}

/** The latest KYC application of a person. */
export const latestKyc = (db: Tx, userId: string) =>
  db
    .selectFrom('identity_applications')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', 'kyc')
    .orderBy('submitted_at', 'desc')
    .orderBy('id')
    .limit(1)
    .forUpdate()
    .executeTakeFirst()

/** The latest KYB application of a company, with its owners' applications. */
export async function latestKyb(
  db: Tx,
  accountId: string,
): Promise<{ root: ApplicationRow; owners: ApplicationRow[] } | null> {
  const root = await db
    .selectFrom('identity_applications')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('kind', '=', 'kyb')
    .orderBy('submitted_at', 'desc')
    .limit(1)
    .executeTakeFirst()
  if (!root) return null
  const owners = await db
    .selectFrom('identity_applications')
    .selectAll()
    .where('parent_id', '=', root.id)
    .orderBy('subject_name')
    .execute()
  return { root, owners }
}

/**
 * What the page shows: the stored status (which sandbox controls may also set), the reason, the one
 * document asked for, and when a decision is expected.
 */
export function verificationView(
  status: VerificationView['status'],
  reason: VerificationReason | null,
  apps: ApplicationRow[],
  owners: ApplicationRow[] = [],
): VerificationView {
  const main = apps[0]
  const asking =
    status === 'more_info_needed'
      ? [...apps, ...owners].find((a) => a.status === 'more_info_needed' && a.requested_document)
      : undefined
  const open = status === 'submitted' || status === 'in_review'
  const latestSubmit = [...apps, ...owners].reduce<Date | null>(
    (t, a) => (t && t > a.submitted_at ? t : a.submitted_at),
    null,
  )
  const decided = [...apps, ...owners].map((a) => a.decided_at).filter((d): d is Date => d !== null)
  return {
    status,
    reason: reason && verificationReasonText(reason, 'en-US'),
    requested: asking
      ? {
          applicationId: asking.id,
          document: asking.requested_document as DocumentKind,
          subject: asking.kind === 'kyc' && asking.parent_id ? asking.subject_name : null,
        }
      : null,
    submittedAt: main ? main.submitted_at.toISOString() : null,
    eta: open && latestSubmit ? decisionEta(latestSubmit).toISOString() : null,
    decidedAt: !open && decided.length ? new Date(Math.max(...decided.map((d) => d.getTime()))).toISOString() : null,
    owners: owners.map((o) => ({ name: o.subject_name, status: o.status })),
  }
}
