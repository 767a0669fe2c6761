import { say } from '../../domain/error-message'
import { createHash, randomBytes } from 'node:crypto'
import type {
  AcceptInviteResponse,
  InviteBody,
  InvitationView,
  InviteLookupResponse,
} from '../../domain/api/people.schema'
import { DomainError } from '../../domain/errors'
import { decidePeopleAction, inviteExpiresAt, senderMaySend } from '../../domain/people'
import type { Deps, Principal } from '../http/route-table'
import type { Tx } from '../db/connect'
import { sendMail } from '../mail/mail-service'
import { mailLanguage } from '../mail/templates'
import { refuse } from './people-service'
import { memberRole } from '../accounts/account-service'

/** Only the SHA-256 of an invitation token is stored; the token itself lives in the e-mail. */
export const inviteTokenHash = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * Invites an e-mail to the company with a role, replacing a pending invitation to the same e-mail, and
 * queues the `invite` mail in the same transaction. `origin` starts the link (`https://host`).
 */
export async function invite(
  deps: Deps,
  tx: Tx,
  principal: Principal,
  accountId: string,
  body: InviteBody,
  origin: string,
): Promise<InvitationView> {
  const members = await tx
    .selectFrom('account_members')
    .innerJoin('users', 'users.id', 'account_members.user_id')
    .select(['users.id', 'users.email', 'account_members.role'])
    .where('account_members.account_id', '=', accountId)
    .forUpdate()
    .execute()
  const actor = members.find((m) => m.id === principal.userId)?.role
  refuse(decidePeopleAction(actor, { kind: 'invite', role: body.role }), 'role')
  if (members.some((m) => m.email === body.email))
    throw new DomainError('already_member', undefined, { email: say('already_member') })
  // Inviting again withdraws the pending invitation: an owner's is withdrawn only by an owner, as by revoking it.
  const pending = await tx
    .selectFrom('invitations')
    .select('role')
    .where('account_id', '=', accountId)
    .where('email', '=', body.email)
    .where('status', '=', 'pending')
    .forUpdate()
    .executeTakeFirst()
  if (pending) refuse(decidePeopleAction(actor, { kind: 'invite', role: pending.role }), 'role')
  const now = deps.now()
  await tx
    .updateTable('invitations')
    .set({ status: 'replaced', closed_at: now })
    .where('account_id', '=', accountId)
    .where('email', '=', body.email)
    .where('status', '=', 'pending')
    .execute()
  const token = randomBytes(32).toString('base64url')
  const id = deps.newId()
  const expiresAt = inviteExpiresAt(now)
  await tx
    .insertInto('invitations')
    .values({
      id,
      account_id: accountId,
      email: body.email,
      role: body.role,
      token_hash: inviteTokenHash(token),
      invited_by: principal.userId,
      expires_at: expiresAt,
      created_at: now,
    })
    .execute()
  const account = await tx.selectFrom('accounts').select('name').where('id', '=', accountId).executeTakeFirstOrThrow()
  // In the language the invitee chose if they already have a login, else in the inviter's (they likely share one).
  const languages = await tx
    .selectFrom('users')
    .select(['id', 'language'])
    .where((eb) => eb.or([eb('email', '=', body.email), eb('id', '=', principal.userId)]))
    .execute()
  const invitee = languages.find((u) => u.id !== principal.userId)?.language
  await sendMail(deps, tx, body.email, 'invite', {
    companyName: account.name,
    inviterName: principal.name,
    role: body.role,
    link: `${origin}/app/cash/accept-invite?token=${token}`,
    expiresAt,
    language: mailLanguage(invitee ?? languages.find((u) => u.id === principal.userId)?.language),
  })
  return {
    id,
    email: body.email,
    role: body.role,
    invitedBy: principal.name,
    expiresAt: expiresAt.toISOString(),
    expired: false,
    createdAt: now.toISOString(),
  }
}

/** Withdraws a pending invitation; its link stops working at once. */
export async function revokeInvitation(
  deps: Deps,
  tx: Tx,
  principal: Principal,
  accountId: string,
  invitationId: string,
): Promise<{ revoked: true }> {
  const invitation = await tx
    .selectFrom('invitations')
    .select(['role', 'status'])
    .where('id', '=', invitationId)
    .where('account_id', '=', accountId)
    .forUpdate()
    .executeTakeFirst()
  if (invitation?.status !== 'pending') throw new DomainError('not_found', say('no_pending_invitation'))
  const actor = principal.memberships.find((m) => m.accountId === accountId)?.role
  refuse(decidePeopleAction(actor, { kind: 'invite', role: invitation.role }))
  await tx
    .updateTable('invitations')
    .set({ status: 'revoked', closed_at: deps.now() })
    .where('id', '=', invitationId)
    .execute()
  return { revoked: true }
}

/** The invitation behind a token if it can still be accepted; otherwise why not (a bad token says nothing more). */
async function usableInvitation(deps: Deps, tx: Tx, token: string, lock: boolean) {
  let query = tx.selectFrom('invitations').selectAll().where('token_hash', '=', inviteTokenHash(token))
  if (lock) query = query.forUpdate()
  const invitation = await query.executeTakeFirst()
  if (!invitation) throw new DomainError('invite_not_found')
  if (invitation.status === 'accepted') throw new DomainError('invite_used')
  if (invitation.status !== 'pending') throw new DomainError('invite_revoked')
  if (invitation.expires_at.getTime() <= deps.now().getTime()) throw new DomainError('invite_expired')
  // Removing or demoting the sender withdraws it (people-service.ts); this also refuses one a membership change
  // left pending some other way. Not locked: a removal waits on the invitation's lock, then finds it accepted.
  const sender = await memberRole(tx, invitation.account_id, invitation.invited_by)
  if (!senderMaySend(sender, invitation.role)) throw new DomainError('invite_revoked')
  return invitation
}

/** What the token's holder sees before joining: the company, the role, who invited, and the invited e-mail. */
export async function lookupInvitation(deps: Deps, tx: Tx, token: string): Promise<InviteLookupResponse> {
  const invitation = await usableInvitation(deps, tx, token, false)
  const [account, inviter] = await Promise.all([
    tx.selectFrom('accounts').select('name').where('id', '=', invitation.account_id).executeTakeFirstOrThrow(),
    tx.selectFrom('users').select('name').where('id', '=', invitation.invited_by).executeTakeFirstOrThrow(),
  ])
  return {
    companyName: account.name,
    role: invitation.role,
    inviterName: inviter.name,
    email: invitation.email,
    expiresAt: invitation.expires_at.toISOString(),
  }
}

/** True when `token` is a usable invitation for `email`: the permission to sign up while sign-ups are closed. */
export async function invitationAllowsSignUp(deps: Deps, tx: Tx, token: string, email: string): Promise<boolean> {
  try {
    return (await usableInvitation(deps, tx, token, false)).email === email
  } catch (error) {
    if (error instanceof DomainError) return false
    throw error
  }
}

/**
 * Joins the company the invitation names. The invitation row is locked and flipped to `accepted` in the
 * same transaction as the membership, so two clicks at once join once and the second is `invite_used`.
 */
export async function acceptInvitation(
  deps: Deps,
  tx: Tx,
  principal: Principal,
  token: string,
): Promise<AcceptInviteResponse> {
  const invitation = await usableInvitation(deps, tx, token, true)
  if (invitation.email !== principal.email.toLowerCase()) throw new DomainError('invite_wrong_email')
  if (await memberRole(tx, invitation.account_id, principal.userId))
    throw new DomainError('already_member', say('already_in_company'))
  await tx
    .updateTable('invitations')
    .set({ status: 'accepted', accepted_by: principal.userId, closed_at: deps.now() })
    .where('id', '=', invitation.id)
    .execute()
  await tx
    .insertInto('account_members')
    .values({
      account_id: invitation.account_id,
      user_id: principal.userId,
      role: invitation.role,
      created_at: deps.now(),
    })
    .execute()
  const account = await tx
    .selectFrom('accounts')
    .select(['id', 'name'])
    .where('id', '=', invitation.account_id)
    .executeTakeFirstOrThrow()
  return { accountId: account.id, accountName: account.name, role: invitation.role }
}
