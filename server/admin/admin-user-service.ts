import { verificationReasonText } from '../../domain/identity'
import { say } from '../../domain/error-message'
import { sql } from 'kysely'
import { DomainError } from '../../domain/errors'
import type { AdminUserDetail } from '../../domain/api/admin-people.schema'
import { liveSessionCount, membershipsOf } from '../auth/session-service'
import type { Deps } from '../http/route-table'
import type { Tx } from '../db/connect'
import { likePattern, parseSearch } from './admin-search'

const summary = (u: {
  id: string
  email: string
  name: string
  platform_role: 'user' | 'admin'
  kyc_status: AdminUserDetail['user']['kycStatus']
  created_at: Date
}) => ({
  id: u.id,
  email: u.email,
  name: u.name,
  platformRole: u.platform_role,
  kycStatus: u.kyc_status,
  createdAt: u.created_at.toISOString(),
})

/**
 * Finds people by e-mail (prefix), name (anywhere), the safe address or id of an account they belong to, or
 * their user id; case-insensitive. At most 50, by e-mail.
 */
export async function searchUsers(db: Tx, raw: string) {
  const term = parseSearch(raw)
  let q = db
    .selectFrom('users as u')
    .select(['u.id', 'u.email', 'u.name', 'u.platform_role', 'u.kyc_status', 'u.created_at'])
  const members = () =>
    db.selectFrom('account_members as m').innerJoin('accounts as a', 'a.id', 'm.account_id').select('m.user_id')
  if (term.kind === 'id')
    q = q.where((eb) =>
      eb.or([eb('u.id', '=', term.value), eb('u.id', 'in', members().where('a.id', '=', term.value))]),
    )
  else if (term.kind === 'address')
    q = q.where(
      'u.id',
      'in',
      members().where(sql<string>`lower(a.safe_address)`, 'like', likePattern(term.value, 'prefix')),
    )
  else if (term.kind === 'email') q = q.where(sql<string>`lower(u.email)`, 'like', likePattern(term.value, 'prefix'))
  else
    q = q.where((eb) =>
      eb.or([
        eb(sql<string>`lower(u.email)`, 'like', likePattern(term.value, 'prefix')),
        eb(sql<string>`lower(u.name)`, 'like', likePattern(term.value, 'anywhere')),
      ]),
    )
  const rows = await q.orderBy('u.email').limit(50).execute()
  return { items: rows.map(summary) }
}

/** One person as staff see them: profile, KYC, the accounts they belong to, live sessions, open KYC applications. */
export async function userDetail(
  deps: Pick<Deps, 'config' | 'wallClock'>,
  db: Tx,
  userId: string,
): Promise<AdminUserDetail> {
  const u = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst()
  if (!u) throw new DomainError('not_found', say('no_such_user'))
  const memberships = await membershipsOf(db, userId)
  const sessions = await liveSessionCount(deps, db, userId)
  const open = await db
    .selectFrom('identity_applications')
    .select(['id', 'kind', 'status', 'subject_name', 'submitted_at'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'kyc')
    .where('status', 'in', ['submitted', 'in_review'])
    .orderBy('submitted_at')
    .execute()
  return {
    user: {
      ...summary(u),
      kycReason: u.kyc_reason && verificationReasonText(u.kyc_reason, 'en-US'),
      kycReasonKey: u.kyc_reason,
      language: u.language,
    },
    memberships,
    activeSessions: sessions,
    openApplications: open.map((a) => ({
      id: a.id,
      kind: a.kind,
      status: a.status,
      subjectName: a.subject_name,
      submittedAt: a.submitted_at.toISOString(),
    })),
  }
}
