import { SessionList, SessionParams, SessionsEnded } from '../../domain/api/auth.schema'
import { defineRoute } from '../http/route-table'
import { clearSessionCookie, endSession, endSessionsOf, listSessions } from './session-service'

/** The signed-in person's sessions (devices): the list, and signing any of them out. */
export const sessionRoutes = [
  defineRoute({
    method: 'get',
    path: '/auth/sessions',
    summary:
      'The caller’s sessions that still work (browser or app, when ' +
      'made, last used to the minute), this one first, marked `current`',
    tag: 'auth',
    access: { kind: 'user' },
    response: SessionList,
    handler: ({ deps, db, principal }) => listSessions(deps, db, principal!),
  }),
  defineRoute({
    method: 'post',
    path: '/auth/sessions/:sessionId/sign-out',
    summary:
      'End one of the caller’s sessions by its id (this one too: then like ' +
      'sign-out); session_not_found when it has already ended or is not theirs',
    tag: 'auth',
    access: { kind: 'user' },
    params: SessionParams,
    response: SessionsEnded,
    handler: async ({ c, db, params, principal }) => {
      const { current } = await endSession(db, principal!, params.sessionId)
      if (current) clearSessionCookie(c)
      return { signedOut: 1 }
    },
  }),
  defineRoute({
    method: 'post',
    path: '/auth/sessions/sign-out-others',
    summary: 'Sign out everywhere else: end every session of the caller but this one',
    tag: 'auth',
    access: { kind: 'user' },
    response: SessionsEnded,
    handler: async ({ db, principal }) => ({
      signedOut: await endSessionsOf(db, principal!.userId, principal!.sessionId),
    }),
  }),
]
