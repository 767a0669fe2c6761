import { z } from 'zod'
import {
  AcceptInviteBody,
  AcceptInviteResponse,
  ChangeRoleBody,
  InvitationParams,
  InvitationView,
  InviteBody,
  InviteLookupQuery,
  InviteLookupResponse,
  PeopleParams,
  PeopleResponse,
  PersonParams,
  PersonView,
  WaitlistBody,
  WaitlistResponse,
} from '../../domain/api/people.schema'
import { clientAddress } from '../http/client-address'
import { publicOrigin } from '../http/public-origin'
import { defineRoute } from '../http/route-table'
import { acceptInvitation, invite, lookupInvitation, revokeInvitation } from './invitation-service'
import { changeRole, listPeople, removePerson } from './people-service'
import { joinWaitlist } from './waitlist-service'

const ANY_PERSON = ['owner', 'admin', 'member'] as const
const MANAGERS = ['owner', 'admin'] as const

/** Where links in e-mails point: the configured public origin, else the origin the request came to. */

export const peopleRoutes = [
  defineRoute({
    method: 'get',
    path: '/accounts/:accountId/members',
    summary: 'The company’s people with their roles, its pending invitations, and what the caller may change',
    tag: 'people',
    access: { kind: 'account', roles: ANY_PERSON },
    params: PeopleParams,
    response: PeopleResponse,
    handler: ({ deps, db, params, principal }) => listPeople(deps, db, principal!, params.accountId),
  }),
  defineRoute({
    method: 'post',
    path: '/accounts/:accountId/invitations',
    whenFrozen: 'allow',
    summary:
      'Invite an e-mail with a role (only owners invite owners); replaces ' +
      'a pending invitation to the same e-mail and sends the invite mail',
    tag: 'people',
    access: { kind: 'account', roles: MANAGERS },
    status: 201,
    params: PeopleParams,
    body: InviteBody,
    response: InvitationView,
    handler: ({ c, deps, params, body, principal }) =>
      deps.db.kysely
        .transaction()
        .execute((tx) => invite(deps, tx, principal!, params.accountId, body, publicOrigin(c, deps))),
  }),
  defineRoute({
    method: 'delete',
    path: '/accounts/:accountId/invitations/:invitationId',
    whenFrozen: 'allow',
    summary: 'Withdraw a pending invitation; its link stops working',
    tag: 'people',
    access: { kind: 'account', roles: MANAGERS },
    params: InvitationParams,
    response: z.object({ revoked: z.literal(true) }),
    handler: ({ deps, params, principal }) =>
      deps.db.kysely
        .transaction()
        .execute((tx) => revokeInvitation(deps, tx, principal!, params.accountId, params.invitationId)),
  }),
  defineRoute({
    method: 'put',
    path: '/accounts/:accountId/members/:userId/role',
    whenFrozen: 'allow',
    summary:
      'Change a person’s role (only owners touch owners; the last owner stays); ' +
      'withdraws the invitations they sent that the new role could not send',
    tag: 'people',
    access: { kind: 'account', roles: MANAGERS },
    params: PersonParams,
    body: ChangeRoleBody,
    response: PersonView,
    handler: ({ deps, params, body, principal }) =>
      deps.db.kysely
        .transaction()
        .execute((tx) => changeRole(deps, tx, principal!, params.accountId, params.userId, body.role)),
  }),
  defineRoute({
    method: 'delete',
    path: '/accounts/:accountId/members/:userId',
    whenFrozen: 'allow',
    summary:
      'Remove a person: their access ends at once, their cards on the company are frozen ' +
      'and the invitations they sent are withdrawn',
    tag: 'people',
    access: { kind: 'account', roles: MANAGERS },
    params: PersonParams,
    response: z.object({ removed: z.literal(true), frozenCards: z.number().int() }),
    handler: ({ deps, params, principal }) =>
      deps.db.kysely.transaction().execute((tx) => removePerson(deps, tx, principal!, params.accountId, params.userId)),
  }),
  defineRoute({
    method: 'post',
    path: '/invitations/lookup',
    // The invitation is unknown, or expired, used or revoked.
    errorStatuses: [404, 410],
    summary:
      'What an invitation link offers (company, role, who invited, for which e-mail); ' +
      'nothing for a bad token. The token travels in the body, never in an API URL',
    tag: 'people',
    access: { kind: 'public' },
    body: InviteLookupQuery,
    response: InviteLookupResponse,
    handler: ({ deps, db, body }) => lookupInvitation(deps, db, body.token),
  }),
  defineRoute({
    method: 'post',
    path: '/invitations/accept',
    // The invitation is unknown, or expired, used or revoked.
    errorStatuses: [404, 410],
    summary: 'Join the company an invitation names, as the invited e-mail; once',
    tag: 'people',
    access: { kind: 'user' },
    body: AcceptInviteBody,
    response: AcceptInviteResponse,
    handler: ({ deps, body, principal }) =>
      deps.db.kysely.transaction().execute((tx) => acceptInvitation(deps, tx, principal!, body.token)),
  }),
  defineRoute({
    method: 'post',
    path: '/waitlist',
    // Too many sign-ups from one device.
    errorStatuses: [429],
    summary: 'Put an e-mail on the waitlist (once; the same answer either way)',
    tag: 'people',
    access: { kind: 'public' },
    body: WaitlistBody,
    response: WaitlistResponse,
    handler: ({ c, deps, db, body }) => joinWaitlist(deps, db, body.email, clientAddress(c, deps.config)),
  }),
]
