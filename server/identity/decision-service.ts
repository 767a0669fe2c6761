import { say } from '../../domain/error-message'
import type { Selectable } from 'kysely'
import { z } from 'zod'
import { providerText } from '../../domain/plain-name'
import type { DecisionBody } from '../../domain/api/identity.schema'
import type { VerificationStatus } from '../../domain/card-issuing'
import { DomainError } from '../../domain/errors'
import {
  combineKyb,
  DOCUMENT_KINDS,
  DOCUMENT_LABELS,
  DOCUMENT_LABELS_PT_BR,
  verificationReason,
  type DocumentKind,
  type VerificationReason,
} from '../../domain/identity'
import type { IdentityApplicationsTable } from '../db/schema'
import type { Deps } from '../http/route-table'
import type { Tx } from '../db/connect'
import { sendMail } from '../mail/mail-service'
import { mailLanguage, type MailedVerificationStatus, type MailLanguage } from '../mail/templates'

export type ApplicationRow = Selectable<IdentityApplicationsTable>

/** The outcomes the applicant hears of by mail. */
const mailed = (status: VerificationStatus): status is MailedVerificationStatus =>
  status === 'approved' || status === 'rejected' || status === 'more_info_needed'

type Reasoned = Pick<ApplicationRow, 'status' | 'reason' | 'requested_document' | 'subject_name'>

/** How each language names a beneficial owner's part in a reason: the document and the owner's rejection. */
const OWNER_WORDS = {
  en: { documents: DOCUMENT_LABELS, of: 'of', owner: 'Beneficial owner', rejected: 'rejected' },
  'pt-BR': { documents: DOCUMENT_LABELS_PT_BR, of: 'de', owner: 'Sócio', rejected: 'recusado' },
} as const

/**
 * The reason as a mail in `language` says it: the reviewer's words as written (naming the owner they rejected), or
 * the document asked for by its name there (and whose).
 */
function mailReason(app: Reasoned, owner: boolean, language: MailLanguage): string | null {
  const w = OWNER_WORDS[language]
  if (app.status === 'rejected')
    return owner ? `${w.owner} ${app.subject_name}: ${app.reason ?? w.rejected}` : app.reason
  if (app.status === 'more_info_needed' && app.requested_document)
    return `${w.documents[app.requested_document as DocumentKind]}${owner ? ` ${w.of} ${app.subject_name}` : ''}`
  return null
}

/**
 * The reason stored with a status (and shown by the card gate), as data: the provider's or reviewer's words alone
 * (which owner was rejected is in the view's owners, worded by the page), or the document asked for and whose.
 */
function reasonOf(app: Reasoned, owner: boolean): string | null {
  let reason: VerificationReason | null = null
  if (app.status === 'rejected' && app.reason !== null) reason = verificationReason('note', { text: app.reason })
  else if (app.status === 'more_info_needed' && app.requested_document)
    reason = verificationReason('document', {
      document: app.requested_document as DocumentKind,
      owner: owner ? app.subject_name : null,
    })
  return reason && JSON.stringify(reason)
}

/**
 * Brings the person's `kyc_status` or the company's `kyb_status` in line with its applications, and mails
 * the applicant when that status became a decision.
 */
export async function refreshSubject(deps: Deps, db: Tx, app: ApplicationRow): Promise<void> {
  if (app.kind === 'kyc' && app.user_id) {
    const user = await db
      .selectFrom('users')
      .select(['email', 'kyc_status', 'language'])
      .where('id', '=', app.user_id)
      .executeTakeFirstOrThrow()
    const reason = reasonOf(app, false)
    await db
      .updateTable('users')
      .set({ kyc_status: app.status, kyc_reason: reason })
      .where('id', '=', app.user_id)
      .execute()
    if (mailed(app.status) && user.kyc_status !== app.status) {
      const language = mailLanguage(user.language)
      await sendMail(deps, db, user.email, 'verificationUpdate', {
        what: 'KYC',
        status: app.status,
        reason: mailReason(app, false, language),
        link: `${app.origin}/app/cash/kyc`,
        language,
      })
    }
    return
  }
  const rootId = app.kind === 'kyb' ? app.id : app.parent_id!
  const group = await db
    .selectFrom('identity_applications')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', rootId), eb('parent_id', '=', rootId)]))
    .orderBy('submitted_at')
    .execute()
  const root = group.find((g) => g.id === rootId)!
  const status = combineKyb(group.map((g) => g.status))
  const deciding = group.find((g) => g.status === status)
  const reason =
    deciding && (status === 'rejected' || status === 'more_info_needed')
      ? reasonOf(deciding, deciding.kind === 'kyc')
      : null
  const account = await db
    .selectFrom('accounts')
    .select('kyb_status')
    .where('id', '=', root.account_id!)
    .executeTakeFirstOrThrow()
  await db
    .updateTable('accounts')
    .set({ kyb_status: status, kyb_reason: reason })
    .where('id', '=', root.account_id!)
    .execute()
  if (mailed(status) && account.kyb_status !== status) {
    for (const to of await kybDecisionRecipients(db, root.account_id!, root.submitted_by)) {
      const language = mailLanguage(to.language)
      await sendMail(deps, db, to.email, 'verificationUpdate', {
        what: 'KYB',
        status,
        reason:
          deciding && (status === 'rejected' || status === 'more_info_needed')
            ? mailReason(deciding, deciding.kind === 'kyc', language)
            : null,
        link: `${root.origin}/app/cash/kyb`,
        language,
      })
    }
  }
}

/**
 * Who is mailed a company's verification decision: whoever submitted it while they still manage the company
 * (owner or admin, who see its KYB), else its owners. Someone removed or made a member hears nothing more of it.
 */
async function kybDecisionRecipients(db: Tx, accountId: string, submittedBy: string) {
  const managers = await db
    .selectFrom('account_members')
    .innerJoin('users', 'users.id', 'account_members.user_id')
    .select(['users.id', 'users.email', 'users.language', 'account_members.role'])
    .where('account_members.account_id', '=', accountId)
    .where('account_members.role', 'in', ['owner', 'admin'])
    .orderBy('users.email')
    .execute()
  const submitter = managers.filter((m) => m.id === submittedBy)
  return submitter.length > 0 ? submitter : managers.filter((m) => m.role === 'owner')
}

/** Records a decision on an open application (submitted or in review), with who decided and when. */
export async function decideApplication(
  deps: Deps,
  db: Tx,
  app: ApplicationRow,
  decision: DecisionBody,
  by: { source: 'provider' | 'admin'; userId: string | null },
): Promise<ApplicationRow> {
  if (app.status !== 'submitted' && app.status !== 'in_review') throw new DomainError('application_decided')
  const decided = await db
    .updateTable('identity_applications')
    .set({
      status: decision.decision,
      reason: decision.decision === 'rejected' ? decision.reason : null,
      requested_document: decision.decision === 'more_info_needed' ? decision.document : null,
      decided_at: deps.now(),
      decided_source: by.source,
      decided_by: by.userId,
    })
    .where('id', '=', app.id)
    .returningAll()
    .executeTakeFirstOrThrow()
  await refreshSubject(deps, db, decided)
  return decided
}

const EventRef = z.object({ reference: z.string().min(1), round: z.number().int().positive() })
const DecidedEvent = EventRef.and(
  z.discriminatedUnion('decision', [
    z.object({ decision: z.literal('approved') }),
    // The reviewer's words, which the applicant reads on the page and in a mail: one line.
    z.object({ decision: z.literal('rejected'), reason: providerText.pipe(z.string().min(1)) }),
    z.object({ decision: z.literal('more_info_needed'), document: z.enum(DOCUMENT_KINDS) }),
  ]),
)

const openApplication = (db: Tx, reference: string) =>
  db
    .selectFrom('identity_applications')
    .selectAll()
    .where('provider_ref', '=', reference)
    .forUpdate()
    .executeTakeFirst()

/**
 * The identity provider's webhook events. An event for an earlier round, or for an application already
 * decided (by an admin, say), changes nothing: the provider's word does not overrule a later one.
 */
export const identityEvents = {
  'application.in_review': async (deps: Deps, db: Tx, data: unknown) => {
    const event = EventRef.parse(data)
    const app = await openApplication(db, event.reference)
    if (!app) throw new DomainError('not_found', say('identity_application_unknown', { reference: event.reference }))
    if (app.round !== event.round || app.status !== 'submitted') return { ignored: true, status: app.status }
    const updated = await db
      .updateTable('identity_applications')
      .set({ status: 'in_review' })
      .where('id', '=', app.id)
      .returningAll()
      .executeTakeFirstOrThrow()
    await refreshSubject(deps, db, updated)
    return { ignored: false, status: 'in_review' }
  },
  'application.decided': async (deps: Deps, db: Tx, data: unknown) => {
    const event = DecidedEvent.parse(data)
    const app = await openApplication(db, event.reference)
    if (!app) throw new DomainError('not_found', say('identity_application_unknown', { reference: event.reference }))
    if (app.round !== event.round || (app.status !== 'submitted' && app.status !== 'in_review'))
      return { ignored: true, status: app.status }
    const decided = await decideApplication(deps, db, app, event, { source: 'provider', userId: null })
    return { ignored: false, status: decided.status }
  },
}
