import { beforeEach, describe, expect, it } from 'vitest'
import { ACCOUNT_IDS, DEMO_PASSWORD } from '../../fixtures/personas'
import { anonymous, createTestApp, signIn, type TestApp } from '../testing/test-app'
import { TEST_CLOCK } from '../testing/test-database'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})

const attempt = (email: string, password: string, client = 'web') =>
  anonymous(t.app).json('POST', '/auth/sign-in', { email, password, client })

describe('sign-in', () => {
  it('signs a web client in with an httpOnly SameSite cookie and returns its accounts', async () => {
    const res = await anonymous(t.app).request('POST', '/auth/sign-in', {
      email: 'Personal@Demo.Cash ',
      password: DEMO_PASSWORD,
    })
    expect(res.status).toBe(200)
    const cookie = res.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(/^cash_session=[\w-]{40,};/)
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    expect(cookie).toMatch(/Path=\/app\/cash/)
    const body = await res.json()
    expect(body.token).toBeUndefined()
    expect(body.memberships).toEqual([
      { accountId: ACCOUNT_IDS.personal, accountKind: 'personal', accountName: 'Paula Pereira', role: 'holder' },
    ])
  })

  it('gives native hosts a bearer token instead of a cookie', async () => {
    const res = await anonymous(t.app).request('POST', '/auth/sign-in', {
      email: 'personal@demo.cash',
      password: DEMO_PASSWORD,
      client: 'native',
    })
    expect(res.headers.get('set-cookie')).toBeNull()
    const { token } = await res.json()
    const session = await anonymous(t.app).json('GET', '/auth/session', undefined, { authorization: `Bearer ${token}` })
    expect(session.status).toBe(200)
    expect(session.body.user.email).toBe('personal@demo.cash')
  })

  it('answers a wrong password and an unknown e-mail with the same generic error', async () => {
    const wrong = await attempt('personal@demo.cash', 'not-the-password')
    const unknown = await attempt('nobody@demo.cash', 'not-the-password')
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(wrong.body).toEqual(unknown.body)
    expect(wrong.body.error.code).toBe('invalid_credentials')
    expect(wrong.body.error.fields.password).toMatch(/do not match/)
  })

  it('refuses the sixth wrong password in a row, and then even the right one, for 15 minutes', async () => {
    for (let i = 1; i <= 5; i++)
      expect((await attempt('personal@demo.cash', `wrong-${i}`)).body.error.code).toBe('invalid_credentials')
    const sixth = await attempt('personal@demo.cash', 'wrong-6')
    expect(sixth.status).toBe(429)
    expect(sixth.body.error.code).toBe('account_locked')
    expect((await attempt('personal@demo.cash', DEMO_PASSWORD)).body.error.code).toBe('account_locked')
    t.setNow(new Date(t.deps.now().getTime() + 16 * 60_000))
    expect((await attempt('personal@demo.cash', DEMO_PASSWORD)).status).toBe(200)
  })

  it('holds guesses sent all at once to five: the rest refused unchecked, then the right password too', async () => {
    // All wrong: on PostgreSQL they run in any order, and a right one among the first five would rightly sign in.
    const guesses = Array.from({ length: 12 }, (_, i) => `wrong-${i}`)
    const answers = await Promise.all(guesses.map((password) => attempt('personal@demo.cash', password)))
    const codes = answers.map((a) => a.body.error?.code ?? 'signed_in')
    expect(codes.filter((code) => code === 'invalid_credentials')).toHaveLength(5)
    expect(codes.filter((code) => code === 'account_locked')).toHaveLength(7)
    expect((await attempt('personal@demo.cash', DEMO_PASSWORD)).body.error.code).toBe('account_locked')
  })

  it('locks an unknown e-mail the same way, so lock-out reveals nothing', async () => {
    for (let i = 0; i < 5; i++) await attempt('ghost@demo.cash', 'wrong-password')
    expect((await attempt('ghost@demo.cash', 'wrong-password')).body.error.code).toBe('account_locked')
  })

  it('a success resets the failure streak', async () => {
    for (let i = 0; i < 4; i++) await attempt('personal@demo.cash', 'wrong-password')
    expect((await attempt('personal@demo.cash', DEMO_PASSWORD)).status).toBe(200)
    for (let i = 0; i < 4; i++) await attempt('personal@demo.cash', 'wrong-password')
    expect((await attempt('personal@demo.cash', DEMO_PASSWORD)).status).toBe(200)
  })

  it('rate-limits one client across many e-mails', async () => {
    const codes: string[] = []
    for (let i = 0; i < 31; i++) codes.push((await attempt(`user${i}@demo.cash`, 'wrong-password')).body.error.code)
    expect(codes.slice(0, 30).every((c) => c === 'invalid_credentials')).toBe(true)
    expect(codes[30]).toBe('rate_limited')
  })

  it('issues a new session token on every sign-in (rotation)', async () => {
    const first = await anonymous(t.app).request('POST', '/auth/sign-in', {
      email: 'personal@demo.cash',
      password: DEMO_PASSWORD,
    })
    const firstCookie = first.headers.get('set-cookie')!.split(';')[0]!
    const second = await anonymous(t.app).request(
      'POST',
      '/auth/sign-in',
      { email: 'personal@demo.cash', password: DEMO_PASSWORD },
      { cookie: firstCookie },
    )
    const secondCookie = second.headers.get('set-cookie')!.split(';')[0]!
    expect(secondCookie).not.toBe(firstCookie)
    expect((await anonymous(t.app).request('GET', '/auth/session', undefined, { cookie: firstCookie })).status).toBe(
      401,
    )
    expect((await anonymous(t.app).request('GET', '/auth/session', undefined, { cookie: secondCookie })).status).toBe(
      200,
    )
  })

  it('points at the field for malformed input and never signs in', async () => {
    const res = await anonymous(t.app).json('POST', '/auth/sign-in', { email: 'not-an-email', password: '' })
    expect(res.status).toBe(400)
    expect(res.body.error.fields).toEqual({ email: expect.stringMatching(/e-mail/), password: 'Enter your password.' })
    expect((await anonymous(t.app).request('POST', '/auth/sign-in', '{not json')).status).toBe(400)
  })
})

describe('sessions and CSRF', () => {
  it('refuses a cookie-session mutation without the CSRF token, and accepts it with', async () => {
    const web = await signIn(t.app, 'personal', 'web')
    const noToken = await web.request('POST', '/auth/sign-out', undefined, { 'x-csrf-token': '' })
    expect(noToken.status).toBe(403)
    expect((await noToken.json()).error.code).toBe('csrf_failed')
    expect((await web.request('POST', '/auth/sign-out')).status).toBe(200)
  })

  it('refuses a mutation from a foreign Origin', async () => {
    const web = await signIn(t.app, 'personal', 'web')
    const res = await web.request('POST', '/auth/sign-out', undefined, { origin: 'https://evil.example' })
    expect(res.status).toBe(403)
  })

  it('ends the session on sign-out', async () => {
    const web = await signIn(t.app, 'personal', 'web')
    await web.request('POST', '/auth/sign-out')
    expect((await web.request('GET', '/auth/session')).status).toBe(401)
  })

  it('treats an expired session as signed out (its lifetime is real time, not the business clock)', async () => {
    const native = await signIn(t.app, 'personal')
    // Used every few days, so never idle: only the absolute lifetime can end it.
    for (let hours = 24 * 5; hours < t.deps.config.SESSION_TTL_HOURS; hours += 24 * 5) {
      t.setWallClock(new Date(TEST_CLOCK.getTime() + hours * 3_600_000))
      expect((await native.request('GET', '/auth/session')).status).toBe(200)
    }
    t.setWallClock(new Date(TEST_CLOCK.getTime() + (t.deps.config.SESSION_TTL_HOURS + 1) * 3_600_000))
    expect((await native.request('GET', '/auth/session')).status).toBe(401)
  })
})

describe('sign-up', () => {
  it('creates a user who can then sign in, with no account until onboarding', async () => {
    const res = await anonymous(t.app).json('POST', '/auth/sign-up', {
      name: 'Rita Reis',
      email: 'rita@example.com',
      password: 'long-enough-pw',
    })
    expect(res.status).toBe(201)
    expect(res.body.memberships).toEqual([])
    expect((await attempt('rita@example.com', 'long-enough-pw')).status).toBe(200)
  })

  it('says which field is wrong', async () => {
    const res = await anonymous(t.app).json('POST', '/auth/sign-up', { name: '', email: 'x', password: 'short' })
    expect(res.status).toBe(400)
    expect(Object.keys(res.body.error.fields).sort()).toEqual(['email', 'name', 'password'])
  })

  it('refuses a name with a line break or a bidi override at the name field, and creates no one', async () => {
    for (const name of ['Rita\nReis', 'Rita\u202eReis']) {
      const res = await anonymous(t.app).json('POST', '/auth/sign-up', {
        name,
        email: 'rita@example.com',
        password: 'long-enough-pw',
      })
      expect(res.status).toBe(400)
      expect(res.body.error.fields).toEqual({
        name: 'Write the name on one line, without tabs or hidden control characters.',
      })
    }
    expect((await attempt('rita@example.com', 'long-enough-pw')).status).toBe(401)
  })

  it('refuses an e-mail already registered, at the e-mail field', async () => {
    const res = await anonymous(t.app).json('POST', '/auth/sign-up', {
      name: 'Paula',
      email: 'personal@demo.cash',
      password: 'long-enough-pw',
    })
    expect(res.status).toBe(409)
    expect(res.body.error.fields.email).toMatch(/already exists/)
  })

  it('is rate-limited per client like sign-in', async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: 2 })
    const statuses: number[] = []
    for (let i = 0; i < 3; i++) {
      const res = await anonymous(t.app).json('POST', '/auth/sign-up', {
        name: 'Rita',
        email: `rita${i}@example.com`,
        password: 'long-enough-pw',
      })
      statuses.push(res.status)
      if (i === 2) expect(res.body.error.code).toBe('rate_limited')
    }
    expect(statuses).toEqual([201, 201, 429])
  })

  it('is refused when sign-ups are closed', async () => {
    t = await createTestApp({ SIGNUPS_OPEN: false })
    const res = await anonymous(t.app).json('POST', '/auth/sign-up', {
      name: 'Rita',
      email: 'rita@example.com',
      password: 'long-enough-pw',
    })
    expect(res.body.error.code).toBe('signups_closed')
  })
})
