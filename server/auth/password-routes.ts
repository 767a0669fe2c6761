import {
  PasswordChangeBody,
  PasswordChanged,
  PasswordResetBody,
  PasswordResetDone,
  PasswordResetLink,
  PasswordResetRequestBody,
  PasswordResetRequested,
  PasswordResetTokenBody,
} from '../../domain/api/auth.schema'
import { clientAddress } from '../http/client-address'
import { publicOrigin } from '../http/public-origin'
import { defineRoute } from '../http/route-table'
import { completePasswordReset, lookupPasswordReset, requestPasswordReset } from './password-reset-service'
import { changePassword } from './password-service'

/** A forgotten password, reset through a link mailed to the address; and a change while signed in. */
export const passwordRoutes = [
  defineRoute({
    method: 'post',
    path: '/auth/password-reset',
    // Too many links asked for one address.
    errorStatuses: [429],
    summary:
      'Mail a password reset link (30 minutes, single use; a new request supersedes older ' +
      'links). Always the same answer, whether or not an account has the address; rate-limited ' +
      'per client address (rate_limited) and per e-mail address (reset_rate_limited)',
    tag: 'auth',
    access: { kind: 'public' },
    body: PasswordResetRequestBody,
    response: PasswordResetRequested,
    handler: ({ c, deps, body }) =>
      requestPasswordReset(deps, body, clientAddress(c, deps.config), publicOrigin(c, deps)),
  }),
  defineRoute({
    method: 'post',
    path: '/auth/password-reset/lookup',
    // The link is unknown, or expired, used or replaced.
    errorStatuses: [404, 410],
    summary:
      'Whether a reset link still works, and for which e-mail (reset_link_not_found, ' +
      'reset_link_expired, reset_link_used, reset_link_replaced otherwise)',
    tag: 'auth',
    access: { kind: 'public' },
    body: PasswordResetTokenBody,
    response: PasswordResetLink,
    handler: ({ deps, db, body }) => lookupPasswordReset(deps, db, body.token),
  }),
  defineRoute({
    method: 'post',
    path: '/auth/password-reset/complete',
    // The link is unknown, or expired, used or replaced.
    errorStatuses: [404, 410],
    summary:
      'Set a new password through a reset link: the link is used up, every session of the account ' +
      'ends and its sign-in lock-outs are cleared; nobody is signed in (sign in with the new password)',
    tag: 'auth',
    access: { kind: 'public' },
    body: PasswordResetBody,
    response: PasswordResetDone,
    handler: ({ c, deps, body }) => completePasswordReset(deps, body, publicOrigin(c, deps)),
  }),
  defineRoute({
    method: 'post',
    path: '/auth/password',
    // The current password locks after too many wrong ones, like a confirmation.
    errorStatuses: [429],
    summary:
      'Change the password: the current one (`password`, counted like a ' +
      'confirmation) and `newPassword`. This session goes on; every other one ends',
    tag: 'auth',
    access: { kind: 'user' },
    body: PasswordChangeBody,
    response: PasswordChanged,
    handler: ({ c, deps, db, body, principal }) => changePassword(deps, db, principal!, body, publicOrigin(c, deps)),
  }),
]
