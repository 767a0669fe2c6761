import type { Context } from 'hono'
import { z } from 'zod'
import { SessionResponse, SignInBody, SignUpBody } from '../../domain/api/auth.schema'
import { WalletNonceBody, WalletNonceResponse, WalletSignInBody } from '../../domain/api/settings.schema'
import { authenticateWallet, issueWalletNonce } from '../settings/wallet-service'
import { publicOrigin } from '../http/public-origin'
import { clientAddress } from '../http/client-address'
import { defineRoute, type Deps, type Principal } from '../http/route-table'
import type { Tx } from '../db/connect'
import { authenticate, registerUser } from './auth-service'
import {
  clearSessionCookie,
  createSession,
  deleteSession,
  membershipsOf,
  sessionIdOf,
  sessionView,
  setSessionCookie,
} from './session-service'
import { confirmationRoutes, issueConfirmSecret } from './confirmation-challenge'
import { passwordRoutes } from './password-routes'
import { sessionRoutes } from './session-routes'

/**
 * Starts a fresh session for the user (a new token every sign-in, so a token planted before sign-in is
 * useless) and answers with the session: a cookie for the web, a bearer token in the body for native hosts.
 */
async function startSession(
  c: Context,
  deps: Deps,
  db: Tx,
  userId: string,
  client: 'web' | 'native',
  previous: Principal | null,
  walletAddress: string | null = null,
) {
  if (previous) await deleteSession(db, previous.sessionId)
  const transport = client === 'native' ? 'bearer' : 'cookie'
  const session = await createSession(deps, db, userId, transport, c.req.header('user-agent'), walletAddress)
  if (transport === 'cookie') setSessionCookie(c, deps, session.token, session.expiresAt)
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'platform_role', 'language'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  // A native session's secret for answering confirmation challenges: given to the app here, once.
  const confirmSecret = transport === 'bearer' ? await issueConfirmSecret(db, sessionIdOf(session.token)) : undefined
  return {
    user: { id: user.id, email: user.email, name: user.name, platformRole: user.platform_role },
    memberships: await membershipsOf(db, userId),
    language: user.language,
    ...(transport === 'bearer' ? { token: session.token, confirmSecret } : { csrfToken: session.csrfToken }),
  }
}

export const authRoutes = [
  defineRoute({
    method: 'post',
    path: '/auth/sign-in',
    // Wrong password, closed account, too many attempts.
    errorStatuses: [401, 403, 429],
    summary: 'Sign in with e-mail and password',
    tag: 'auth',
    access: { kind: 'public' },
    body: SignInBody,
    response: SessionResponse,
    handler: async ({ c, deps, db, body, principal }) => {
      const userId = await authenticate(deps, db, body, clientAddress(c, deps.config))
      return startSession(c, deps, db, userId, body.client, principal)
    },
  }),
  defineRoute({
    method: 'post',
    path: '/auth/wallet/nonce',
    // Too many nonces asked for from this device.
    errorStatuses: [429],
    summary:
      'Sign in with a wallet, step 1: a single-use nonce and the SIWE message to sign (10 minutes; rate-limited)',
    tag: 'auth',
    access: { kind: 'public' },
    body: WalletNonceBody,
    response: WalletNonceResponse,
    handler: ({ c, deps, body }) =>
      issueWalletNonce(
        deps,
        deps.db.kysely,
        { purpose: 'sign_in', client: clientAddress(c, deps.config) },
        body.address,
        publicOrigin(c, deps),
      ),
  }),
  defineRoute({
    method: 'post',
    path: '/auth/wallet/sign-in',
    // The signature does not sign a linked wallet in.
    errorStatuses: [401],
    summary:
      'Sign in with a wallet, step 2: the signed message; a wallet not linked to anyone is refused (wallet_not_linked)',
    tag: 'auth',
    access: { kind: 'public' },
    body: WalletSignInBody,
    response: SessionResponse,
    handler: async ({ c, deps, db, body, principal }) => {
      const { userId, address } = await authenticateWallet(deps, body, publicOrigin(c, deps))
      return startSession(c, deps, db, userId, body.client, principal, address)
    },
  }),
  defineRoute({
    method: 'post',
    path: '/auth/sign-up',
    // Sign-ups are closed; too many sign-ups from this device.
    errorStatuses: [403, 429],
    summary: 'Create a user with e-mail and password, and sign in',
    tag: 'auth',
    access: { kind: 'public' },
    status: 201,
    body: SignUpBody,
    response: SessionResponse,
    handler: async ({ c, deps, db, body, principal }) => {
      const userId = await registerUser(deps, db, body, clientAddress(c, deps.config))
      return startSession(c, deps, db, userId, body.client, principal)
    },
  }),
  defineRoute({
    method: 'post',
    path: '/auth/sign-out',
    summary: 'End the current session',
    tag: 'auth',
    access: { kind: 'user' },
    response: z.object({ signedOut: z.literal(true) }),
    handler: async ({ c, db, principal }) => {
      await deleteSession(db, principal!.sessionId)
      clearSessionCookie(c)
      return { signedOut: true as const }
    },
  }),
  defineRoute({
    method: 'get',
    path: '/auth/session',
    summary: 'The signed-in user, their accounts and (web) the CSRF token to send on mutations',
    tag: 'auth',
    access: { kind: 'user' },
    response: SessionResponse,
    handler: ({ db, principal }) => sessionView(db, principal!),
  }),
  ...sessionRoutes,
  ...confirmationRoutes,
  ...passwordRoutes,
]
