import { createHash, randomBytes } from 'node:crypto'
import type { Context } from 'hono'
import type { ExpressionBuilder } from 'kysely'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { Membership, SessionList } from '../../domain/api/auth.schema'
import { SESSION_SEEN_EVERY_MS } from '../../domain/auth-rules'
import { DomainError } from '../../domain/errors'
import { summariseUserAgent } from '../../domain/user-agent'
import type { Deps, Principal } from '../http/route-table'
import { gatherReads, perServer } from '../db/group-commit'
import type { Database } from '../db/schema'
import type { Tx } from '../db/connect'

export const SESSION_COOKIE = 'cash_session'
const COOKIE_PATH = '/app/cash'

const digest = (token: string) => createHash('sha256').update(token).digest('hex')
/** A session's id: the SHA-256 of its token. */
export const sessionIdOf = (token: string): string => digest(token)

/**
 * Sessions keep real time, not the business clock. On a test server `deps.now` is the sandbox's clock, which QA moves
 * forward by hours or days to make delays pass (a withdrawal's security delay, a hold's expiry); were idleness and
 * lifetime measured on it, every advance would sign the tester out, and a session would look idle or old for time
 * nobody lived. So created, last seen, idle and expiry all read `deps.wallClock` (the machine's clock unless a test
 * passes its own), and the sandbox clock never touches a session.
 */
export const sessionClock = (deps: Pick<Deps, 'wallClock'>): Date => deps.wallClock?.() ?? new Date()

/** How long a session may go unused: minutes on the web, days in the app (config.ts says why). */
export const idleLimitMs = (config: Deps['config'], transport: 'cookie' | 'bearer'): number =>
  transport === 'cookie' ? config.SESSION_IDLE_MINUTES * 60_000 : config.SESSION_NATIVE_IDLE_HOURS * 3_600_000

/** Whether a session still works at `at` (real time): before its absolute expiry and not idle too long. */
export function sessionIsLive(
  config: Deps['config'],
  row: { transport: 'cookie' | 'bearer'; expires_at: Date; last_seen_at: Date },
  at: Date,
): boolean {
  return (
    row.expires_at.getTime() > at.getTime() &&
    row.last_seen_at.getTime() + idleLimitMs(config, row.transport) > at.getTime()
  )
}

/** sessionIsLive as SQL, for statements over many sessions. */
function liveAt(eb: ExpressionBuilder<Database, 'sessions'>, config: Deps['config'], at: Date) {
  const seenSince = (transport: 'cookie' | 'bearer') =>
    eb.and([
      eb('transport', '=', transport),
      eb('last_seen_at', '>', new Date(at.getTime() - idleLimitMs(config, transport))),
    ])
  return eb.and([eb('expires_at', '>', at), eb.or([seenSince('cookie'), seenSince('bearer')])])
}

/** How many sessions of the user still work (the back office's user page). */
export async function liveSessionCount(
  deps: Pick<Deps, 'config' | 'wallClock'>,
  db: Tx,
  userId: string,
): Promise<number> {
  const row = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where((eb) => liveAt(eb, deps.config, sessionClock(deps)))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Creates a session and returns its token (shown once; only its hash is stored). */
export async function createSession(
  deps: Deps,
  db: Tx,
  userId: string,
  transport: 'cookie' | 'bearer',
  userAgent?: string,
  walletAddress: string | null = null,
): Promise<{ token: string; csrfToken: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url')
  const csrfToken = randomBytes(24).toString('base64url')
  const at = sessionClock(deps)
  const expiresAt = new Date(at.getTime() + deps.config.SESSION_TTL_HOURS * 3_600_000)
  // The user's sessions that are over are swept here, where a new one starts, rather than on every request.
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where((eb) => eb.not(liveAt(eb, deps.config, at)))
    .execute()
  await db
    .insertInto('sessions')
    .values({
      id: digest(token),
      user_id: userId,
      transport,
      csrf_token: csrfToken,
      expires_at: expiresAt,
      created_at: at,
      last_seen_at: at,
      public_id: deps.newId(),
      user_agent: userAgent?.slice(0, 400) || null,
      wallet_address: walletAddress,
    })
    .execute()
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
      .select([
        'sessions.id as sessionId',
        'sessions.transport',
        'sessions.csrf_token',
        'sessions.expires_at',
        'sessions.last_seen_at',
        'users.id as userId',
        'users.email',
        'users.name',
        'users.platform_role',
      ])
      .where('sessions.id', 'in', ids)
      .execute()
    const memberships = await membershipsOfMany(deps.db.kysely, [...new Set(rows.map((r) => r.userId))])
    return new Map(rows.map((row) => [row.sessionId, { ...row, memberships: memberships.get(row.userId) ?? [] }]))
  }),
)

/**
 * Last-seen times, written at most once a minute per session (SESSION_SEEN_EVERY_MS) and together: the sessions
 * due a write in one turn of the event loop go in one UPDATE (gatherReads batches any keyed call, writes too). The
 * WHERE repeats the once-a-minute test, so several server processes touching one session still write it once.
 */
const sessionToucher = perServer((deps: Deps) =>
  gatherReads(async (ids: string[]) => {
    const at = sessionClock(deps)
    await deps.db.kysely
      .updateTable('sessions')
      .set({ last_seen_at: at })
      .where('id', 'in', ids)
      .where('last_seen_at', '<=', new Date(at.getTime() - SESSION_SEEN_EVERY_MS))
      .execute()
    return new Map<string, true>()
  }),
)

/**
 * A page's background poll (the API client marks it `X-Cash-Background`) is not the person using the session: it
 * is served, but does not put off the idle timeout, or a tab left open on home would keep a session alive for ever.
 */
const isBackground = (c: Context) => c.req.header('x-cash-background') !== undefined

/**
 * Loads the signed-in caller, or null. A session past its lifetime or idle too long (real time: sessionClock) is
 * treated as absent; a live one's last use is recorded when the recorded one is a minute old.
 */
export async function resolvePrincipal(c: Context, deps: Deps): Promise<Principal | null> {
  const presented = presentedToken(c)
  if (!presented || presented.token.length > 200) return null
  const row = await sessionReader(deps)(digest(presented.token))
  const at = sessionClock(deps)
  if (!row || !sessionIsLive(deps.config, row, at) || row.transport !== presented.transport) return null
  if (!isBackground(c) && at.getTime() - row.last_seen_at.getTime() >= SESSION_SEEN_EVERY_MS) {
    // Losing one last-seen write costs at most a minute of idle time: never fail the request for it.
    await sessionToucher(deps)(row.sessionId).catch((error: unknown) =>
      deps.log.warn('session last-seen not written', { error: String(error) }),
    )
  }
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
  for (const r of rows)
    byUser.set(r.user_id, [
      ...(byUser.get(r.user_id) ?? []),
      { accountId: r.id, accountKind: r.kind, accountName: r.name, role: r.role },
    ])
  return byUser
}

/** Ends a session. */
export async function deleteSession(db: Tx, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute()
}

/** The caller's sessions that still work, this one first, then by last use: the list of signed-in devices. */
export async function listSessions(deps: Deps, db: Tx, principal: Principal): Promise<SessionList> {
  const at = sessionClock(deps)
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'public_id', 'transport', 'user_agent', 'created_at', 'last_seen_at', 'expires_at'])
    .where('user_id', '=', principal.userId)
    .orderBy('last_seen_at', 'desc')
    .orderBy('created_at', 'desc')
    .execute()
  const live = rows.filter((r) => sessionIsLive(deps.config, r, at))
  live.sort((a, b) => Number(b.id === principal.sessionId) - Number(a.id === principal.sessionId))
  return {
    sessions: live.map((r) => ({
      id: r.public_id,
      current: r.id === principal.sessionId,
      transport: r.transport,
      ...summariseUserAgent(r.user_agent),
      createdAt: r.created_at.toISOString(),
      lastSeenAt: r.last_seen_at.toISOString(),
    })),
    policy: {
      webIdleMinutes: deps.config.SESSION_IDLE_MINUTES,
      appIdleHours: deps.config.SESSION_NATIVE_IDLE_HOURS,
      lifetimeHours: deps.config.SESSION_TTL_HOURS,
    },
  }
}

/** Ends one of the caller's sessions by its public id; answers whether it was the one the request came with. */
export async function endSession(db: Tx, principal: Principal, publicId: string): Promise<{ current: boolean }> {
  const ended = await db
    .deleteFrom('sessions')
    .where('user_id', '=', principal.userId)
    .where('public_id', '=', publicId)
    .returning('id')
    .executeTakeFirst()
  if (!ended) throw new DomainError('session_not_found')
  return { current: ended.id === principal.sessionId }
}

/** Ends every session of the user but `keep` (the caller's own, on "sign out everywhere else"); answers how many. */
export async function endSessionsOf(db: Tx, userId: string, keep?: string): Promise<number> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId)
  if (keep) query = query.where('id', '<>', keep)
  const ended = await query.returning('id').execute()
  return ended.length
}

/** What `GET /auth/session` answers for a signed-in caller (a cookie session also gets its CSRF token). */
export async function sessionView(db: Tx, p: Principal) {
  const { language } = await db
    .selectFrom('users')
    .select('language')
    .where('id', '=', p.userId)
    .executeTakeFirstOrThrow()
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
export async function pageBootData(
  c: Context,
  deps: Deps,
): Promise<{ data: { session: Awaited<ReturnType<typeof sessionView>> | null }; private: boolean }> {
  const principal = presentedToken(c)?.transport === 'cookie' ? await resolvePrincipal(c, deps) : null
  return principal
    ? { data: { session: await sessionView(deps.db.kysely, principal) }, private: true }
    : { data: { session: null }, private: false }
}
