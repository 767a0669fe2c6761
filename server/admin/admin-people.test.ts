import { beforeEach, describe, expect, it } from 'vitest'
import { ACCOUNT_IDS, CARD_IDS, DEMO_PASSWORD, persona } from '../../fixtures/personas'
import { anonymous, createTestApp, signIn, type Caller, type TestApp } from '../testing/test-app'

let t: TestApp
let admin: Caller
let paula: Caller
const account = ACCOUNT_IDS.personal
const card = CARD_IDS.personal
const key = () => `adm-${Math.random().toString(36).slice(2)}`

beforeEach(async () => {
  t = await createTestApp()
  admin = await signIn(t.app, 'admin')
  paula = await signIn(t.app, 'personal')
})

const purchase = (amount = '12.5') =>
  admin.json('POST', `/sandbox/cards/${card}/purchases`, { amount, merchantName: 'Padaria Real' })
const trail = async (subjectType: string, subjectId: string) =>
  (await admin.json('GET', `/admin/audit?subjectType=${subjectType}&subjectId=${subjectId}`)).body.items
const usdc = async () =>
  (await paula.json('GET', `/accounts/${account}/balances`)).body.balances.find(
    (b: { asset: string }) => b.asset === 'USDC',
  ).balance
/** Audit lines order by time; the test clock stands still unless moved, so each action gets its own second. */
const tick = () => t.setNow(new Date(t.deps.now().getTime() + 1000))
const advance = async (ms: number) => {
  t.setNow(new Date(t.deps.now().getTime() + ms))
  await t.runJobs()
}

describe('admin search', () => {
  it('finds a person by e-mail prefix in any case, by safe address, by account id and by user id', async () => {
    const safe = (await admin.json('GET', `/admin/accounts/${account}`)).body.account.safeAddress as string
    expect(safe).toMatch(/^0x/)
    for (const q of [
      'PERSONAL@demo',
      'personal@demo.cash',
      safe.toLowerCase(),
      safe,
      account,
      persona('personal').id,
    ]) {
      const res = await admin.json('GET', `/admin/users?q=${encodeURIComponent(q)}`)
      expect(
        res.body.items.map((u: { email: string }) => u.email),
        q,
      ).toEqual(['personal@demo.cash'])
    }
    expect((await admin.json('GET', '/admin/users?q=')).body.error.fields.q).toMatch(/e-mail/)
  })

  it('resolves an account from a member’s e-mail, its safe address or its id, and a card from its last 4', async () => {
    const safe = (await admin.json('GET', `/admin/accounts/${account}`)).body.account.safeAddress as string
    for (const q of ['personal@demo.cash', safe, account])
      expect(
        (await admin.json('GET', `/admin/accounts?q=${encodeURIComponent(q)}`)).body.items.map(
          (a: { id: string }) => a.id,
        ),
        q,
      ).toEqual([account])
    const cards = (await admin.json('GET', '/admin/cards?q=4242')).body.items
    expect(cards).toEqual([
      expect.objectContaining({
        id: card,
        accountId: account,
        cardholder: expect.objectContaining({ email: 'personal@demo.cash' }),
      }),
    ])
  })

  it('shows a person with their accounts and live sessions', async () => {
    const res = await admin.json('GET', `/admin/users/${persona('personal').id}`)
    expect(res.body.user).toMatchObject({ email: 'personal@demo.cash', kycStatus: 'approved' })
    expect(res.body.memberships).toEqual([expect.objectContaining({ accountId: account, role: 'holder' })])
    expect(res.body.activeSessions).toBeGreaterThanOrEqual(1)
    expect((await admin.json('GET', '/admin/users/00000000-0000-4000-8000-000000000000')).status).toBe(404)
  })
})

describe('freezing an account', () => {
  it('declines card purchases, refuses money out, still credits deposits, and audits both changes', async () => {
    expect(
      (await paula.json('POST', `/admin/accounts/${account}/freeze`, { reason: 'Chargeback fraud review' })).status,
    ).toBe(403)
    const missing = await admin.json('POST', `/admin/accounts/${account}/freeze`, { reason: '' })
    expect(missing.status).toBe(400)
    expect(missing.body.error.fields.reason).toMatch(/Say why/)

    const frozen = await admin.json('POST', `/admin/accounts/${account}/freeze`, { reason: 'Chargeback fraud review' })
    expect(frozen.body).toMatchObject({ frozen: true, frozenReason: 'Chargeback fraud review' })
    expect(await purchase()).toMatchObject({ body: { approved: false, reason: 'account_frozen' } })
    expect((await paula.json('GET', `/accounts/${account}/freeze`)).body).toMatchObject({
      frozen: true,
      frozenReason: 'Chargeback fraud review',
    })
    expect((await (await signIn(t.app, 'borrower')).json('GET', `/accounts/${account}/freeze`)).status).toBe(403)

    const withdrawal = await paula.json(
      'POST',
      `/accounts/${account}/withdrawals`,
      {
        asset: 'USDC',
        amount: '10',
        address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
        confirmation: { method: 'password', password: DEMO_PASSWORD },
      },
      { 'idempotency-key': key() },
    )
    expect(withdrawal.status).toBe(423)
    expect(withdrawal.body.error).toMatchObject({
      code: 'account_frozen',
      message: expect.stringContaining('Chargeback fraud review'),
    })

    const before = await usdc()
    const { body: address } = await paula.json('GET', `/accounts/${account}/deposit-address`)
    await admin.json('POST', '/sandbox/chain/transfers', {
      toAddress: address.address.toLowerCase(),
      asset: 'USDC',
      amount: '25',
    })
    await advance(5000)
    expect(Number(await usdc()) - Number(before)).toBe(25)

    expect((await admin.json('POST', `/admin/accounts/${account}/unfreeze`, {})).body).toMatchObject({
      frozen: false,
      frozenReason: null,
    })
    expect(await purchase()).toMatchObject({ body: { approved: true } })

    const lines = await trail('account', account)
    expect(lines.map((l: { action: string }) => l.action)).toEqual(['account.unfreeze', 'account.freeze'])
    expect(lines[1]).toMatchObject({
      actor: { email: persona('admin').email },
      reason: 'Chargeback fraud review',
      before: { frozen: false },
      after: { frozen: true, frozenReason: 'Chargeback fraud review' },
    })
    expect(lines[0]).toMatchObject({ before: { frozen: true }, after: { frozen: false } })
  })

  it('replays a send that went through before the freeze, rather than refusing its retry', async () => {
    const holder = await signIn(t.app, 'personal', 'native')
    const recipient = await holder.json('POST', `/accounts/${account}/bank-recipients`, {
      region: 'us',
      name: 'Joe Smith',
      routingNumber: '011000015',
      accountNumber: '12345678',
    })
    const body = { recipientId: recipient.body.id, amount: '100', confirmation: await holder.hostConfirmation() }
    const path = `/accounts/${account}/bank-sends`
    const first = await holder.json('POST', path, body, { 'idempotency-key': 'freeze-replay-01' })
    expect(first.status).toBe(201)
    expect((await admin.json('POST', `/admin/accounts/${account}/freeze`, { reason: 'Fraud review' })).status).toBe(200)
    // The app lost the first answer and retries: the money left, so it hears so, not "frozen".
    const retry = await holder.json('POST', path, body, { 'idempotency-key': 'freeze-replay-01' })
    expect(retry.status).toBe(201)
    expect(retry.body.id).toBe(first.body.id)
    // A new send is refused.
    const again = await holder.json('POST', path, body, { 'idempotency-key': 'freeze-replay-02' })
    expect(again.status).toBe(423)
    expect(await t.deps.db.kysely.selectFrom('bank_sends').select('id').execute()).toHaveLength(1)
  })

  it('shows the account with its balances, members, cards and freeze state', async () => {
    const res = await admin.json('GET', `/admin/accounts/${account}`)
    expect(res.body.account).toMatchObject({ id: account, kind: 'personal', frozen: false, frozenAt: null })
    expect(res.body.members).toEqual([expect.objectContaining({ email: 'personal@demo.cash', role: 'holder' })])
    expect(res.body.cards.map((c: { id: string }) => c.id)).toContain(card)
    expect(res.body.balances.balances.length).toBeGreaterThan(0)
  })
})

describe('admin card actions', () => {
  it('a frozen card’s purchases are declined until it is unfrozen, with before and after audited', async () => {
    const frozen = await admin.json('POST', `/admin/cards/${card}/freeze`, { reason: 'Reported stolen by phone' })
    expect(frozen.body).toMatchObject({
      status: 'frozen',
      statusReason: 'Frozen by Cash: Reported stolen by phone',
      statusReasonKey: { key: 'by_cash', status: 'frozen', reason: 'Reported stolen by phone' },
    })
    expect(await purchase()).toMatchObject({ body: { approved: false, reason: 'card_frozen' } })
    const detail = (await admin.json('GET', `/admin/cards/${card}`)).body
    expect(detail.authorizations[0]).toMatchObject({ status: 'declined', declineReason: 'card_frozen', amount: '12.5' })
    expect(detail.cardholder.email).toBe('personal@demo.cash')
    tick()
    expect((await admin.json('POST', `/admin/cards/${card}/unfreeze`, {})).body.status).toBe('active')
    expect(await purchase()).toMatchObject({ body: { approved: true } })
    const lines = await trail('card', card)
    expect(lines.map((l: { action: string }) => l.action)).toEqual(['card.unfreeze', 'card.freeze'])
    expect(lines[1]).toMatchObject({
      reason: 'Reported stolen by phone',
      before: { status: 'active', statusReason: null },
      after: { status: 'frozen' },
    })
  })

  it('cancels a card for good and sets card limits that the next purchase meets', async () => {
    const limits = await admin.json('PUT', `/admin/cards/${card}/limits`, {
      perPurchase: '10',
      daily: null,
      monthly: null,
    })
    expect(limits.body.limits).toEqual({ perPurchase: '10', daily: null, monthly: null })
    expect(await purchase('12.5')).toMatchObject({ body: { approved: false, reason: 'over_card_purchase_limit' } })
    expect((await admin.json('PUT', `/admin/cards/${card}/limits`, { perPurchase: '-1' })).status).toBe(400)
    expect((await admin.json('POST', `/admin/cards/${card}/cancel`, {})).body.error.fields.reason).toBeTruthy()
    tick()
    expect(
      (await admin.json('POST', `/admin/cards/${card}/cancel`, { reason: 'Closed at the holder’s request' })).body
        .status,
    ).toBe('cancelled')
    expect((await admin.json('POST', `/admin/cards/${card}/unfreeze`, {})).status).toBe(400)
    expect(await purchase('1')).toMatchObject({ body: { approved: false, reason: 'card_cancelled' } })
    const lines = await trail('card', card)
    expect(lines.map((l: { action: string }) => l.action)).toEqual(['card.cancel', 'card.limits'])
    expect(lines[1]).toMatchObject({
      before: { limits: { perPurchase: null } },
      after: { limits: { perPurchase: '10' } },
    })
    expect((await paula.json('POST', `/admin/cards/${card}/cancel`, { reason: 'not mine to do' })).status).toBe(403)
  })
})

describe('audited decisions made elsewhere', () => {
  it('records setting and removing VIP with the tier before and after', async () => {
    await admin.json('PUT', `/admin/accounts/${account}/vip`, { vip: true })
    tick()
    await admin.json('PUT', `/admin/accounts/${account}/vip`, { vip: false })
    const lines = await trail('account', account)
    expect(lines.map((l: { action: string }) => l.action)).toEqual(['account.vip_removed', 'account.vip_set'])
    expect(lines[1]).toMatchObject({ before: { tier: 'core' }, after: { tier: 'vip' } })
  })

  it('records an admin’s KYC decision on the person, with the reason', async () => {
    const nina = await signIn(t.app, 'new')
    const doc = async (kind: string) =>
      (
        await nina.json('POST', '/identity/documents', {
          kind,
          fileName: 'a.png',
          content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).toString('base64'),
        })
      ).body.id
    const body = {
      legalName: 'Nina Novak',
      birthDate: '1994-05-17',
      address: { line1: 'Rua Augusta 100', city: 'São Paulo', region: 'SP', postalCode: '01304-000', country: 'BR' },
      nationality: 'BR',
      idDocument: { type: 'id_card', front: await doc('id_front'), back: await doc('id_back') },
      selfie: await doc('selfie'),
    }
    expect((await nina.json('POST', '/kyc', body)).status).toBe(201)
    const dashboard = (await admin.json('GET', '/admin/dashboard')).body
    expect(dashboard.pendingKyc).toBe(1)
    const user = (await admin.json('GET', `/admin/users/${persona('new').id}`)).body
    expect(user.openApplications).toHaveLength(1)
    const decided = await admin.json('POST', `/admin/identity-applications/${user.openApplications[0].id}/decision`, {
      decision: 'rejected',
      reason: 'The selfie does not match',
    })
    expect(decided.status).toBe(200)
    const lines = await trail('user', persona('new').id)
    expect(lines[0]).toMatchObject({
      action: 'kyc.decide',
      reason: 'The selfie does not match',
      before: { status: 'submitted' },
      after: { status: 'rejected' },
    })
  })
})

describe('the dashboard', () => {
  it('counts pending holds with the oldest, and carries the ledger check and the error inbox', async () => {
    const before = (await admin.json('GET', '/admin/dashboard')).body
    expect(before.ledger.ok).toBe(true)
    expect(before.errorInbox.items).toEqual(expect.any(Array))
    await purchase()
    const after = (await admin.json('GET', '/admin/dashboard')).body
    expect(after.pendingHolds.count).toBe(before.pendingHolds.count + 1)
    expect(after.pendingHolds.oldestAt).toEqual(expect.any(String))
    expect((await paula.json('GET', '/admin/dashboard')).status).toBe(403)
  })
})

describe('feature flags', () => {
  it('closes sign-ups through the signups flag, audited, and reopens them', async () => {
    expect((await anonymous(t.app).json('GET', '/config')).body.signupsOpen).toBe(true)
    const off = await admin.json('PUT', '/admin/feature-flags/signups', { enabled: false, rolloutPercent: 100 })
    expect(off.body).toMatchObject({ key: 'signups', enabled: false, updatedAt: expect.any(String) })
    expect((await anonymous(t.app).json('GET', '/config')).body.signupsOpen).toBe(false)
    expect(
      (
        await anonymous(t.app).json('POST', '/auth/sign-up', {
          name: 'Rita',
          email: 'rita@example.com',
          password: 'long-enough-pw',
        })
      ).body.error.code,
    ).toBe('signups_closed')
    // A partial rollout is not "open" for an anonymous visitor.
    tick()
    await admin.json('PUT', '/admin/feature-flags/signups', { enabled: true, rolloutPercent: 50 })
    expect((await anonymous(t.app).json('GET', '/config')).body.signupsOpen).toBe(false)
    tick()
    await admin.json('PUT', '/admin/feature-flags/signups', { enabled: true, rolloutPercent: 100 })
    expect(
      (
        await anonymous(t.app).json('POST', '/auth/sign-up', {
          name: 'Rita',
          email: 'rita@example.com',
          password: 'long-enough-pw',
        })
      ).status,
    ).toBe(201)
    const lines = await trail('feature_flag', 'signups')
    expect(lines.at(-1)).toMatchObject({
      action: 'feature_flag.set',
      before: { enabled: true, rolloutPercent: 100 },
      after: { enabled: false, rolloutPercent: 100 },
    })
  })

  it('takes the SIGNUPS_OPEN setting as the signups flag’s default', async () => {
    t = await createTestApp({ SIGNUPS_OPEN: false })
    expect((await anonymous(t.app).json('GET', '/config')).body.signupsOpen).toBe(false)
  })

  it('lets a per-person override win over the rollout, and evaluates flags for the caller', async () => {
    await admin.json('PUT', '/admin/feature-flags/pix_shortcuts', { enabled: true, rolloutPercent: 0 })
    expect((await paula.json('GET', '/me/feature-flags')).body.flags.pix_shortcuts).toBe(false)
    tick()
    const on = await admin.json('PUT', '/admin/feature-flags/pix_shortcuts/overrides', {
      email: 'Personal@Demo.cash',
      enabled: true,
    })
    expect(on.body.overrides).toEqual([{ userId: persona('personal').id, email: 'personal@demo.cash', enabled: true }])
    expect((await paula.json('GET', '/me/feature-flags')).body.flags.pix_shortcuts).toBe(true)
    expect((await (await signIn(t.app, 'borrower')).json('GET', '/me/feature-flags')).body.flags.pix_shortcuts).toBe(
      false,
    )
    tick()
    expect(
      (await admin.json('DELETE', `/admin/feature-flags/pix_shortcuts/overrides/${persona('personal').id}`)).body
        .overrides,
    ).toEqual([])
    expect((await paula.json('GET', '/me/feature-flags')).body.flags.pix_shortcuts).toBe(false)
    expect((await trail('feature_flag', 'pix_shortcuts')).map((l: { action: string }) => l.action)).toEqual([
      'feature_flag.override_removed',
      'feature_flag.override',
      'feature_flag.set',
    ])
  })

  it('names the field of a bad rollout or an unknown e-mail, and refuses unknown flags and non-admins', async () => {
    expect(
      (await admin.json('PUT', '/admin/feature-flags/signups', { enabled: true, rolloutPercent: 101 })).body.error
        .fields.rolloutPercent,
    ).toMatch(/0 to 100/)
    expect(
      (
        await admin.json('PUT', '/admin/feature-flags/pix_shortcuts/overrides', {
          email: 'nobody@demo.cash',
          enabled: true,
        })
      ).body.error.fields.email,
    ).toMatch(/No one/)
    expect((await admin.json('PUT', '/admin/feature-flags/nope', { enabled: true, rolloutPercent: 1 })).status).toBe(
      404,
    )
    expect(
      (await paula.json('PUT', '/admin/feature-flags/signups', { enabled: false, rolloutPercent: 0 })).status,
    ).toBe(403)
    expect((await admin.json('GET', '/admin/feature-flags')).body.items.map((f: { key: string }) => f.key)).toEqual([
      'signups',
      'pix_shortcuts',
    ])
  })
})
