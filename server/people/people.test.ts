import { beforeEach, describe, expect, it } from 'vitest'
import { ACCOUNT_IDS, CARD_IDS, persona } from '../../fixtures/personas'
import { anonymous, createTestApp, signIn, type Caller, type TestApp } from '../testing/test-app'

const ACME = ACCOUNT_IDS.acme
let t: TestApp
let owner: Caller & { userId: string }
let admin: Caller

beforeEach(async () => {
  t = await createTestApp()
  owner = await signIn(t.app, 'owner')
  admin = await signIn(t.app, 'admin')
})

/** A caller with a bearer token. */
function bearer(token: string): Caller {
  const anon = anonymous(t.app)
  const auth = { authorization: `Bearer ${token}` }
  return {
    headers: auth,
    request: (m, p, b, h = {}) => anon.request(m, p, b, { ...auth, ...h }),
    json: (m, p, b, h = {}) => anon.json(m, p, b, { ...auth, ...h }),
  }
}

async function signUp(email: string, inviteToken?: string) {
  const res = await anonymous(t.app).json('POST', '/auth/sign-up', {
    name: 'Ivy Invitee',
    email,
    password: 'a-long-password-1',
    client: 'native',
    ...(inviteToken ? { inviteToken } : {}),
  })
  return { status: res.status, body: res.body, caller: res.status === 201 ? bearer(res.body.token) : null }
}

/** Invites and reads the token back from the development outbox, as a person would from their mail. */
async function inviteAndReadToken(by: Caller, email: string, role = 'member'): Promise<string> {
  const res = await by.json('POST', `/accounts/${ACME}/invitations`, { email, role })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  const mail = (await admin.json('GET', `/sandbox/mail?to=${encodeURIComponent(email)}`)).body.items[0]
  expect(mail.template).toBe('invite')
  return /accept-invite\?token=([\w-]+)/.exec(mail.body)![1]!
}

describe('inviting people', () => {
  it(
    'mails a single-use link that shows the company, ' + 'role and inviter, and joins the invited e-mail once',
    async () => {
      const token = await inviteAndReadToken(owner, 'Ivy@Example.com', 'admin')
      const mail = (await admin.json('GET', '/sandbox/mail?to=ivy@example.com')).body.items[0]
      expect(mail.subject).toBe('Olivia Okafor invited you to Acme Labs Ltd on Cash')
      expect(mail.body).toContain('http://localhost/app/cash/accept-invite?token=')
      expect(mail.body).toContain('as an admin')
      expect(mail.body).toMatch(/expires on Nov 28, 2026, 12:00\sPM UTC/)
      const stored = await t.deps.db.kysely.selectFrom('invitations').select('token_hash').execute()
      expect(stored[0]!.token_hash).not.toContain(token)

      const lookup = await anonymous(t.app).json('POST', '/invitations/lookup', { token })
      expect(lookup.body).toEqual({
        companyName: 'Acme Labs Ltd',
        role: 'admin',
        inviterName: 'Olivia Okafor',
        email: 'ivy@example.com',
        expiresAt: '2026-11-28T12:00:00.000Z',
      })

      const ivy = (await signUp('ivy@example.com')).caller!
      const joined = await ivy.json('POST', '/invitations/accept', { token })
      expect(joined.body).toEqual({ accountId: ACME, accountName: 'Acme Labs Ltd', role: 'admin' })
      expect((await ivy.json('GET', '/auth/session')).body.memberships).toEqual([
        { accountId: ACME, accountKind: 'corporate', accountName: 'Acme Labs Ltd', role: 'admin' },
      ])
      expect((await ivy.json('GET', `/accounts/${ACME}/balances`)).status).toBe(200)

      const again = await ivy.json('POST', '/invitations/accept', { token })
      expect(again.status).toBe(410)
      expect(again.body.error.code).toBe('invite_used')
      expect((await anonymous(t.app).json('POST', '/invitations/lookup', { token })).body.error.code).toBe(
        'invite_used',
      )
      const people = (await owner.json('GET', `/accounts/${ACME}/members`)).body
      expect(people.people.map((p: { email: string; role: string }) => `${p.email}:${p.role}`)).toContain(
        'ivy@example.com:admin',
      )
      expect(people.invitations).toEqual([])
    },
  )

  it('joins once when the same link is accepted twice at the same moment', async () => {
    const token = await inviteAndReadToken(owner, 'twice@example.com')
    const person = (await signUp('twice@example.com')).caller!
    const results = await Promise.all([
      person.json('POST', '/invitations/accept', { token }),
      person.json('POST', '/invitations/accept', { token }),
    ])
    expect(results.map((r) => r.status).sort()).toEqual([200, 410])
    const rows = await t.deps.db.kysely
      .selectFrom('account_members')
      .select('user_id')
      .where('account_id', '=', ACME)
      .execute()
    expect(rows).toHaveLength(3)
  })

  it(
    'refuses an expired link, a link for another e-mail, ' + 'and a made-up token without saying anything about it',
    async () => {
      const token = await inviteAndReadToken(owner, 'late@example.com')
      const stranger = (await signUp('stranger@example.com')).caller!
      const wrong = await stranger.json('POST', '/invitations/accept', { token })
      expect([wrong.status, wrong.body.error.code]).toEqual([403, 'invite_wrong_email'])

      t.setNow(new Date('2026-11-28T12:00:01Z'))
      const late = (await signUp('late@example.com')).caller!
      const expired = await late.json('POST', '/invitations/accept', { token })
      expect([expired.status, expired.body.error.code]).toEqual([410, 'invite_expired'])
      expect((await late.json('GET', '/auth/session')).body.memberships).toEqual([])

      const madeUp = await anonymous(t.app).json('POST', '/invitations/lookup', { token: 'A'.repeat(43) })
      expect(madeUp.status).toBe(404)
      expect(Object.keys(madeUp.body.error).sort()).toEqual(['code', 'message'])
      const acceptMadeUp = await late.json('POST', '/invitations/accept', { token: 'A'.repeat(43) })
      expect([acceptMadeUp.status, acceptMadeUp.body.error.code]).toEqual([404, 'invite_not_found'])
      const short = await anonymous(t.app).json('POST', '/invitations/lookup', { token: 'abc' })
      expect(short.body.error.fields.token).toMatch(/not complete/)
    },
  )

  it(
    'replaces a pending invitation when the same e-mail is invited again, ' + 'and a revoked link stops working',
    async () => {
      const first = await inviteAndReadToken(owner, 'again@example.com', 'member')
      const second = await inviteAndReadToken(owner, 'again@example.com', 'admin')
      expect((await anonymous(t.app).json('POST', '/invitations/lookup', { token: first })).body.error.code).toBe(
        'invite_revoked',
      )
      const pending = (await owner.json('GET', `/accounts/${ACME}/members`)).body.invitations
      expect(pending).toMatchObject([
        { email: 'again@example.com', role: 'admin', invitedBy: 'Olivia Okafor', expired: false },
      ])
      expect((await owner.json('DELETE', `/accounts/${ACME}/invitations/${pending[0].id}`)).status).toBe(200)
      expect((await anonymous(t.app).json('POST', '/invitations/lookup', { token: second })).body.error.code).toBe(
        'invite_revoked',
      )
    },
  )

  it('refuses to invite someone already in the company, at the e-mail field', async () => {
    const res = await owner.json('POST', `/accounts/${ACME}/invitations`, {
      email: 'member@acme.demo.cash',
      role: 'admin',
    })
    expect(res.status).toBe(409)
    expect(res.body.error.fields.email).toBe('This person is already in the company.')
    const bad = await owner.json('POST', `/accounts/${ACME}/invitations`, { email: 'not-an-email', role: 'boss' })
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['email', 'role'])
  })
})

describe('who may change the company’s people', () => {
  it('refuses a member who tries to invite, change a role, remove someone or revoke an invitation', async () => {
    const member = await signIn(t.app, 'member')
    await inviteAndReadToken(owner, 'pending@example.com')
    const invitationId = (await owner.json('GET', `/accounts/${ACME}/members`)).body.invitations[0].id
    const tries = [
      await member.json('POST', `/accounts/${ACME}/invitations`, { email: 'friend@example.com', role: 'member' }),
      await member.json('PUT', `/accounts/${ACME}/members/${member.userId}/role`, { role: 'owner' }),
      await member.json('PUT', `/accounts/${ACME}/members/${owner.userId}/role`, { role: 'member' }),
      await member.json('DELETE', `/accounts/${ACME}/members/${owner.userId}`),
      await member.json('DELETE', `/accounts/${ACME}/invitations/${invitationId}`),
    ]
    expect(tries.map((r) => r.status)).toEqual([403, 403, 403, 403, 403])
    const view = (await member.json('GET', `/accounts/${ACME}/members`)).body
    expect(view).toMatchObject({ yourRole: 'member', assignableRoles: [] })
    expect(view.people.map((p: { role: string }) => p.role).sort()).toEqual(['member', 'owner'])
    expect(view.invitations).toHaveLength(1)
  })

  it('keeps owners for owners: an admin cannot invite an owner or touch one', async () => {
    const token = await inviteAndReadToken(owner, 'adm@example.com', 'admin')
    const adm = (await signUp('adm@example.com')).caller!
    await adm.json('POST', '/invitations/accept', { token })
    const asOwner = await adm.json('POST', `/accounts/${ACME}/invitations`, {
      email: 'boss@example.com',
      role: 'owner',
    })
    expect([asOwner.status, asOwner.body.error.code, asOwner.body.error.fields.role]).toEqual([
      403,
      'owner_only',
      'Only an owner can invite or promote an owner, or change an owner.',
    ])
    expect((await adm.json('DELETE', `/accounts/${ACME}/members/${owner.userId}`)).body.error.code).toBe('owner_only')
    expect(
      (await adm.json('PUT', `/accounts/${ACME}/members/${persona('member').id}/role`, { role: 'owner' })).body.error
        .code,
    ).toBe('owner_only')
    const promoted = await adm.json('PUT', `/accounts/${ACME}/members/${persona('member').id}/role`, { role: 'admin' })
    expect(promoted.body).toMatchObject({ email: 'member@acme.demo.cash', role: 'admin' })
  })

  it('lets no admin withdraw an owner’s invitation by inviting the same e-mail again', async () => {
    const ownerToken = await inviteAndReadToken(owner, 'boss@example.com', 'owner')
    const token = await inviteAndReadToken(owner, 'adm@example.com', 'admin')
    const adm = (await signUp('adm@example.com')).caller!
    await adm.json('POST', '/invitations/accept', { token })
    const again = await adm.json('POST', `/accounts/${ACME}/invitations`, { email: 'Boss@Example.com', role: 'member' })
    expect([again.status, again.body.error?.code]).toEqual([403, 'owner_only'])
    const lookup = await anonymous(t.app).json('POST', '/invitations/lookup', { token: ownerToken })
    expect([lookup.status, lookup.body.role]).toEqual([200, 'owner'])
  })

  it('never leaves the company without an owner', async () => {
    const demote = await owner.json('PUT', `/accounts/${ACME}/members/${owner.userId}/role`, { role: 'admin' })
    expect([demote.status, demote.body.error.code]).toEqual([409, 'last_owner'])
    expect((await owner.json('DELETE', `/accounts/${ACME}/members/${owner.userId}`)).body.error.code).toBe('last_owner')
    // With a second owner, the first may step down.
    await owner.json('PUT', `/accounts/${ACME}/members/${persona('member').id}/role`, { role: 'owner' })
    expect(
      (await owner.json('PUT', `/accounts/${ACME}/members/${owner.userId}/role`, { role: 'admin' })).body.role,
    ).toBe('admin')
  })
})

/** Invites `email` with `role` as the owner, signs them up and joins them; their caller and user id. */
async function join(email: string, role: string) {
  const token = await inviteAndReadToken(owner, email, role)
  const joined = await signUp(email)
  expect((await joined.caller!.json('POST', '/invitations/accept', { token })).status).toBe(200)
  return { caller: joined.caller!, userId: joined.body.user.id as string }
}

/** What the holder of an invitation link hears when they look it up and when they try to join through it. */
async function tryLink(token: string, email: string) {
  const lookup = await anonymous(t.app).json('POST', '/invitations/lookup', { token })
  const invitee = (await signUp(email)).caller!
  const accept = await invitee.json('POST', '/invitations/accept', { token })
  const memberships = (await invitee.json('GET', '/auth/session')).body.memberships
  return { lookup: lookup.body.error?.code ?? lookup.body.role, accept: accept.body.error?.code, memberships }
}

describe('an invitation lasts only while its sender may still send it', () => {
  it('withdraws the invitations a removed admin sent: their links say so and nobody joins through them', async () => {
    const adm = await join('adm@example.com', 'admin')
    const token = await inviteAndReadToken(adm.caller, 'friend@example.com', 'admin')
    expect((await owner.json('DELETE', `/accounts/${ACME}/members/${adm.userId}`)).status).toBe(200)
    expect((await owner.json('GET', `/accounts/${ACME}/members`)).body.invitations).toEqual([])
    expect(await tryLink(token, 'friend@example.com')).toEqual({
      lookup: 'invite_revoked',
      accept: 'invite_revoked',
      memberships: [],
    })
  })

  it('withdraws what a demoted person may no longer send, and keeps what they still may', async () => {
    const adm = await join('adm@example.com', 'admin')
    const admSent = await inviteAndReadToken(adm.caller, 'helper@example.com', 'member')
    await owner.json('PUT', `/accounts/${ACME}/members/${adm.userId}/role`, { role: 'member' })
    // Withdrawn for good: making them an admin again does not bring it back.
    await owner.json('PUT', `/accounts/${ACME}/members/${adm.userId}/role`, { role: 'admin' })
    expect((await tryLink(admSent, 'helper@example.com')).accept).toBe('invite_revoked')

    // An owner stepping down to admin withdraws the owners they invited, not the admins.
    await owner.json('PUT', `/accounts/${ACME}/members/${persona('member').id}/role`, { role: 'owner' })
    const asOwner = await inviteAndReadToken(owner, 'boss@example.com', 'owner')
    const asAdmin = await inviteAndReadToken(owner, 'deputy@example.com', 'admin')
    await owner.json('PUT', `/accounts/${ACME}/members/${owner.userId}/role`, { role: 'admin' })
    const pending = (await owner.json('GET', `/accounts/${ACME}/members`)).body.invitations
    expect(pending.map((i: { email: string }) => i.email)).toEqual(['deputy@example.com'])
    expect((await tryLink(asOwner, 'boss@example.com')).accept).toBe('invite_revoked')
    const deputy = await tryLink(asAdmin, 'deputy@example.com')
    expect([deputy.lookup, deputy.memberships[0]?.role]).toEqual(['admin', 'admin'])
  })

  it('refuses at the link an invitation whose sender left the company however they left', async () => {
    const adm = await join('adm@example.com', 'admin')
    const token = await inviteAndReadToken(adm.caller, 'friend@example.com', 'member')
    // As a membership ended before invitations were withdrawn with it: the row goes, the invitation stays pending.
    await t.deps.db.kysely
      .deleteFrom('account_members')
      .where('account_id', '=', ACME)
      .where('user_id', '=', adm.userId)
      .execute()
    expect((await owner.json('GET', `/accounts/${ACME}/members`)).body.invitations).toEqual([])
    expect(await tryLink(token, 'friend@example.com')).toEqual({
      lookup: 'invite_revoked',
      accept: 'invite_revoked',
      memberships: [],
    })
  })
})

describe('removing someone', () => {
  it('ends their access at once and freezes their cards on the company with the reason', async () => {
    const member = await signIn(t.app, 'member')
    const memberId = persona('member').id
    const cardsBefore = (await owner.json('GET', `/accounts/${ACME}/cards`)).body.items.filter(
      (c: { cardholderUserId: string }) => c.cardholderUserId === memberId,
    )
    expect(cardsBefore.length).toBeGreaterThan(0)
    expect((await member.json('GET', `/accounts/${ACME}/balances`)).status).toBe(200)

    const removed = await owner.json('DELETE', `/accounts/${ACME}/members/${memberId}`)
    expect(removed.body).toEqual({ removed: true, frozenCards: cardsBefore.length })
    expect((await member.json('GET', `/accounts/${ACME}/balances`)).status).toBe(403)
    expect((await member.json('GET', '/auth/session')).body.memberships).toEqual([])
    const cardsAfter = (await owner.json('GET', `/accounts/${ACME}/cards`)).body.items.filter(
      (c: { cardholderUserId: string }) => c.cardholderUserId === memberId,
    )
    for (const card of cardsAfter)
      expect(card).toMatchObject({
        status: 'frozen',
        statusReason: 'Frozen: the cardholder left Acme Labs Ltd',
        statusReasonKey: { key: 'left_company', company: 'Acme Labs Ltd' },
      })
  })
})

describe('a card whose holder left the company', () => {
  it('is only ever cancelled: no manager or admin unfreezes it, and freezing it again keeps its reason', async () => {
    const memberId = persona('member').id
    expect((await owner.json('DELETE', `/accounts/${ACME}/members/${memberId}`)).status).toBe(200)
    const card = CARD_IDS.member
    const refused = {
      status: 400,
      body: {
        error: {
          code: 'invalid_request',
          message: 'This card’s holder left the company, so it stays frozen; cancel it and issue a new card.',
        },
      },
    }
    expect(await owner.json('POST', `/cards/${card}/unfreeze`)).toMatchObject(refused)
    expect(await owner.json('POST', `/cards/${card}/freeze`)).toMatchObject(refused)
    // Cash's staff freezing it again is refused as already frozen: its reason stays.
    expect((await admin.json('POST', `/admin/cards/${card}/freeze`, { reason: 'Fraud check' })).status).toBe(400)
    expect(await admin.json('POST', `/admin/cards/${card}/unfreeze`, {})).toMatchObject(refused)
    const kept = (await owner.json('GET', `/accounts/${ACME}/cards`)).body.items.find(
      (c: { id: string }) => c.id === card,
    )
    expect(kept).toMatchObject({ status: 'frozen', statusReasonKey: { key: 'left_company', company: 'Acme Labs Ltd' } })
    // A purchase on it is still declined, and cancelling it is what the owner can do.
    const bought = await admin.json('POST', `/sandbox/cards/${card}/purchases`, { amount: '5', merchantName: 'Cafe' })
    expect(bought.body.approved).toBe(false)
    expect((await owner.json('POST', `/cards/${card}/cancel`)).body).toMatchObject({ status: 'cancelled' })
  })
})

describe('a removed person’s open sessions, web and app', () => {
  it('reach nothing of the company: history, a movement, the CSV, cards, purchases or their card', async () => {
    const sessions = [await signIn(t.app, 'member', 'web'), await signIn(t.app, 'member', 'native')]
    const bought = await admin.json('POST', `/sandbox/cards/${CARD_IDS.member}/purchases`, {
      amount: '20',
      merchantName: 'Office Depot',
      mcc: '5812',
    })
    expect(bought.body.approved).toBe(true)
    const [movement] = (await owner.json('GET', `/accounts/${ACME}/history`)).body.items
    const reads = [
      `/accounts/${ACME}/history`,
      `/accounts/${ACME}/history/${movement.type}/${movement.id}`,
      `/accounts/${ACME}/history.csv`,
      `/accounts/${ACME}/balances`,
      `/accounts/${ACME}/cards`,
      `/accounts/${ACME}/card-authorizations`,
      `/cards/${CARD_IDS.member}/authorizations`,
      `/accounts/${ACME}/members`,
      `/accounts/${ACME}/alert-settings`,
    ]
    const statuses = async (who: Caller) =>
      Promise.all(reads.map(async (path) => (await who.request('GET', path)).status))
    for (const session of sessions) expect(await statuses(session)).toEqual(reads.map(() => 200))

    expect((await owner.json('DELETE', `/accounts/${ACME}/members/${persona('member').id}`)).status).toBe(200)
    for (const session of sessions) {
      // The same sessions, still signed in: only the company is gone from them.
      expect((await session.json('GET', '/auth/session')).body.memberships).toEqual([])
      expect(await statuses(session)).toEqual([403, 403, 403, 403, 403, 403, 404, 403, 403])
      const unfreeze = await session.json('POST', `/cards/${CARD_IDS.member}/unfreeze`)
      expect([unfreeze.status, unfreeze.body.error.code]).toEqual([404, 'not_found'])
    }
    const card = (await owner.json('GET', `/accounts/${ACME}/cards`)).body.items.find(
      (c: { id: string }) => c.id === CARD_IDS.member,
    )
    expect(card.status).toBe('frozen')
  })
})

describe('the waitlist and closed sign-ups', () => {
  it('records an e-mail once and answers the same the second time', async () => {
    const first = await anonymous(t.app).json('POST', '/waitlist', { email: 'Wait@Example.com' })
    const second = await anonymous(t.app).json('POST', '/waitlist', { email: 'wait@example.com' })
    expect([first.status, second.status]).toEqual([200, 200])
    expect(second.body).toEqual(first.body)
    expect(await t.deps.db.kysely.selectFrom('waitlist').select('email').execute()).toEqual([
      { email: 'wait@example.com' },
    ])
    const bad = await anonymous(t.app).json('POST', '/waitlist', { email: 'nope' })
    expect(bad.body.error.fields.email).toBe('Enter an e-mail address like name@example.com.')
  })

  it('is rate-limited per client like sign-in', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT: 2 })
    const statuses = []
    for (let i = 0; i < 3; i++)
      statuses.push((await anonymous(limited.app).json('POST', '/waitlist', { email: `w${i}@example.com` })).status)
    expect(statuses).toEqual([200, 200, 429])
  })

  it('lets an invited person sign up while sign-ups are closed, and nobody else', async () => {
    t = await createTestApp({ SIGNUPS_OPEN: false })
    owner = await signIn(t.app, 'owner')
    admin = await signIn(t.app, 'admin')
    expect((await signUp('walk-in@example.com')).body.error.code).toBe('signups_closed')
    const token = await inviteAndReadToken(owner, 'invited@example.com')
    expect((await signUp('someone-else@example.com', token)).body.error.code).toBe('signups_closed')
    const invited = await signUp('invited@example.com', token)
    expect(invited.status).toBe(201)
    expect((await invited.caller!.json('POST', '/invitations/accept', { token })).body.accountName).toBe(
      'Acme Labs Ltd',
    )
  })
})
