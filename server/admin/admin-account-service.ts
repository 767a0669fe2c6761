import { verificationReasonText } from '../../domain/identity'
import { say } from '../../domain/error-message'
import { sql } from 'kysely'
import { DomainError } from '../../domain/errors'
import type { AdminAccountDetail } from '../../domain/api/admin-people.schema'
import { getActivity, getBalances } from '../accounts/account-service'
import type { Deps } from '../http/route-table'
import type { Tx } from '../db/connect'
import { likePattern, parseSearch } from './admin-search'
import { cardSummaries } from './admin-card-service'

const summary = (a: {
  id: string
  kind: 'personal' | 'corporate'
  name: string
  safe_address: string | null
  tier: 'core' | 'luxe' | 'pinnacle' | 'vip'
  frozen_at: Date | null
}) => ({
  id: a.id,
  kind: a.kind,
  name: a.name,
  safeAddress: a.safe_address,
  tier: a.tier,
  frozen: a.frozen_at !== null,
})

/**
 * Finds accounts by id, safe address (prefix), a member's e-mail (prefix) or user id, or the account's name;
 * case-insensitive. One result means the search named the account.
 */
export async function searchAccounts(db: Tx, raw: string) {
  const term = parseSearch(raw)
  let q = db.selectFrom('accounts as a').select(['a.id', 'a.kind', 'a.name', 'a.safe_address', 'a.tier', 'a.frozen_at'])
  const members = () =>
    db.selectFrom('account_members as m').innerJoin('users as u', 'u.id', 'm.user_id').select('m.account_id')
  if (term.kind === 'id')
    q = q.where((eb) =>
      eb.or([eb('a.id', '=', term.value), eb('a.id', 'in', members().where('u.id', '=', term.value))]),
    )
  else if (term.kind === 'address')
    q = q.where(sql<string>`lower(a.safe_address)`, 'like', likePattern(term.value, 'prefix'))
  else if (term.kind === 'email')
    q = q.where('a.id', 'in', members().where(sql<string>`lower(u.email)`, 'like', likePattern(term.value, 'prefix')))
  else q = q.where(sql<string>`lower(a.name)`, 'like', likePattern(term.value, 'anywhere'))
  const rows = await q.orderBy('a.name').limit(50).execute()
  return { items: rows.map(summary) }
}

/** One account as staff see it: settings, balances, members, cards, recent activity and open KYB. */
export async function accountDetail(deps: Deps, db: Tx, accountId: string): Promise<AdminAccountDetail> {
  const a = await db.selectFrom('accounts').selectAll().where('id', '=', accountId).executeTakeFirst()
  if (!a) throw new DomainError('not_found', say('no_such_account'))
  const members = await db
    .selectFrom('account_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.email', 'u.name', 'm.role'])
    .where('m.account_id', '=', accountId)
    .orderBy('m.created_at')
    .execute()
  const open = await db
    .selectFrom('identity_applications')
    .select(['id', 'kind', 'status', 'subject_name', 'submitted_at'])
    .where('account_id', '=', accountId)
    .where('kind', '=', 'kyb')
    .where('status', 'in', ['submitted', 'in_review'])
    .orderBy('submitted_at')
    .execute()
  return {
    account: {
      ...summary(a),
      mode: a.mode,
      timeZone: a.time_zone,
      frozenAt: a.frozen_at ? a.frozen_at.toISOString() : null,
      frozenReason: a.frozen_reason,
      kybStatus: a.kyb_status,
      kybReason: a.kyb_reason && verificationReasonText(a.kyb_reason, 'en-US'),
      kybReasonKey: a.kyb_reason,
    },
    balances: await getBalances(db, accountId, deps.now(), deps.prices()),
    members: members.map((m) => ({ userId: m.id, email: m.email, name: m.name, role: m.role })),
    cards: await cardSummaries(db, (q) => q.where('c.account_id', '=', accountId)),
    activity: await getActivity(db, accountId, 10),
    openApplications: open.map((o) => ({
      id: o.id,
      kind: o.kind,
      status: o.status,
      subjectName: o.subject_name,
      submittedAt: o.submitted_at.toISOString(),
    })),
  }
}
