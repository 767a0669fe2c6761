import { beforeEach, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD, persona } from '../../fixtures/personas'
import { SESSION_SEEN_EVERY_MS } from '../../domain/auth-rules'
import { anonymous, createTestApp, signIn, type Caller, type TestApp } from '../testing/test-app'
import { TEST_CLOCK } from '../testing/test-database'

/** The session policy (issue 19): idle timeout on real time, the list of devices, signing them out, password change. */
let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 ' +
  '(KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const APP_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148'

/** Signs Paula in from a given browser or app, as the API sees it (its User-Agent). */
async function paulaFrom(userAgent: string, client: 'web' | 'native'): Promise<Caller> {
  const res = await t.app.request('/app/cash/api/v1/auth/sign-in', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': userAgent },
    body: JSON.stringify({ email: persona('personal').email, password: DEMO_PASSWORD, client }),
  })
  expect(res.status).toBe(200)
  const body = (await res.json()) as { token?: string; csrfToken?: string }
  const auth: Record<string, string> =
    client === 'native'
      ? { authorization: `Bearer ${body.token}` }
      : { cookie: res.headers.get('set-cookie')!.split(';')[0]!, 'x-csrf-token': body.csrfToken! }
  const caller = anonymous(t.app)
  return {
    headers: auth,
    request: (method, path, b, headers = {}) => caller.request(method, path, b, { ...auth, ...headers }),
    json: (method, path, b, headers = {}) => caller.json(method, path, b, { ...auth, ...headers }),
  }
}

const at = (ms: number) => t.setWallClock(new Date(TEST_CLOCK.getTime() + ms))
const MINUTE = 60_000
const alive = async (caller: Caller, headers: Record<string, string> = {}) =>
  (await caller.request('GET', '/auth/session', undefined, headers)).status === 200

describe('idle timeout', () => {
  it('ends a web session after 30 minutes of real time without use, and not before', async () => {
    const web = await paulaFrom(CHROME_MAC, 'web')
    at(29 * MINUTE)
    expect(await alive(web)).toBe(true)
    at(58 * MINUTE) // 29 minutes after its last use
    expect(await alive(web)).toBe(true)
    at(58 * MINUTE + 30 * MINUTE)
    expect(await alive(web)).toBe(false)
    expect((await web.json('GET', '/auth/sessions')).body.error.code).toBe('unauthenticated')
  })

  it('gives an app (bearer) session 7 days without use, within the 30-day lifetime', async () => {
    const app = await paulaFrom(APP_IPHONE, 'native')
    at(6 * 24 * 60 * MINUTE)
    expect(await alive(app)).toBe(true)
    at((6 + 7) * 24 * 60 * MINUTE - MINUTE)
    expect(await alive(app)).toBe(true)
    at((6 + 7 + 7) * 24 * 60 * MINUTE)
    expect(await alive(app)).toBe(false)
  })

  it('never ends a session when the sandbox clock is moved forward, however far', async () => {
    const web = await paulaFrom(CHROME_MAC, 'web')
    const app = await paulaFrom(APP_IPHONE, 'native')
    const admin = await signIn(t.app, 'admin')
    const moved = await admin.json('POST', '/sandbox/clock', { advanceSeconds: 30 * 86_400 })
    expect(moved.status).toBe(200)
    expect(t.deps.now().getTime() - TEST_CLOCK.getTime()).toBeGreaterThanOrEqual(30 * 86_400_000)
    t.setNow(new Date(TEST_CLOCK.getTime() + 90 * 86_400_000))
    expect(await alive(web)).toBe(true)
    expect(await alive(app)).toBe(true)
    expect(await alive(admin)).toBe(true)
  })

  it('writes the last use at most once a minute, and a background poll does not count as use', async () => {
    const web = await paulaFrom(CHROME_MAC, 'web')
    const seen = async () =>
      (
        await t.deps.db.kysely
          .selectFrom('sessions')
          .select('last_seen_at')
          .where('transport', '=', 'cookie')
          .executeTakeFirstOrThrow()
      ).last_seen_at.getTime() - TEST_CLOCK.getTime()
    at(SESSION_SEEN_EVERY_MS - 1000)
    await alive(web)
    expect(await seen()).toBe(0)
    at(SESSION_SEEN_EVERY_MS)
    await alive(web)
    expect(await seen()).toBe(SESSION_SEEN_EVERY_MS)
    // A page polling in the background every few minutes does not keep an unattended session open.
    for (let minute = 5; minute < 30; minute += 5) {
      at(SESSION_SEEN_EVERY_MS + minute * MINUTE)
      expect(await alive(web, { 'x-cash-background': '1' })).toBe(true)
    }
    expect(await seen()).toBe(SESSION_SEEN_EVERY_MS)
    at(SESSION_SEEN_EVERY_MS + 30 * MINUTE)
    expect(await alive(web, { 'x-cash-background': '1' })).toBe(false)
  })
})

describe('signed-in devices', () => {
  it('lists the caller’s live sessions with the browser or app, when made and last used, this one first', async () => {
    const app = await paulaFrom(APP_IPHONE, 'native')
    at(2 * MINUTE)
    const web = await paulaFrom(CHROME_MAC, 'web')
    await signIn(t.app, 'borrower') // someone else's: never listed
    at(5 * MINUTE)
    const list = await web.json('GET', '/auth/sessions')
    expect(list.status).toBe(200)
    expect(list.body.policy).toEqual({ webIdleMinutes: 30, appIdleHours: 168, lifetimeHours: 720 })
    expect(list.body.sessions).toEqual([
      {
        id: expect.any(String),
        current: true,
        transport: 'cookie',
        browser: 'Chrome',
        os: 'macOS',
        createdAt: new Date(TEST_CLOCK.getTime() + 2 * MINUTE).toISOString(),
        lastSeenAt: new Date(TEST_CLOCK.getTime() + 5 * MINUTE).toISOString(),
      },
      {
        id: expect.any(String),
        current: false,
        transport: 'bearer',
        browser: null,
        os: 'iOS',
        createdAt: TEST_CLOCK.toISOString(),
        lastSeenAt: TEST_CLOCK.toISOString(),
      },
    ])
    // An idle one is not listed.
    at(40 * MINUTE)
    expect(
      (await app.json('GET', '/auth/sessions')).body.sessions.map((s: { transport: string }) => s.transport),
    ).toEqual(['bearer'])
  })

  it('sign out everywhere else keeps this session and ends every other', async () => {
    const web = await paulaFrom(CHROME_MAC, 'web')
    const app = await paulaFrom(APP_IPHONE, 'native')
    const other = await paulaFrom(CHROME_MAC, 'web')
    const bruno = await signIn(t.app, 'borrower')
    const res = await web.json('POST', '/auth/sessions/sign-out-others')
    expect(res).toEqual({ status: 200, body: { signedOut: 2 } })
    expect(await alive(web)).toBe(true)
    expect(await alive(app)).toBe(false)
    expect(await alive(other)).toBe(false)
    expect(await alive(bruno)).toBe(true)
    expect((await web.json('GET', '/auth/sessions')).body.sessions).toHaveLength(1)
  })

  it('signs out one session by its id; someone else’s is not found and stays', async () => {
    const web = await paulaFrom(CHROME_MAC, 'web')
    const app = await paulaFrom(APP_IPHONE, 'native')
    const appId = (await web.json('GET', '/auth/sessions')).body.sessions.find(
      (s: { current: boolean }) => !s.current,
    ).id
    const bruno = await signIn(t.app, 'borrower')
    const foreign = await bruno.json('POST', `/auth/sessions/${appId}/sign-out`)
    expect(foreign.status).toBe(404)
    expect(foreign.body.error.code).toBe('session_not_found')
    expect(await alive(app)).toBe(true)
    expect(await web.json('POST', `/auth/sessions/${appId}/sign-out`)).toEqual({ status: 200, body: { signedOut: 1 } })
    expect(await alive(app)).toBe(false)
    expect(await alive(web)).toBe(true)
    // Its own id ends the caller's session and clears the cookie, like sign-out.
    const ownId = (await web.json('GET', '/auth/sessions')).body.sessions[0].id
    const own = await web.request('POST', `/auth/sessions/${ownId}/sign-out`)
    expect(own.headers.get('set-cookie')).toMatch(/cash_session=;/)
    expect(await alive(web)).toBe(false)
  })
})

describe('changing the password', () => {
  it('checks the current password at its field, then keeps this session and ends the others', async () => {
    const web = await paulaFrom(CHROME_MAC, 'web')
    const app = await paulaFrom(APP_IPHONE, 'native')
    const wrong = await web.json('POST', '/auth/password', {
      password: 'not-my-password',
      newPassword: 'a-brand-new-password',
    })
    expect(wrong.status).toBe(401)
    expect(wrong.body.error.fields).toEqual({ password: 'That password is not right.' })
    const short = await web.json('POST', '/auth/password', { password: DEMO_PASSWORD, newPassword: 'short' })
    expect(short.body.error.fields).toEqual({ newPassword: 'Use at least 10 characters for your password.' })
    expect(await alive(app)).toBe(true)

    expect(
      await web.json('POST', '/auth/password', { password: DEMO_PASSWORD, newPassword: 'a-brand-new-password' }),
    ).toEqual({ status: 200, body: { signedOutOthers: 1 } })
    expect(await alive(web)).toBe(true)
    expect(await alive(app)).toBe(false)
    const signIn = (password: string) =>
      anonymous(t.app).json('POST', '/auth/sign-in', { email: persona('personal').email, password, client: 'native' })
    expect((await signIn(DEMO_PASSWORD)).status).toBe(401)
    expect((await signIn('a-brand-new-password')).status).toBe(200)
  })
  it('holds current passwords sent at once to five: the rest refused unchecked, then the right one too', async () => {
    const stolen = await paulaFrom(CHROME_MAC, 'web')
    // All wrong: on PostgreSQL they run in any order, and a right one among the first five would rightly pass.
    const guesses = Array.from({ length: 12 }, (_, i) => `wrong-${i}`)
    const change = (password: string) => stolen.json('POST', '/auth/password', { password, newPassword: 'taken-over' })
    const codes = (await Promise.all(guesses.map(change))).map((a) => a.body.error?.code ?? 'changed')
    expect(codes.filter((code) => code === 'confirmation_failed')).toHaveLength(5)
    expect(codes.filter((code) => code === 'confirmation_locked')).toHaveLength(7)
    expect((await change(DEMO_PASSWORD)).body.error?.code).toBe('confirmation_locked')
    const signIn = await anonymous(t.app).json('POST', '/auth/sign-in', {
      email: persona('personal').email,
      password: DEMO_PASSWORD,
    })
    expect(signIn.status).toBe(200)
    // The holder hears of the pause once, as when the guesses come one by one.
    const paused = await t.deps.db.kysely
      .selectFrom('mail_outbox')
      .select('subject')
      .where('to_address', '=', persona('personal').email)
      .where('subject', 'like', '%paused confirmations%')
      .execute()
    expect(paused).toHaveLength(1)
  })
})
