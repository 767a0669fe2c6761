import { cardStatusReasonText } from './card-status-reason'
import { describe, expect, it } from 'vitest'
import type { MemberRole } from './account-rules'
import {
  assignableRoles,
  COMPANY_ROLES,
  decidePeopleAction,
  inviteExpiresAt,
  leftCompanyReason,
  senderMaySend,
  type PeopleAction,
} from './people'

const ACTORS: (MemberRole | undefined)[] = ['owner', 'admin', 'member', 'holder', undefined]

/** Every action there is, with one and with two owners in the company. */
function everyAction(): PeopleAction[] {
  const actions: PeopleAction[] = COMPANY_ROLES.map((role) => ({ kind: 'invite', role }))
  for (const owners of [1, 2]) {
    for (const role of COMPANY_ROLES) actions.push({ kind: 'remove', role, owners })
    for (const from of COMPANY_ROLES)
      for (const to of COMPANY_ROLES) actions.push({ kind: 'change_role', from, to, owners })
  }
  return actions
}

const decide = (actor: MemberRole | undefined, action: PeopleAction) => {
  const d = decidePeopleAction(actor, action)
  return d.allowed ? 'allowed' : d.reason
}

describe('who may do what to whom', () => {
  it('lets nobody but owners and admins manage people, whatever the action', () => {
    for (const actor of ['member', 'holder', undefined] as const) {
      for (const action of everyAction())
        expect(decide(actor, action), `${actor} ${JSON.stringify(action)}`).toBe('not_manager')
    }
  })

  it('keeps everything about owners for owners: admins may not invite, promote, demote or remove one', () => {
    expect(decide('admin', { kind: 'invite', role: 'owner' })).toBe('owner_only')
    expect(decide('admin', { kind: 'change_role', from: 'member', to: 'owner', owners: 2 })).toBe('owner_only')
    expect(decide('admin', { kind: 'change_role', from: 'owner', to: 'admin', owners: 2 })).toBe('owner_only')
    expect(decide('admin', { kind: 'remove', role: 'owner', owners: 2 })).toBe('owner_only')
  })

  it('lets admins manage members and admins', () => {
    expect(decide('admin', { kind: 'invite', role: 'member' })).toBe('allowed')
    expect(decide('admin', { kind: 'invite', role: 'admin' })).toBe('allowed')
    expect(decide('admin', { kind: 'change_role', from: 'member', to: 'admin', owners: 1 })).toBe('allowed')
    expect(decide('admin', { kind: 'change_role', from: 'admin', to: 'member', owners: 1 })).toBe('allowed')
    expect(decide('admin', { kind: 'remove', role: 'admin', owners: 1 })).toBe('allowed')
    expect(decide('admin', { kind: 'remove', role: 'member', owners: 1 })).toBe('allowed')
  })

  it('never removes or demotes the last owner, not even by that owner', () => {
    expect(decide('owner', { kind: 'remove', role: 'owner', owners: 1 })).toBe('last_owner')
    expect(decide('owner', { kind: 'change_role', from: 'owner', to: 'admin', owners: 1 })).toBe('last_owner')
    expect(decide('owner', { kind: 'change_role', from: 'owner', to: 'member', owners: 1 })).toBe('last_owner')
    expect(decide('owner', { kind: 'change_role', from: 'owner', to: 'owner', owners: 1 })).toBe('allowed')
    expect(decide('owner', { kind: 'remove', role: 'owner', owners: 2 })).toBe('allowed')
    expect(decide('owner', { kind: 'change_role', from: 'owner', to: 'member', owners: 2 })).toBe('allowed')
  })

  it('lets an owner do anything else, and refuses exactly the cases above across every combination', () => {
    for (const actor of ACTORS) {
      for (const action of everyAction()) {
        const ownerTouched =
          action.kind === 'invite' || action.kind === 'remove'
            ? action.role === 'owner'
            : action.from === 'owner' || action.to === 'owner'
        const ownerLost =
          action.kind === 'remove'
            ? action.role === 'owner' && action.owners < 2
            : action.kind === 'change_role' && action.from === 'owner' && action.to !== 'owner' && action.owners < 2
        const expected =
          actor !== 'owner' && actor !== 'admin'
            ? 'not_manager'
            : ownerTouched && actor === 'admin'
              ? 'owner_only'
              : ownerLost
                ? 'last_owner'
                : 'allowed'
        expect(decide(actor, action), `${actor} ${JSON.stringify(action)}`).toBe(expected)
      }
    }
  })

  it('offers each actor only the roles they may give', () => {
    expect(assignableRoles('owner')).toEqual(['owner', 'admin', 'member'])
    expect(assignableRoles('admin')).toEqual(['admin', 'member'])
    expect(assignableRoles('member')).toEqual([])
  })
})

describe('invitations and departures', () => {
  it('expires an invitation 7 days after it was sent', () => {
    expect(inviteExpiresAt(new Date('2026-11-21T12:00:00Z')).toISOString()).toBe('2026-11-28T12:00:00.000Z')
  })

  it('keeps an invitation standing only while its sender could still send it', () => {
    expect(COMPANY_ROLES.map((role) => senderMaySend('owner', role))).toEqual([true, true, true])
    expect(COMPANY_ROLES.map((role) => senderMaySend('admin', role))).toEqual([false, true, true])
    for (const gone of ['member', 'holder', null, undefined] as const)
      expect(COMPANY_ROLES.map((role) => senderMaySend(gone, role))).toEqual([false, false, false])
  })

  it('names the company a departed cardholder left', () => {
    const reason = leftCompanyReason('Acme Labs Ltd')
    expect(cardStatusReasonText(reason, 'en-US')).toBe('Frozen: the cardholder left Acme Labs Ltd')
    expect(cardStatusReasonText(reason, 'pt-BR')).toBe('Congelado: o titular saiu da empresa Acme Labs Ltd')
  })
})
