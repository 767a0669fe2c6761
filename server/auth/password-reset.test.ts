import { beforeEach, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD, persona } from '../../fixtures/personas'
import { PASSWORD_RESET_ANSWER_MS, PASSWORD_RESET_MINUTES } from '../../domain/auth-rules'
import { anonymous, createTestApp, signIn, type Caller, type TestApp } from '../testing/test-app'

/** A forgotten password, reset through the link mailed to the address (issue 19). */
let t: TestApp
let admin: Caller
beforeEach(async () => {
  t = await createTestApp()
  admin = await signIn(t.app, 'admin')
})

const paula = persona('personal')
const NEW_PASSWORD = 'a-brand-new-password'

const ask = (email: string, headers: Record<string, string> = {}) =>
  anonymous(t.app).json('POST', '/auth/password-reset', { email }, headers)
const signInWith = (email: string, password: string, client = 'native') =>
  anonymous(t.app).json('POST', '/auth/sign-in', { email, password, client })

type Mail = { id: string; template: string; subject: string; body: string }

/** The reset mails sent to `email`, newest first, as the development outbox shows them. */
async function resetMails(email: string): Promise<Mail[]> {
  const items = (await admin.json('GET', `/sandbox/mail?to=${encodeURIComponent(email)}`)).body.items as Mail[]
  return items.filter((m) => m.template === 'passwordReset')
}

/** Asks for a link for `email` and reads its token from the reset mail that request sent. */
async function tokenFor(email: string): Promise<string> {
  const before = new Set((await resetMails(email)).map((m) => m.id))
  expect((await ask(email)).status).toBe(200)
  const mail = (await resetMails(email)).find((m) => !before.has(m.id))
  const token = /[?&]token=([\w-]+)/.exec(mail?.body ?? '')?.[1]
  expect(token, mail?.body).toBeDefined()
  return token!
}

const complete = (token: string, password = NEW_PASSWORD) =>
  anonymous(t.app).json('POST', '/auth/password-reset/complete', { token, password })
const lookup = (token: string) => anonymous(t.app).json('POST', '/auth/password-reset/lookup', { token })

describe('password reset', () => {
  it(
    'mails a link to the address; the new password works, the ' +
      'old one does not, and every session of the account ends',
    async () => {
      const web = await signIn(t.app, 'personal', 'web')
      const native = await signIn(t.app, 'personal', 'native')
      const answer = await ask('  Personal@Demo.Cash ')
      expect(answer).toEqual({ status: 200, body: { requested: true } })

      const [mail] = await resetMails(paula.email)
      expect(mail).toMatchObject({ subject: 'Reset your Cash password' })
      expect(mail!.body).toContain(`works once and for ${PASSWORD_RESET_MINUTES} minutes`)
      const token = /sign-in\?step=reset-password&token=([\w-]+)/.exec(mail!.body)![1]!
      // Only the token's hash is kept.
      const rows = await t.deps.db.kysely.selectFrom('password_resets').selectAll().execute()
      expect(rows).toHaveLength(1)
      expect(JSON.stringify(rows)).not.toContain(token)

      expect((await lookup(token)).body).toEqual({
        email: paula.email,
        expiresAt: new Date(t.deps.now().getTime() + PASSWORD_RESET_MINUTES * 60_000).toISOString(),
      })
      expect(await complete(token)).toEqual({ status: 200, body: { email: paula.email, signedOut: 2 } })

      for (const session of [web, native]) expect((await session.request('GET', '/auth/session')).status).toBe(401)
      expect((await signInWith(paula.email, DEMO_PASSWORD)).status).toBe(401)
      expect((await signInWith(paula.email, NEW_PASSWORD)).status).toBe(200)
      const notices = (
        (await admin.json('GET', `/sandbox/mail?to=${encodeURIComponent(paula.email)}`)).body.items as {
          template: string
          body: string
        }[]
      ).filter((m) => m.template === 'passwordChanged')
      expect(notices).toHaveLength(1)
      expect(notices[0]!.body).toContain('Every device signed in to your account was signed out.')
    },
  )

  it('answers an address nobody has exactly as one with an account, no sooner, and mails nothing', async () => {
    const started = performance.now()
    const known = await ask(paula.email)
    const knownMs = performance.now() - started
    const unknownStarted = performance.now()
    const unknown = await ask('nobody-here@demo.cash')
    const unknownMs = performance.now() - unknownStarted
    expect(unknown).toEqual(known)
    // Both wait out the same floor, so an address without an account does not answer faster.
    expect(knownMs).toBeGreaterThanOrEqual(PASSWORD_RESET_ANSWER_MS - 1)
    expect(unknownMs).toBeGreaterThanOrEqual(PASSWORD_RESET_ANSWER_MS - 1)
    expect(await resetMails('nobody-here@demo.cash')).toEqual([])
    expect(await t.deps.db.kysely.selectFrom('password_resets').select('user_id').execute()).toEqual([
      { user_id: paula.id },
    ])
  })

  it('a link works once', async () => {
    const token = await tokenFor(paula.email)
    expect((await complete(token)).status).toBe(200)
    const again = await complete(token, 'yet-another-password')
    expect(again.status).toBe(410)
    expect(again.body.error.code).toBe('reset_link_used')
    expect((await lookup(token)).body.error.code).toBe('reset_link_used')
    expect((await signInWith(paula.email, 'yet-another-password')).status).toBe(401)
  })

  it('refuses a link after its 30 minutes, and an older link once a newer one was asked for', async () => {
    const expiring = await tokenFor(paula.email)
    t.setNow(new Date(t.deps.now().getTime() + (PASSWORD_RESET_MINUTES * 60 + 1) * 1000))
    const late = await complete(expiring)
    expect(late.status).toBe(410)
    expect(late.body.error).toMatchObject({ code: 'reset_link_expired', message: expect.stringMatching(/expired/) })

    const older = await tokenFor(paula.email)
    const newer = await tokenFor(paula.email)
    expect((await complete(older)).body.error.code).toBe('reset_link_replaced')
    expect((await complete(newer)).status).toBe(200)
    expect((await signInWith(paula.email, DEMO_PASSWORD)).status).toBe(401)
  })

  it('refuses a token nobody was sent, and says so without naming anyone', async () => {
    const res = await lookup('x'.repeat(43))
    expect(res.status).toBe(404)
    expect(res.body.error.code).toBe('reset_link_not_found')
    expect(JSON.stringify(res.body)).not.toContain('@')
    const completed = await complete('x'.repeat(43))
    expect([completed.status, completed.body.error.code]).toEqual([404, 'reset_link_not_found'])
    expect(JSON.stringify(completed.body)).not.toContain('@')
  })

  it('holds the new password to the sign-up rule, at its field, and leaves the link usable', async () => {
    const token = await tokenFor(paula.email)
    const short = await complete(token, 'short')
    expect(short.status).toBe(400)
    expect(short.body.error.fields).toEqual({ password: 'Use at least 10 characters for your password.' })
    expect((await lookup(token)).status).toBe(200)
    expect((await signInWith(paula.email, DEMO_PASSWORD)).status).toBe(200)
  })

  it('clears the account’s sign-in lock-out', async () => {
    for (let i = 0; i < 6; i++) await signInWith(paula.email, `wrong-password-${i}`)
    expect((await signInWith(paula.email, DEMO_PASSWORD)).body.error.code).toBe('account_locked')
    expect((await complete(await tokenFor(paula.email))).status).toBe(200)
    expect((await signInWith(paula.email, NEW_PASSWORD)).status).toBe(200)
  })

  it('limits links per address (with or without an account) and requests per client address', async () => {
    for (const email of [paula.email, 'nobody-here@demo.cash']) {
      for (let i = 0; i < 3; i++) expect((await ask(email)).status, `${email} #${i + 1}`).toBe(200)
      const fourth = await ask(email)
      expect(fourth.status).toBe(429)
      expect(fourth.body.error).toMatchObject({
        code: 'reset_rate_limited',
        fields: { email: expect.stringMatching(/Too many reset links/) },
      })
    }
    expect(await resetMails(paula.email)).toHaveLength(3)

    t = await createTestApp({ AUTH_RATE_LIMIT: 4 })
    const codes: number[] = []
    for (let i = 0; i < 5; i++) codes.push((await ask(`someone-${i}@demo.cash`)).status)
    expect(codes).toEqual([200, 200, 200, 200, 429])
    expect((await ask('someone-else@demo.cash')).body.error.code).toBe('rate_limited')
  })
})
