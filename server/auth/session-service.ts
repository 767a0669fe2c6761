import { createHash, randomBytes } from 'node:crypto'
import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { Membership } from '../../domain/api/auth.schema'
import type { Deps, Principal } from '../http/route-table'
import { gatherReads, perServer } from '../db/group-commit'
import type { Tx } from '../ledger/ledger-service'

export const SESSION_COOKIE = 'cash_session'
const COOKIE_PATH = '/app/cash'

const digest = (token: string) => createHash('sha256').update(token).digest('hex')

/** Creates a session and returns its token (shown once; only its hash is stored). */
export async function createSession(
  deps: Deps,
  db: Tx,
  userId: string,
  transport: 'cookie' | 'bearer',
): Promise<{ token: string; csrfToken: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url')
  const csrfToken = randomBytes(24).toString('base64url')
  const expiresAt = new Date(deps.now().getTime() + deps.config.SESSION_TTL_HOURS * 3_600_000)
  await db.insertInto('sessions').values({ id: digest(token), user_id: userId, transport, csrf_token: csrfToken, expires_at: expiresAt }).execute()
  return { token, csrfToken, expiresAt }
}

/** Sets the httpOnly session cookie. */
export function setSessionCookie(c: Context, deps: Deps, token: string, expiresAt: Date): void {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: deps.config.COOKIE_SECURE,
    path: COOKIE_PATH,
    expires: expiresAt,
  })
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, { path: COOKIE_PATH })
}

/** The caller's token: a bearer header (native hosts) wins over the cookie (web). */
function presentedToken(c: Context): { token: string; transport: 'cookie' | 'bearer' } | null {
  const header = c.req.header('authorization')
  if (header?.startsWith('Bearer ')) return { token: header.slice(7).trim(), transport: 'bearer' }
  const cookie = getCookie(c, SESSION_COOKIE)
  return cookie ? { token: cookie, transport: 'cookie' } : null
}

/**
 * The sessions presented in one turn of the event loop, read together with their users, then their memberships:
 * every signed-in request needs them, and under load this is two round trips for many requests, not two each.
 */
const sessionReader = perServer((deps: Deps) =>
  gatherReads(async (ids: string[]) => {
    const rows = await deps.db.kysely
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['sessions.id as sessionId', 'sessions.transport', 'sessions.csrf_token', 'sessions.expires_at', 'users.id as userId', 'users.email', 'users.name', 'users.platform_role'])
      .where('sessions.id', 'in', ids)
      .execute()
    const memberships = await membershipsOfMany(deps.db.kysely, [...new Set(rows.map((r) => r.userId))])
    return new Map(rows.map((row) => [row.sessionId, { ...row, memberships: memberships.get(row.userId) ?? [] }]))
  }),
)

/** Loads the signed-in caller, or null. Expired sessions are treated as absent. */
export async function resolvePrincipal(c: Context, deps: Deps): Promise<Principal | null> {
  const presented = presentedToken(c)
  if (!presented || presented.token.length > 200) return null
  const row = await sessionReader(deps)(digest(presented.token))
  if (!row || row.expires_at.getTime() <= deps.now().getTime() || row.transport !== presented.transport) return null
  return {
    userId: row.userId,
    email: row.email,
    name: row.name,
    platformRole: row.platform_role,
    sessionId: row.sessionId,
    transport: row.transport,
    csrfToken: row.csrf_token,
    memberships: row.memberships,
  }
}

/** The accounts a user belongs to, with their role on each. */
export async function membershipsOf(db: Tx, userId: string): Promise<Membership[]> {
  return (await membershipsOfMany(db, [userId])).get(userId) ?? []
}

/** membershipsOf for many users in one statement, by user id (a user with none is absent). */
async function membershipsOfMany(db: Tx, userIds: string[]): Promise<Map<string, Membership[]>> {
  const byUser = new Map<string, Membership[]>()
  if (userIds.length === 0) return byUser
  const rows = await db
    .selectFrom('account_members')
    .innerJoin('accounts', 'accounts.id', 'account_members.account_id')
    .select(['account_members.user_id', 'accounts.id', 'accounts.kind', 'accounts.name', 'account_members.role'])
    .where('account_members.user_id', 'in', userIds)
    .orderBy('account_members.created_at')
    .execute()
  for (const r of rows) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), { accountId: r.id, accountKind: r.kind, accountName: r.name, role: r.role }])
  return byUser
}

/** Ends a session. */
export async function deleteSession(db: Tx, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute()
}

/** What `GET /auth/session` answers for a signed-in caller (a cookie session also gets its CSRF token). */
export async function sessionView(db: Tx, p: Principal) {
  const { language } = await db.selectFrom('users').select('language').where('id', '=', p.userId).executeTakeFirstOrThrow()
  return {
    user: { id: p.userId, email: p.email, name: p.name, platformRole: p.platformRole },
    memberships: p.memberships,
    language,
    ...(p.transport === 'cookie' ? { csrfToken: p.csrfToken } : {}),
  }
}

/**
 * What a page's HTML carries for its first screen (inlined by server/http/static-pages.ts): the browser's cookie
 * session, or null when it has none. A webview signed in by its host (a bearer token over the bridge) ignores it.
 */
export async function pageBootData(c: Context, deps: Deps): Promise<{ data: { session: Awaited<ReturnType<typeof sessionView>> | null }; private: boolean }> {
  const principal = presentedToken(c)?.transport === 'cookie' ? await resolvePrincipal(c, deps) : null
  return principal ? { data: { session: await sessionView(deps.db.kysely, principal) }, private: true } : { data: { session: null }, private: false }
}
