import { cardStatusReason, type CardStatusReason } from './card-status-reason'
import type { MemberRole } from './account-rules'

/** The roles a person holds in a company. */
export const COMPANY_ROLES = ['owner', 'admin', 'member'] as const
export type CompanyRole = (typeof COMPANY_ROLES)[number]

/** Days an invitation link stays valid. */
export const INVITE_TTL_DAYS = 7

/** What someone asks to do to the company's people. `owners` is how many owners the company has now. */
export type PeopleAction =
  | { kind: 'invite'; role: CompanyRole }
  | { kind: 'change_role'; from: CompanyRole; to: CompanyRole; owners: number }
  | { kind: 'remove'; role: CompanyRole; owners: number }

/** Why a people action is refused: not a manager, an owner's business, or the last owner. */
export type PeopleRefusal = 'not_manager' | 'owner_only' | 'last_owner'

/**
 * Who may do what to whom. Owners and admins manage people; only an owner invites or promotes an owner or
 * touches an owner; nobody removes or demotes the last owner. Members (and anyone else) manage nobody.
 */
export function decidePeopleAction(
  actor: MemberRole | undefined,
  action: PeopleAction,
): { allowed: true } | { allowed: false; reason: PeopleRefusal } {
  if (actor !== 'owner' && actor !== 'admin') return { allowed: false, reason: 'not_manager' }
  const touchesOwner =
    action.kind === 'invite'
      ? action.role === 'owner'
      : action.kind === 'remove'
        ? action.role === 'owner'
        : action.from === 'owner' || action.to === 'owner'
  if (touchesOwner && actor !== 'owner') return { allowed: false, reason: 'owner_only' }
  const losesAnOwner =
    (action.kind === 'remove' && action.role === 'owner') ||
    (action.kind === 'change_role' && action.from === 'owner' && action.to !== 'owner')
  if (losesAnOwner && action.owners <= 1) return { allowed: false, reason: 'last_owner' }
  return { allowed: true }
}

/** The roles an actor may give someone (invite or promote to), in the order a picker shows them. */
export function assignableRoles(actor: MemberRole | undefined): CompanyRole[] {
  return COMPANY_ROLES.filter((role) => decidePeopleAction(actor, { kind: 'invite', role }).allowed)
}

/**
 * Whether a pending invitation still stands: its sender's role now (`undefined` or null once they left) could send
 * it. An invitation never outlives its sender's right to send it.
 */
export function senderMaySend(senderRole: MemberRole | null | undefined, invited: CompanyRole): boolean {
  return decidePeopleAction(senderRole ?? undefined, { kind: 'invite', role: invited }).allowed
}

/** When an invitation sent at `sentAt` stops working. */
export function inviteExpiresAt(sentAt: Date): Date {
  return new Date(sentAt.getTime() + INVITE_TTL_DAYS * 86_400_000)
}

/** The reason a removed person's cards on the company show, as data (domain/card-status-reason.ts). */
export function leftCompanyReason(companyName: string): CardStatusReason {
  return cardStatusReason('left_company', { company: companyName })
}
