import { beforeEach, describe, expect, it } from 'vitest'
import { privateKeyToAccount } from 'viem/accounts'
import { ACCOUNT_IDS, DEMO_PASSWORD, persona } from '../../fixtures/personas'
import { anonymous, createTestApp, signIn, type Caller, type TestApp } from '../testing/test-app'

// Well-known test keys (Hardhat/Anvil accounts 0 and 1): never hold real funds.
const alice = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const bob = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412ed6c5df3dee35c')

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})

const codeFrom = async (to: string) => {
  const admin = await signIn(t.app, 'admin')
  const items = (await admin.json('GET', `/sandbox/mail?to=${encodeURIComponent(to)}`)).body.items as {
    subject: string
  }[]
  return items[0]!.subject.match(/(\d{6})$/)![1]!
}

describe('profile details', () => {
  it('saves name, language, phone and the personal account’s time zone, which the spending day follows', async () => {
    const paula = await signIn(t.app, 'personal', 'web')
    const before = await paula.json('GET', '/profile')
    expect(before.body).toMatchObject({
      email: 'personal@demo.cash',
      language: null,
      phone: null,
      timeZone: { accountId: ACCOUNT_IDS.personal, value: 'America/Sao_Paulo', editable: true },
    })
    const saved = await paula.json('PUT', '/profile', {
      name: 'Paula P. Pereira',
      language: 'pt-BR',
      phone: '+55 (11) 98765-4321',
      timeZone: 'Asia/Tokyo',
    })
    expect(saved.status).toBe(200)
    expect(saved.body).toMatchObject({
      name: 'Paula P. Pereira',
      language: 'pt-BR',
      phone: '+5511987654321',
      timeZone: { value: 'Asia/Tokyo' },
    })
    expect((await paula.json('GET', `/accounts/${ACCOUNT_IDS.personal}/limits`)).body.timeZone).toBe('Asia/Tokyo')
    expect((await paula.json('GET', '/auth/session')).body.language).toBe('pt-BR')
    // An empty language goes back to following the device.
    await paula.json('PUT', '/profile', { name: 'Paula Pereira', language: '', phone: '' })
    expect((await paula.json('GET', '/auth/session')).body.language).toBeNull()
    expect((await paula.json('GET', '/profile')).body).toMatchObject({
      name: 'Paula Pereira',
      phone: null,
      timeZone: { value: 'Asia/Tokyo' },
    })
  })

  it(
    'saves a profile with no phone as the page sends it (phone null), ' + 'and clears a saved phone the same way',
    async () => {
      const paula = await signIn(t.app, 'personal', 'web')
      const none = await paula.json('PUT', '/profile', { name: 'Paula Pereira', language: null, phone: null })
      expect(none.status).toBe(200)
      expect(none.body).toMatchObject({ name: 'Paula Pereira', phone: null })
      await paula.json('PUT', '/profile', { name: 'Paula Pereira', language: null, phone: '+55 11 98765 4321' })
      const cleared = await paula.json('PUT', '/profile', { name: 'Paula Pereira', language: null, phone: null })
      expect(cleared.status).toBe(200)
      expect((await paula.json('GET', '/profile')).body).toMatchObject({ phone: null })
    },
  )

  it('refuses a bad phone and an unknown time zone at their fields and changes nothing', async () => {
    const paula = await signIn(t.app, 'personal')
    const res = await paula.json('PUT', '/profile', {
      name: 'Paula',
      language: 'en',
      phone: '98765',
      timeZone: 'Mars/Olympus',
    })
    expect(res.status).toBe(400)
    expect(Object.keys(res.body.error.fields).sort()).toEqual(['phone', 'timeZone'])
    expect((await paula.json('GET', '/profile')).body).toMatchObject({ name: 'Paula Pereira', phone: null })
  })

  it('lets a company owner change its time zone but not a member', async () => {
    const owner = await signIn(t.app, 'owner')
    expect(
      (await owner.json('PUT', '/profile', { name: 'Olga Owner', language: 'en', phone: '', timeZone: 'Europe/Paris' }))
        .body.timeZone,
    ).toMatchObject({ accountId: ACCOUNT_IDS.acme, value: 'Europe/Paris' })
    const member = await signIn(t.app, 'member')
    const profile = (await member.json('GET', '/profile')).body
    expect(profile.timeZone).toMatchObject({ value: 'Europe/Paris', editable: false })
    const refused = await member.json('PUT', '/profile', {
      name: profile.name,
      language: 'en',
      phone: '',
      timeZone: 'Asia/Tokyo',
    })
    expect(refused.status).toBe(403)
    expect(refused.body.error.fields.timeZone).toMatch(/owners and admins/)
    // Sending the unchanged zone with other changes is fine.
    expect(
      (
        await member.json('PUT', '/profile', {
          name: profile.name,
          language: 'pt-BR',
          phone: '',
          timeZone: 'Europe/Paris',
        })
      ).status,
    ).toBe(200)
  })
})

describe('vault e-mail', () => {
  it('verifies a new address with the mailed code; until then the old verified one stays in use', async () => {
    const paula = await signIn(t.app, 'personal')
    await paula.json('POST', '/vault-email', { email: 'vault@paula.example' })
    await paula.json('POST', '/vault-email/verify', { code: await codeFrom('vault@paula.example') })
    const requested = await paula.json('POST', '/vault-email', { email: 'New@Paula.example' })
    expect(requested.body).toMatchObject({
      verified: { email: 'vault@paula.example' },
      pending: { email: 'new@paula.example', codeUsable: true },
    })
    const wrong = await paula.json('POST', '/vault-email/verify', {
      code: (Number(await codeFrom('new@paula.example')) ^ 1).toString().padStart(6, '0'),
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body.error.fields.code).toBe('That code is not right. 4 tries left.')
    const ok = await paula.json('POST', '/vault-email/verify', { code: await codeFrom('new@paula.example') })
    expect(ok.body).toMatchObject({ verified: { email: 'new@paula.example' }, pending: null })
  })

  it('ends a code after 5 wrong tries, even the right code after that', async () => {
    const paula = await signIn(t.app, 'personal')
    await paula.json('POST', '/vault-email', { email: 'vault@paula.example' })
    const code = await codeFrom('vault@paula.example')
    const wrongCode = code === '000000' ? '000001' : '000000'
    for (let i = 0; i < 4; i++)
      expect((await paula.json('POST', '/vault-email/verify', { code: wrongCode })).body.error.code).toBe(
        'vault_code_wrong',
      )
    expect((await paula.json('POST', '/vault-email/verify', { code: wrongCode })).body.error.code).toBe(
      'vault_code_expired',
    )
    const after = await paula.json('POST', '/vault-email/verify', { code })
    expect(after.body.error.code).toBe('vault_code_expired')
    expect((await paula.json('GET', '/vault-email')).body).toMatchObject({
      verified: null,
      pending: { email: 'vault@paula.example', codeUsable: false },
    })
  })

  it('expires a code after 15 minutes, and a new request replaces the old code', async () => {
    const paula = await signIn(t.app, 'personal')
    await paula.json('POST', '/vault-email', { email: 'vault@paula.example' })
    const first = await codeFrom('vault@paula.example')
    t.setNow(new Date('2026-11-21T12:15:01Z'))
    expect((await paula.json('POST', '/vault-email/verify', { code: first })).body.error.code).toBe(
      'vault_code_expired',
    )
    await paula.json('POST', '/vault-email', { email: 'vault@paula.example' })
    const second = await codeFrom('vault@paula.example')
    if (second !== first)
      expect((await paula.json('POST', '/vault-email/verify', { code: first })).body.error.code).toBe(
        'vault_code_wrong',
      )
    expect((await paula.json('POST', '/vault-email/verify', { code: second })).body.verified).toMatchObject({
      email: 'vault@paula.example',
    })
  })

  it('stores no code in clear and limits how many codes are sent', async () => {
    const paula = await signIn(t.app, 'personal')
    for (let i = 0; i < 5; i++)
      expect((await paula.json('POST', '/vault-email', { email: `v${i}@paula.example` })).status).toBe(200)
    expect((await paula.json('POST', '/vault-email', { email: 'v6@paula.example' })).body.error.code).toBe(
      'rate_limited',
    )
    const row = await t.deps.db.kysely.selectFrom('vault_email_codes').selectAll().executeTakeFirstOrThrow()
    expect(row.code_hash).not.toContain(await codeFrom('v4@paula.example'))
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/)
  })
})

const withPassword = (password = DEMO_PASSWORD) => ({ method: 'password', password })
async function linkWith(caller: Caller, wallet = alice, confirmation: unknown = withPassword()) {
  const issued = await caller.json('POST', '/wallets/nonce', { address: wallet.address })
  const signature = await wallet.signMessage({ message: issued.body.message })
  return caller.json('POST', '/wallets', { message: issued.body.message, signature, confirmation })
}

/** Signs in with `wallet` from a new device: a bearer token natively, a cookie on the web. */
async function walletSignIn(wallet = alice, client: 'web' | 'native' = 'native') {
  const visitor = anonymous(t.app)
  const issued = (await visitor.json('POST', '/auth/wallet/nonce', { address: wallet.address })).body
  expect(issued.message).toContain('Sign in to Cash with this wallet')
  return visitor.request('POST', '/auth/wallet/sign-in', {
    message: issued.message,
    signature: await wallet.signMessage({ message: issued.message }),
    client,
  })
}

describe('wallets', () => {
  it('links a wallet by a signature of the issued message, lists it and unlinks it after confirmation', async () => {
    const paula = await signIn(t.app, 'personal', 'web')
    const issued = await paula.json('POST', '/wallets/nonce', { address: alice.address.toLowerCase() })
    expect(issued.body.message).toContain(
      `wants you to sign in with your Ethereum account:\n${alice.address}\n\nLink this wallet to your Cash account`,
    )
    expect(issued.body.message).toContain('Chain ID: 1')
    const linked = await paula.json('POST', '/wallets', {
      message: issued.body.message,
      signature: await alice.signMessage({ message: issued.body.message }),
      confirmation: withPassword(),
    })
    expect(linked.status).toBe(201)
    expect(linked.body.wallets).toEqual([{ address: alice.address, linkedAt: '2026-11-21T12:00:00.000Z' }])
    const noPassword = await paula.json('POST', `/wallets/${alice.address}/unlink`, {
      confirmation: { method: 'host', challengeId: '00000000-0000-4000-8000-000000000000', signature: 'AAAA' },
    })
    expect(noPassword.body.error.code).toBe('confirmation_required')
    expect(
      (
        await paula.json('POST', `/wallets/${alice.address}/unlink`, {
          confirmation: { method: 'password', password: 'wrong-password' },
        })
      ).body.error.code,
    ).toBe('confirmation_failed')
    expect(
      (
        await paula.json('POST', `/wallets/${alice.address}/unlink`, {
          confirmation: { method: 'password', password: 'cash-demo-2026' },
        })
      ).body.wallets,
    ).toEqual([])
  })

  it('links only with the confirmation unlinking asks, refused alike and linking nothing without it', async () => {
    const paula = await signIn(t.app, 'personal', 'web')
    const issued = (await paula.json('POST', '/wallets/nonce', { address: alice.address })).body
    const signed = { message: issued.message, signature: await alice.signMessage({ message: issued.message }) }
    const refusals = [
      undefined,
      // A cookie session cannot confirm with the host's biometrics.
      { method: 'host', challengeId: '00000000-0000-4000-8000-000000000000', signature: 'AAAA' },
      withPassword('wrong-password'),
    ]
    const refused: unknown[] = []
    for (const confirmation of refusals) {
      const link = await paula.json('POST', '/wallets', { ...signed, confirmation })
      const unlink = await paula.json('POST', `/wallets/${alice.address}/unlink`, { confirmation })
      expect({ status: link.status, error: link.body.error }).toEqual({
        status: unlink.status,
        error: unlink.body.error,
      })
      refused.push([link.status, link.body.error.code, link.body.error.fields])
    }
    expect(refused).toEqual([
      [400, 'invalid_request', { confirmation: 'Fill in this field.' }],
      [401, 'confirmation_required', { password: 'Enter your password to confirm.' }],
      [401, 'confirmation_failed', { password: 'That password is not right.' }],
    ])
    expect((await paula.json('GET', '/wallets')).body.wallets).toEqual([])
    // A refused confirmation leaves the message's nonce unspent: the same signature links once the password is right.
    const linked = await paula.json('POST', '/wallets', { ...signed, confirmation: withPassword() })
    expect(linked.status).toBe(201)
    expect(linked.body.wallets).toEqual([{ address: alice.address, linkedAt: '2026-11-21T12:00:00.000Z' }])
  })

  it('links from the app with the host’s biometric answer to a challenge of that session', async () => {
    const native = await signIn(t.app, 'personal', 'native')
    expect((await linkWith(native, alice, await native.hostConfirmation())).status).toBe(201)
    const web = await signIn(t.app, 'personal', 'web')
    const refused = await linkWith(web, bob, await native.hostConfirmation())
    expect([refused.status, refused.body.error.code]).toEqual([401, 'confirmation_required'])
    expect((await native.json('GET', '/wallets')).body.wallets.map((w: { address: string }) => w.address)).toEqual([
      alice.address,
    ])
  })

  it('refuses a signature by another wallet, for another nonce, or of a tampered message', async () => {
    const paula = await signIn(t.app, 'personal')
    const one = (await paula.json('POST', '/wallets/nonce', { address: alice.address })).body
    const two = (await paula.json('POST', '/wallets/nonce', { address: alice.address })).body
    // Another address signed it.
    expect(
      (
        await paula.json('POST', '/wallets', {
          message: one.message,
          signature: await bob.signMessage({ message: one.message }),
          confirmation: withPassword(),
        })
      ).body.error.code,
    ).toBe('wallet_signature_invalid')
    // The signature is for the other nonce's message.
    expect(
      (
        await paula.json('POST', '/wallets', {
          message: two.message,
          signature: await alice.signMessage({ message: one.message }),
          confirmation: withPassword(),
        })
      ).body.error.code,
    ).toBe('wallet_signature_invalid')
    // A message with a changed address, signed by that address.
    const three = (await paula.json('POST', '/wallets/nonce', { address: alice.address })).body
    const tampered = three.message.replace(alice.address, bob.address)
    expect(
      (
        await paula.json('POST', '/wallets', {
          message: tampered,
          signature: await bob.signMessage({ message: tampered }),
          confirmation: withPassword(),
        })
      ).body.error.code,
    ).toBe('wallet_signature_invalid')
    expect((await paula.json('GET', '/wallets')).body.wallets).toEqual([])
  })

  it('refuses an expired or reused nonce, and another user’s nonce', async () => {
    const paula = await signIn(t.app, 'personal')
    const issued = (await paula.json('POST', '/wallets/nonce', { address: alice.address })).body
    const signature = await alice.signMessage({ message: issued.message })
    const confirmation = withPassword()
    t.setNow(new Date('2026-11-21T12:10:01Z'))
    expect(
      (await paula.json('POST', '/wallets', { message: issued.message, signature, confirmation })).body.error.code,
    ).toBe('wallet_nonce_invalid')
    const fresh = (await paula.json('POST', '/wallets/nonce', { address: alice.address })).body
    const signed = {
      message: fresh.message,
      signature: await alice.signMessage({ message: fresh.message }),
      confirmation,
    }
    const bruno = await signIn(t.app, 'borrower')
    expect((await bruno.json('POST', '/wallets', signed)).body.error.code).toBe('wallet_nonce_invalid')
    expect((await paula.json('POST', '/wallets', signed)).status).toBe(201)
    expect((await paula.json('POST', '/wallets', signed)).body.error.code).toBe('wallet_nonce_invalid')
  })

  it('limits the nonces one user asks for, and one device asks for to sign in', async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: 2 })
    const paula = await signIn(t.app, 'personal')
    const linking: number[] = []
    for (let i = 0; i < 3; i++)
      linking.push((await paula.json('POST', '/wallets/nonce', { address: alice.address })).status)
    expect(linking).toEqual([200, 200, 429])
    const visitor = anonymous(t.app)
    const signingIn: number[] = []
    for (let i = 0; i < 3; i++)
      signingIn.push((await visitor.json('POST', '/auth/wallet/nonce', { address: alice.address })).status)
    expect(signingIn).toEqual([200, 200, 429])
    const refused = await visitor.json('POST', '/auth/wallet/nonce', { address: alice.address })
    expect(refused.body.error.code).toBe('rate_limited')
  })

  it('links one wallet to one user only', async () => {
    expect((await linkWith(await signIn(t.app, 'personal'))).status).toBe(201)
    const bruno = await signIn(t.app, 'borrower')
    const taken = await linkWith(bruno)
    expect(taken.status).toBe(409)
    expect(taken.body.error.code).toBe('wallet_taken')
    expect((await bruno.json('GET', '/wallets')).body.wallets).toEqual([])
  })
})

describe('a new password unlinks every wallet', () => {
  const paula = persona('personal')
  const NEW_PASSWORD = 'a-brand-new-password'
  type Mail = { template: string; body: string }
  const notices = async () => {
    const admin = await signIn(t.app, 'admin')
    const items = (await admin.json('GET', `/sandbox/mail?to=${encodeURIComponent(paula.email)}`)).body.items as Mail[]
    return items.filter((m) => m.template === 'passwordChanged')
  }

  it('a reset unlinks them all: they no longer sign in, the notice names them, and they link again', async () => {
    const web = await signIn(t.app, 'personal', 'web')
    expect((await linkWith(web, alice)).status).toBe(201)
    expect((await linkWith(web, bob)).status).toBe(201)
    expect((await walletSignIn(alice)).status).toBe(200)

    expect((await anonymous(t.app).json('POST', '/auth/password-reset', { email: paula.email })).status).toBe(200)
    const admin = await signIn(t.app, 'admin')
    const mails = (await admin.json('GET', `/sandbox/mail?to=${encodeURIComponent(paula.email)}`)).body.items as Mail[]
    const token = /[?&]token=([\w-]+)/.exec(mails.find((m) => m.template === 'passwordReset')!.body)![1]!
    const done = await anonymous(t.app).json('POST', '/auth/password-reset/complete', { token, password: NEW_PASSWORD })
    expect(done.status).toBe(200)

    for (const wallet of [alice, bob]) {
      const res = await walletSignIn(wallet)
      expect(res.status).toBe(401)
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('wallet_not_linked')
    }
    const [notice] = await notices()
    expect(notice!.body).toContain(
      `These wallets were unlinked from your account and no longer sign you in: ${alice.address}, ${bob.address}.`,
    )
    // The owner signs in with the new password and links again with it; the old one confirms nothing.
    const signedIn = await anonymous(t.app).json('POST', '/auth/sign-in', {
      email: paula.email,
      password: NEW_PASSWORD,
      client: 'native',
    })
    expect(signedIn.status).toBe(200)
    const auth = { authorization: `Bearer ${signedIn.body.token}` }
    const visitor = anonymous(t.app)
    const caller: Caller = {
      headers: auth,
      request: (method, path, body, headers = {}) => visitor.request(method, path, body, { ...auth, ...headers }),
      json: (method, path, body, headers = {}) => visitor.json(method, path, body, { ...auth, ...headers }),
    }
    expect((await linkWith(caller, alice, withPassword(DEMO_PASSWORD))).body.error.code).toBe('confirmation_failed')
    expect((await linkWith(caller, alice, withPassword(NEW_PASSWORD))).status).toBe(201)
    expect((await walletSignIn(alice)).status).toBe(200)
  })

  it('a change unlinks them too, and keeps this session; the notice names the wallet', async () => {
    const web = await signIn(t.app, 'personal', 'web')
    expect((await linkWith(web, alice)).status).toBe(201)
    const changed = await web.json('POST', '/auth/password', { password: DEMO_PASSWORD, newPassword: NEW_PASSWORD })
    expect(changed.status).toBe(200)
    expect((await web.json('GET', '/wallets')).body.wallets).toEqual([])
    expect((await walletSignIn(alice)).status).toBe(401)
    const [notice] = await notices()
    expect(notice!.body).toContain(
      `This wallet was unlinked from your account and no longer signs you in: ${alice.address}.`,
    )
    expect(notice!.body).toContain('link it in Settings › Wallets with your new password')
  })

  it('a new password with no wallet linked mails the notice without a word about wallets', async () => {
    const web = await signIn(t.app, 'personal', 'web')
    expect(
      (await web.json('POST', '/auth/password', { password: DEMO_PASSWORD, newPassword: NEW_PASSWORD })).status,
    ).toBe(200)
    const [notice] = await notices()
    expect(notice!.body).not.toMatch(/wallet/i)
  })
})

describe('sign in with a wallet', () => {
  it(
    'starts a session for the user the wallet is linked to: ' + 'a bearer token natively, a cookie on the web',
    async () => {
      await linkWith(await signIn(t.app, 'personal'))
      const native = await walletSignIn(alice, 'native')
      const body = (await native.json()) as { token: string; user: { email: string } }
      expect(body.user.email).toBe('personal@demo.cash')
      const session = await t.app.request('/app/cash/api/v1/auth/session', {
        headers: { authorization: `Bearer ${body.token}` },
      })
      expect(session.status).toBe(200)
      const web = await walletSignIn(alice, 'web')
      expect(web.status).toBe(200)
      expect(web.headers.get('set-cookie')).toMatch(/^cash_session=/)
      expect(((await web.json()) as { csrfToken?: string }).csrfToken).toBeTruthy()
    },
  )

  it('ends the sessions a wallet signed in once unlinked, but not the one unlinking nor a password’s', async () => {
    const paula = await signIn(t.app, 'personal')
    await linkWith(paula)
    await linkWith(paula, bob)
    const tokenOf = async (res: Response) => ((await res.json()) as { token: string }).token
    const lost = await tokenOf(await walletSignIn(alice))
    const other = await tokenOf(await walletSignIn(bob))
    const live = (token: string) =>
      t.app.request('/app/cash/api/v1/auth/session', { headers: { authorization: `Bearer ${token}` } })
    expect((await live(lost)).status).toBe(200)
    const unlinked = await paula.json('POST', `/wallets/${alice.address}/unlink`, { confirmation: withPassword() })
    expect(unlinked.status).toBe(200)
    expect((await live(lost)).status).toBe(401)
    expect((await live(other)).status).toBe(200)
    expect((await paula.json('GET', '/wallets')).status).toBe(200)
  })

  it('refuses a wallet linked to nobody and points to password sign-in', async () => {
    const res = await walletSignIn(bob)
    expect(res.status).toBe(401)
    const body = (await res.json()) as { error: { code: string; message: string } }
    expect(body.error.code).toBe('wallet_not_linked')
    expect(body.error.message).toMatch(/e-mail and password/)
  })

  it('does not accept a link message for signing in', async () => {
    const paula = await signIn(t.app, 'personal')
    const issued = (await paula.json('POST', '/wallets/nonce', { address: alice.address })).body
    const res = await anonymous(t.app).json('POST', '/auth/wallet/sign-in', {
      message: issued.message,
      signature: await alice.signMessage({ message: issued.message }),
    })
    expect(res.body.error.code).toBe('wallet_nonce_invalid')
  })
})

describe('wallet sign-in behind PUBLIC_ORIGIN', () => {
  it('names the configured site in the message, never a Host header the caller made up', async () => {
    t = await createTestApp({ PUBLIC_ORIGIN: 'https://cash.example.com' })
    const paula = await signIn(t.app, 'personal')
    expect((await linkWith(paula)).status).toBe(201)
    // A phishing site asks our server for a message through its own Host, to show its victim a message that names it.
    const viaHost = (path: string, body: unknown) =>
      t.app.request(`http://evil.example/app/cash/api/v1${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    const issued = await (await viaHost('/auth/wallet/nonce', { address: alice.address })).json()
    expect(issued.message).toMatch(/^cash\.example\.com wants you to sign in/)
    expect(issued.message).toContain('URI: https://cash.example.com/app/cash')
    // A message signed for the phishing host is refused even when sent through that host.
    const forged = issued.message.replace('cash.example.com', 'evil.example')
    const signedForged = { message: forged, signature: await alice.signMessage({ message: forged }), client: 'native' }
    expect((await (await viaHost('/auth/wallet/sign-in', signedForged)).json()).error.code).toBe(
      'wallet_signature_invalid',
    )
    const fresh = (await anonymous(t.app).json('POST', '/auth/wallet/nonce', { address: alice.address })).body
    const signed = { message: fresh.message, signature: await alice.signMessage({ message: fresh.message }) }
    const res = await anonymous(t.app).json('POST', '/auth/wallet/sign-in', { ...signed, client: 'native' })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
  })
})
