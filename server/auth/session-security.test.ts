import { privateKeyToAccount } from 'viem/accounts'
import { beforeEach, describe, expect, it } from 'vitest'
import { ACCOUNT_IDS, CARD_IDS, DEMO_PASSWORD, persona } from '../../fixtures/personas'
import { anonymous, createTestApp, signIn, type TestApp } from '../testing/test-app'

/** Session rotation, sign-out, and the secrets that must never reach a log line (issue 10, security). */
let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})

const API = '/app/cash/api/v1'
const cookieOf = (res: Response) => (res.headers.get('set-cookie') ?? '').split(';')[0]!

async function webSignIn(headers: Record<string, string> = {}) {
  const res = await t.app.request(`${API}/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email: persona('personal').email, password: DEMO_PASSWORD, client: 'web' }),
  })
  expect(res.status).toBe(200)
  const body = (await res.json()) as { csrfToken: string }
  return { cookie: cookieOf(res), csrf: body.csrfToken }
}

const sessionWith = (cookie: string) => t.app.request(`${API}/auth/session`, { headers: { cookie } })

describe('session rotation', () => {
  it('a sign-in with an old session cookie issues a new session and CSRF token and revokes the old one', async () => {
    const first = await webSignIn()
    expect((await sessionWith(first.cookie)).status).toBe(200)
    const second = await webSignIn({ cookie: first.cookie })
    expect(second.cookie).toMatch(/^cash_session=.{40,}/)
    expect(second.cookie).not.toBe(first.cookie)
    expect(second.csrf).not.toBe(first.csrf)
    expect((await sessionWith(first.cookie)).status).toBe(401)
    const now = await sessionWith(second.cookie)
    expect(now.status).toBe(200)
    expect(((await now.json()) as { csrfToken: string }).csrfToken).toBe(second.csrf)
    // The old CSRF token does not work with the new session.
    const stale = await t.app.request(`${API}/auth/sign-out`, {
      method: 'POST',
      headers: { cookie: second.cookie, 'x-csrf-token': first.csrf },
    })
    expect(stale.status).toBe(403)
    expect(await t.deps.db.kysely.selectFrom('sessions').select('id').execute()).toHaveLength(1)
  })

  it('a session planted before sign-in (fixation) is useless afterwards, even for another user', async () => {
    const planted = await webSignIn()
    const res = await t.app.request(`${API}/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: planted.cookie },
      body: JSON.stringify({ email: persona('borrower').email, password: DEMO_PASSWORD, client: 'web' }),
    })
    expect(res.status).toBe(200)
    expect((await sessionWith(planted.cookie)).status).toBe(401)
    const bruno = (await (await sessionWith(cookieOf(res))).json()) as { user: { email: string } }
    expect(bruno.user.email).toBe(persona('borrower').email)
  })

  it('a native sign-in issues a fresh bearer token each time; sign-out revokes it', async () => {
    const one = await signIn(t.app, 'personal')
    const two = await signIn(t.app, 'personal')
    expect((await one.request('GET', '/auth/session')).status).toBe(200)
    expect((await two.request('GET', '/auth/session')).status).toBe(200)
    expect((await two.json('POST', '/auth/sign-out')).body).toEqual({ signedOut: true })
    expect((await two.request('GET', '/auth/session')).status).toBe(401)
    expect((await one.request('GET', '/auth/session')).status).toBe(200)
  })

  it('web sign-out revokes the session server-side and clears the cookie', async () => {
    const s = await webSignIn()
    const out = await t.app.request(`${API}/auth/sign-out`, {
      method: 'POST',
      headers: { cookie: s.cookie, 'x-csrf-token': s.csrf },
    })
    expect(out.status).toBe(200)
    expect(out.headers.get('set-cookie')).toMatch(/cash_session=;/)
    expect((await sessionWith(s.cookie)).status).toBe(401)
  })

  it('the session cookie is httpOnly, SameSite and scoped to the app; Secure when configured', async () => {
    const res = await t.app.request(`${API}/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: persona('personal').email, password: DEMO_PASSWORD, client: 'web' }),
    })
    const cookie = res.headers.get('set-cookie')!
    expect(cookie).toContain('HttpOnly')
    expect(cookie).toContain('SameSite=Lax')
    expect(cookie).toContain('Path=/app/cash')
    expect(cookie).not.toContain('Secure')
    const secure = await createTestApp({ COOKIE_SECURE: true })
    const res2 = await secure.app.request(`${API}/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: persona('personal').email, password: DEMO_PASSWORD, client: 'web' }),
    })
    expect(res2.headers.get('set-cookie')).toContain('Secure')
  })
})

describe('no secret in logs', () => {
  it(
    'sign-ins, an invite accepted, a card reveal, ' + 'a vault code and a wallet signature leave no secret in the logs',
    async () => {
      const secrets: string[] = [DEMO_PASSWORD]
      // Web and native sign-ins, with a token-carrying query string on a request for good measure.
      const web = await webSignIn()
      secrets.push(web.cookie.split('=')[1]!, web.csrf)
      const native = await t.app.request(`${API}/auth/sign-in?token=query-secret-value-1234567890`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: persona('owner').email, password: DEMO_PASSWORD, client: 'native' }),
      })
      const bearer = ((await native.json()) as { token: string }).token
      secrets.push(bearer, 'query-secret-value-1234567890')
      const owner = { authorization: `Bearer ${bearer}` }
      // A wrong password is not logged either.
      await anonymous(t.app).request('POST', '/auth/sign-in', {
        email: persona('member').email,
        password: 'wrong-but-secret-pass',
        client: 'native',
      })
      secrets.push('wrong-but-secret-pass')

      // An invitation: its token travels in the e-mail link, then in the lookup and the accept calls.
      const invited = await anonymous(t.app).request(
        'POST',
        `/accounts/${ACCOUNT_IDS.acme}/invitations`,
        { email: 'ivy@example.com', role: 'member' },
        owner,
      )
      expect(invited.status).toBe(201)
      const admin = await signIn(t.app, 'admin')
      const mail = (await admin.json('GET', '/sandbox/mail?to=ivy%40example.com')).body.items[0]
      const inviteToken = /accept-invite\?token=([\w-]+)/.exec(mail.body)![1]!
      secrets.push(inviteToken)
      expect((await anonymous(t.app).request('POST', '/invitations/lookup', { token: inviteToken })).status).toBe(200)
      const ivy = await anonymous(t.app).json('POST', '/auth/sign-up', {
        name: 'Ivy',
        email: 'ivy@example.com',
        password: 'ivy-secret-password-9',
        client: 'native',
        inviteToken,
      })
      secrets.push('ivy-secret-password-9', ivy.body.token)
      expect(
        (
          await anonymous(t.app).request(
            'POST',
            '/invitations/accept',
            { token: inviteToken },
            { authorization: `Bearer ${ivy.body.token}` },
          )
        ).status,
      ).toBe(200)

      // Card details.
      const paula = await signIn(t.app, 'personal')
      const shown = await paula.json('POST', `/cards/${CARD_IDS.personal}/reveal`, {
        confirmation: { method: 'password', password: DEMO_PASSWORD },
      })
      expect(shown.status).toBe(200)
      secrets.push(shown.body.number, shown.body.cvv)

      // A vault e-mail code.
      expect((await paula.json('POST', '/vault-email', { email: 'vault@paula.example' })).status).toBeLessThan(300)
      const code = (await admin.json('GET', '/sandbox/mail?to=vault%40paula.example')).body.items[0].subject.match(
        /(\d{6})$/,
      )![1]!
      expect((await paula.json('POST', '/vault-email/verify', { code })).status).toBe(200)

      // A SIWE signature (a well-known test key: never holds funds).
      const wallet = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
      const issued = await paula.json('POST', '/wallets/nonce', { address: wallet.address })
      const signature = await wallet.signMessage({ message: issued.body.message })
      const confirmation = { method: 'password', password: DEMO_PASSWORD }
      expect(
        (await paula.json('POST', '/wallets', { message: issued.body.message, signature, confirmation })).status,
      ).toBe(201)
      secrets.push(signature)

      const logs = t.logs.join('')
      expect(t.logs.length).toBeGreaterThan(10)
      // What the server wrote, without the fields it makes itself (time, random request id, duration): a 3-digit
      // CVV is found in a random request id or a timestamp now and then (a run failed on "158" in "…f15872").
      const written = t.logs
        .map((line) => {
          const { time: _time, requestId: _requestId, ms: _ms, ...fields } = JSON.parse(line) as Record<string, unknown>
          return JSON.stringify(fields)
        })
        .join('\n')
      expect(written).toContain('/cards/')
      for (const secret of secrets)
        expect(written, `a secret of ${secret.length} characters is in the logs`).not.toContain(secret)
      // The vault code is 6 digits: it must not appear as a value anywhere.
      expect(logs).not.toMatch(new RegExp(`"${code}"`))
      expect(logs).not.toContain('?token=')
    },
  )

  it('the logger itself masks secrets passed by mistake, by key and by shape, at any depth', async () => {
    const card = '4242424242424242'
    const spaced = '4242 4242 4242 4242'
    t.deps.log.warn('oops Bearer abcDEF123456 and a link /app/cash/accept-invite?token=AbCdEfGh12345678', {
      headers: { authorization: 'Bearer xyz', cookie: 'cash_session=abc' },
      body: {
        password: 'hunter2-password',
        confirmation: { password: 'nested-password' },
        cvv: '123',
        number: card,
        code: '654321',
      },
      note: `card ${card} in text, or ${spaced}`,
      token: 'x',
      random: 'Zq3xY8pL0aB7cD6eF5gH4iJ3kL2mN1oP0qR9sT8uV7w',
      accountId: ACCOUNT_IDS.personal,
      signatureless: `0x${'ab'.repeat(65)}`,
      amount: '1200000000000000000',
    })
    const line = t.logs.at(-1)!
    for (const secret of [
      spaced,
      'abcDEF123456',
      'AbCdEfGh12345678',
      'Bearer xyz',
      'cash_session=abc',
      'hunter2-password',
      'nested-password',
      '"123"',
      card,
      '654321',
      'Zq3xY8pL0aB7',
      'abababab',
    ]) {
      expect(line, secret).not.toContain(secret)
    }
    // What is not a secret stays readable.
    expect(line).toContain(ACCOUNT_IDS.personal)
    expect(line).toContain('1200000000000000000')
    expect(line).toContain('/app/cash/accept-invite?token=[redacted]')
  })
})

describe('sessions read together', () => {
  // Sessions presented in the same moment are read in one statement (session-service.ts): each request must still
  // get its own person, with their own accounts, and a signed-out one in the same burst gets nobody.
  it(
    'many people at the same moment each get their own session, ' + 'and a revoked token in the burst gets none',
    async () => {
      const keys = ['personal', 'borrower', 'owner', 'member', 'admin', 'admin2'] as const
      const callers = await Promise.all(keys.map((k) => signIn(t.app, k)))
      const revoked = await signIn(t.app, 'personal')
      expect((await revoked.request('POST', '/auth/sign-out')).status).toBe(200)
      const burst = await Promise.all([
        ...callers.flatMap((c, i) =>
          [0, 1, 2].map(() => c.json('GET', '/auth/session').then((r) => ({ key: keys[i]!, r }))),
        ),
        revoked.json('GET', '/auth/session').then((r) => ({ key: 'revoked' as const, r })),
      ])
      for (const { key, r } of burst) {
        if (key === 'revoked') {
          expect(r.status).toBe(401)
          continue
        }
        expect(r.status, key).toBe(200)
        expect(r.body.user.email, key).toBe(persona(key).email)
        const accounts = (r.body.memberships as { accountId: string }[]).map((m) => m.accountId)
        if (key === 'owner' || key === 'member') expect(accounts, key).toContain(ACCOUNT_IDS.acme)
        if (key === 'personal') expect(accounts, key).toEqual([ACCOUNT_IDS.personal])
      }
    },
  )
})

describe('confirmation passwords', () => {
  it(
    'pause after 5 wrong ones in a row, even for the right one, ' +
      'across every confirmation, and resume after 15 minutes',
    async () => {
      const paula = await signIn(t.app, 'personal')
      const reveal = (password: string) =>
        paula.json('POST', `/cards/${CARD_IDS.personal}/reveal`, { confirmation: { method: 'password', password } })
      const withdraw = (password: string) =>
        paula.json(
          'POST',
          `/accounts/${ACCOUNT_IDS.personal}/withdrawals`,
          {
            asset: 'USDC',
            amount: '10',
            address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
            confirmation: { method: 'password', password },
          },
          { 'idempotency-key': `guess-${Math.random()}` },
        )
      // Wrong guesses on two different confirmations count together.
      for (let i = 0; i < 3; i++) expect((await reveal(`guess-${i}`)).body.error.code).toBe('confirmation_failed')
      for (let i = 3; i < 5; i++) expect((await withdraw(`guess-${i}`)).body.error.code).toBe('confirmation_failed')
      const refused = await reveal(DEMO_PASSWORD)
      expect(refused.status).toBe(429)
      expect(refused.body.error).toMatchObject({
        code: 'confirmation_locked',
        fields: { password: expect.stringContaining('paused') },
        details: { retryAt: expect.any(String) },
      })
      expect(refused.body).not.toHaveProperty('number')
      expect((await withdraw(DEMO_PASSWORD)).body.error.code).toBe('confirmation_locked')
      // The holder hears of it by e-mail, once: whoever was guessing holds the session, not the mailbox.
      const paused = await t.deps.db.kysely
        .selectFrom('mail_outbox')
        .select(['subject', 'body'])
        .where('to_address', '=', persona('personal').email)
        .where('subject', 'like', '%paused confirmations%')
        .execute()
      expect(paused).toHaveLength(1)
      expect(paused[0]!.body).toMatch(/wrong password 5 times in a row .* paused until .+ UTC/)
      t.setNow(new Date(t.deps.now().getTime() + 15 * 60_000 + 1000))
      const shown = await reveal(DEMO_PASSWORD)
      expect(shown.status).toBe(200)
      expect(shown.body.number).toMatch(/^\d{16}$/)
      // The right password ended the streak: four wrong ones later, the fifth guess is still only wrong.
      for (let i = 0; i < 4; i++) expect((await reveal(`again-${i}`)).body.error.code).toBe('confirmation_failed')
      expect((await reveal(DEMO_PASSWORD)).status).toBe(200)
    },
  )
})
