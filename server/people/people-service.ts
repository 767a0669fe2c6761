import { say } from '../../domain/error-message'
import type { PeopleResponse, PersonView } from '../../domain/api/people.schema'
import { DomainError } from '../../domain/errors'
import {
  assignableRoles,
  decidePeopleAction,
  leftCompanyReason,
  senderMaySend,
  type CompanyRole,
  type PeopleRefusal,
} from '../../domain/people'
import { maySendMoney } from '../../domain/account-rules'
import type { HeldAsset } from '../../domain/asset'
import type { Deps, Principal } from '../http/route-table'
import { sendMail } from '../mail/mail-service'
import { mailLanguage } from '../mail/templates'
import { cancelRequestedBy } from '../money-out/withdrawals'
import type { Tx } from '../db/connect'

/** Throws the refusal a people decision carries, at `field` when one names it. */
export function refuse(decision: { allowed: true } | { allowed: false; reason: PeopleRefusal }, field?: string): void {
  if (decision.allowed) return
  if (decision.reason === 'not_manager') throw new DomainError('forbidden', say('only_managers_people'))
  const code = decision.reason
  throw new DomainError(code, undefined, field ? { [field]: say(code) } : undefined)
}

/** The company's people with their roles, and its pending invitations. */
export async function listPeople(deps: Deps, db: Tx, principal: Principal, accountId: string): Promise<PeopleResponse> {
  const account = await db
    .selectFrom('accounts')
    .select(['name', 'kind'])
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow()
  const people = await db
    .selectFrom('account_members')
    .innerJoin('users', 'users.id', 'account_members.user_id')
    .select(['users.id', 'users.name', 'users.email', 'account_members.role', 'account_members.created_at'])
    .where('account_members.account_id', '=', accountId)
    .orderBy('account_members.created_at')
    .orderBy('users.email')
    .execute()
  const invitations = await db
    .selectFrom('invitations')
    .innerJoin('users', 'users.id', 'invitations.invited_by')
    .leftJoin('account_members as sender', (join) =>
      join
        .onRef('sender.account_id', '=', 'invitations.account_id')
        .onRef('sender.user_id', '=', 'invitations.invited_by'),
    )
    .select([
      'invitations.id',
      'invitations.email',
      'invitations.role',
      'invitations.expires_at',
      'invitations.created_at',
      'users.name as inviter',
      'sender.role as senderRole',
    ])
    .where('invitations.account_id', '=', accountId)
    .where('invitations.status', '=', 'pending')
    .orderBy('invitations.created_at', 'desc')
    .execute()
  const yourRole = people.find((p) => p.id === principal.userId)?.role
  if (!yourRole || yourRole === 'holder') throw new DomainError('forbidden')
  const now = deps.now().getTime()
  return {
    accountName: account.name,
    yourRole,
    assignableRoles: assignableRoles(yourRole),
    people: people.map((p) => ({
      userId: p.id,
      name: p.name,
      email: p.email,
      role: p.role as CompanyRole,
      joinedAt: p.created_at.toISOString(),
    })),
    // Only those still usable (invitation-service.ts, usableInvitation): their sender may still send them.
    invitations: invitations
      .filter((i) => senderMaySend(i.senderRole, i.role))
      .map((i) => ({
        id: i.id,
        email: i.email,
        role: i.role,
        invitedBy: i.inviter,
        expiresAt: i.expires_at.toISOString(),
        expired: i.expires_at.getTime() <= now,
        createdAt: i.created_at.toISOString(),
      })),
  }
}

/** The company's members, locked, so two changes at once cannot both remove "the other" last owner. */
async function lockedMembers(tx: Tx, accountId: string) {
  return tx
    .selectFrom('account_members')
    .select(['user_id', 'role'])
    .where('account_id', '=', accountId)
    .orderBy('user_id')
    .forUpdate()
    .execute()
}

async function target(tx: Tx, principal: Principal, accountId: string, userId: string) {
  const members = await lockedMembers(tx, accountId)
  const actor = members.find((m) => m.user_id === principal.userId)?.role
  const person = members.find((m) => m.user_id === userId)
  if (!person || person.role === 'holder') throw new DomainError('not_found', say('person_not_company'))
  return { actor, role: person.role as CompanyRole, owners: members.filter((m) => m.role === 'owner').length }
}

async function personView(tx: Tx, accountId: string, userId: string): Promise<PersonView> {
  const p = await tx
    .selectFrom('account_members')
    .innerJoin('users', 'users.id', 'account_members.user_id')
    .select(['users.id', 'users.name', 'users.email', 'account_members.role', 'account_members.created_at'])
    .where('account_members.account_id', '=', accountId)
    .where('account_members.user_id', '=', userId)
    .executeTakeFirstOrThrow()
  return {
    userId: p.id,
    name: p.name,
    email: p.email,
    role: p.role as CompanyRole,
    joinedAt: p.created_at.toISOString(),
  }
}

/**
 * Withdraws the pending invitations `senderId` sent on the company that their role now could not send (all of them
 * when `role` is undefined: they left). An invitation is only as good as its sender's right to send it.
 */
async function withdrawInvitationsBeyond(
  tx: Tx,
  accountId: string,
  senderId: string,
  role: CompanyRole | undefined,
  now: Date,
): Promise<void> {
  const stillAllowed = assignableRoles(role)
  let withdraw = tx
    .updateTable('invitations')
    .set({ status: 'revoked', closed_at: now })
    .where('account_id', '=', accountId)
    .where('invited_by', '=', senderId)
    .where('status', '=', 'pending')
  if (stillAllowed.length > 0) withdraw = withdraw.where('role', 'not in', stillAllowed)
  await withdraw.execute()
}

/**
 * Gives a person another role, within what the caller's role allows; the invitations they sent that the new role
 * could not send are withdrawn, and so is the withdrawal they asked for if the new role sends no money.
 */
export async function changeRole(
  deps: Deps,
  tx: Tx,
  principal: Principal,
  accountId: string,
  userId: string,
  role: CompanyRole,
): Promise<PersonView> {
  const t = await target(tx, principal, accountId, userId)
  refuse(decidePeopleAction(t.actor, { kind: 'change_role', from: t.role, to: role, owners: t.owners }), 'role')
  await tx
    .updateTable('account_members')
    .set({ role })
    .where('account_id', '=', accountId)
    .where('user_id', '=', userId)
    .execute()
  await withdrawInvitationsBeyond(tx, accountId, userId, role, deps.now())
  if (!maySendMoney(role)) await cancelRequestedBy(deps, tx, accountId, userId, 'requester_may_not_send')
  return personView(tx, accountId, userId)
}

/**
 * Removes a person from the company. Their access ends with the membership (sessions read memberships on
 * every request); their cards on the company are frozen with the reason, their alerts on it dropped, the
 * invitations they sent and nobody accepted yet withdrawn, and the withdrawal they asked for that is still in its
 * security delay cancelled (they hear of it by mail: they no longer read the company's withdrawals).
 */
export async function removePerson(
  deps: Deps,
  tx: Tx,
  principal: Principal,
  accountId: string,
  userId: string,
): Promise<{ removed: true; frozenCards: number }> {
  const t = await target(tx, principal, accountId, userId)
  refuse(decidePeopleAction(t.actor, { kind: 'remove', role: t.role, owners: t.owners }))
  const account = await tx.selectFrom('accounts').select('name').where('id', '=', accountId).executeTakeFirstOrThrow()
  await tx.deleteFrom('account_members').where('account_id', '=', accountId).where('user_id', '=', userId).execute()
  await tx.deleteFrom('alert_settings').where('account_id', '=', accountId).where('user_id', '=', userId).execute()
  await withdrawInvitationsBeyond(tx, accountId, userId, undefined, deps.now())
  const frozen = await tx
    .updateTable('cards')
    .set({ status: 'frozen', status_reason: JSON.stringify(leftCompanyReason(account.name)) })
    .where('account_id', '=', accountId)
    .where('cardholder_user_id', '=', userId)
    .where('status', '<>', 'cancelled')
    .returning('id')
    .execute()
  const cancelled = await cancelRequestedBy(deps, tx, accountId, userId, 'requester_left')
  if (cancelled) {
    const user = await tx
      .selectFrom('users')
      .select(['email', 'language'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
    await sendMail(deps, tx, user.email, 'withdrawalCancelledOnLeaving', {
      companyName: account.name,
      amount: cancelled.amount,
      asset: cancelled.asset as HeldAsset,
      address: cancelled.destination,
      language: mailLanguage(user.language),
    })
  }
  return { removed: true, frozenCards: frozen.length }
}
