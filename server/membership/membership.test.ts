import { beforeEach, describe, expect, it } from 'vitest'
import { ACCOUNT_IDS, CARD_IDS } from '../../fixtures/personas'
import { checkLedger } from '../ledger/ledger-check'
import { anonymous, createTestApp, signIn, type Caller, type TestApp } from '../testing/test-app'
import { creditFromCustody } from '../testing/test-database'
import { scheduleMembershipJobs } from './membership-service'

let t: TestApp
let admin: Caller
let paula: Caller
const account = ACCOUNT_IDS.personal

beforeEach(async () => {
  t = await createTestApp()
  admin = await signIn(t.app, 'admin')
  paula = await signIn(t.app, 'personal')
})

/** Moves the clock; sessions may expire over weeks, so the callers sign in again. */
const at = async (iso: string) => {
  t.setNow(new Date(iso))
  admin = await signIn(t.app, 'admin')
  paula = await signIn(t.app, 'personal')
}
const tick = () => t.setNow(new Date(t.deps.now().getTime() + 1000))
/** A purchase on a card that the network clears at once. */
const spend = async (amount: string, cardId: string = CARD_IDS.personal, mcc = '5812') => {
  tick()
  const auth = (
    await admin.json('POST', `/sandbox/cards/${cardId}/purchases`, { amount, merchantName: 'Café Lisboa', mcc })
  ).body
  expect(auth).toMatchObject({ approved: true })
  await admin.json('POST', `/sandbox/card-authorizations/${auth.networkId}/clearing`, {})
  await t.runJobs()
  return auth
}
/** Money the platform moves in directly (test arrangement): USDC into an account's cash, or into the cashback pool. */
const credit = (to: { accountId: string | null; code: 'cash' | 'cashback_pool' }, amount: bigint) =>
  creditFromCustody(t.deps.db.kysely, to, amount)
const membership = async () => (await paula.json('GET', `/accounts/${account}/membership`)).body
const usdc = async (caller: Caller, id: string) =>
  (await caller.json('GET', `/accounts/${id}/balances`)).body.balances.find(
    (b: { asset: string }) => b.asset === 'USDC',
  ).balance

describe('membership points and tiers', () => {
  it(
    'earns a point per whole dollar of a cleared qualifying ' +
      'purchase, none for ATM or gambling, and lists each movement',
    async () => {
      expect(await membership()).toMatchObject({
        tier: 'core',
        tierName: 'Core',
        month: '2026-11',
        points: 0,
        next: { tier: 'luxe', pointsNeeded: 2500 },
        requalifiesAt: '2026-12-01T00:00:00.000Z',
      })
      await spend('42.75')
      await spend('100', CARD_IDS.personal, '6011')
      await spend('50', CARD_IDS.personal, '7995')
      const m = await membership()
      expect(m).toMatchObject({ points: 42, next: { tier: 'luxe', pointsNeeded: 2458 } })
      expect(
        m.benefits.map(
          (b: { name: string; cashbackPercent: number; virtualCards: number; physicalCards: number }) =>
            `${b.name} ${b.cashbackPercent} ${b.virtualCards}/${b.physicalCards}`,
        ),
      ).toEqual(['Core 2 3/1', 'Luxe 3 5/1', 'Pinnacle 3 10/2', 'VIP 4 10/2'])
      const activity = (await paula.json('GET', `/accounts/${account}/membership/activity`)).body.items
      expect(activity).toEqual([
        expect.objectContaining({
          kind: 'points',
          reason: 'card_spend',
          points: 42,
          title: { key: 'card', merchant: 'Café Lisboa' },
        }),
      ])
    },
  )

  it(
    'upgrades at once when the month’s points reach a threshold ' +
      'exactly, and a refund takes points back without a downgrade',
    async () => {
      await spend('2499.99')
      expect((await membership()).tier).toBe('core')
      await credit({ accountId: account, code: 'cash' }, 10_000_000n)
      const last = await spend('1')
      expect(await membership()).toMatchObject({
        tier: 'luxe',
        points: 2500,
        next: { tier: 'pinnacle', pointsNeeded: 7500 },
      })
      const activity = (await paula.json('GET', `/accounts/${account}/membership/activity`)).body.items
      expect(activity.find((i: { kind: string }) => i.kind === 'tier')).toMatchObject({
        reason: 'upgrade',
        fromTier: 'core',
        toTier: 'luxe',
        points: 2500,
      })
      await admin.json('POST', `/sandbox/card-authorizations/${last.networkId}/refund`, { amount: '1' })
      await t.runJobs()
      expect(await membership()).toMatchObject({ tier: 'luxe', points: 2499, requalifiesTo: 'core' })
    },
  )

  it(
    're-qualifies every account from last month’s points at the month’s start: ' + 'down as well as up, VIP kept',
    async () => {
      await scheduleMembershipJobs(t.deps)
      await credit({ accountId: account, code: 'cash' }, 500_000_000n)
      await spend('2600')
      expect((await membership()).tier).toBe('luxe')
      // Bruno becomes VIP by an admin and earns nothing; Paula earns nothing next month.
      expect(
        (await admin.json('PUT', `/admin/accounts/${ACCOUNT_IDS.borrower}/vip`, { vip: true })).body,
      ).toMatchObject({
        tier: 'vip',
        next: null,
      })
      expect((await paula.json('PUT', `/admin/accounts/${ACCOUNT_IDS.borrower}/vip`, { vip: false })).status).toBe(403)
      for (const day of [
        '2026-11-22',
        '2026-11-23',
        '2026-11-24',
        '2026-11-25',
        '2026-11-26',
        '2026-11-27',
        '2026-11-28',
        '2026-11-29',
        '2026-11-30',
        '2026-12-01',
      ]) {
        await at(`${day}T00:00:01Z`)
        await t.runJobs()
      }
      expect(await membership()).toMatchObject({ tier: 'luxe', month: '2026-12' })
      // weETH held (1.2 at $3,150 = $3,780) earned 37 points a day in November.
      const activity = (await paula.json('GET', `/accounts/${account}/membership/activity`)).body.items
      expect(activity.filter((i: { reason: string }) => i.reason === 'weeth_holding')).toHaveLength(10)
      expect(activity.find((i: { reason: string }) => i.reason === 'weeth_holding')).toMatchObject({
        points: 37,
        month: '2026-11',
      })
      for (let day = 2; day <= 31; day += 1) {
        await at(`2026-12-${String(day).padStart(2, '0')}T00:00:01Z`)
        await t.runJobs()
      }
      await at('2027-01-01T00:00:01Z')
      await t.runJobs()
      // December: 31 days × 37 = 1,147 points, below Luxe.
      expect(await membership()).toMatchObject({ tier: 'core', month: '2027-01' })
      expect((await anonymousBruno()).tier).toBe('vip')
      const changes = (await paula.json('GET', `/accounts/${account}/membership/activity`)).body.items.filter(
        (i: { kind: string }) => i.kind === 'tier',
      )
      expect(changes[0]).toMatchObject({
        reason: 'requalification',
        fromTier: 'luxe',
        toTier: 'core',
        points: 1147,
        month: '2027-01',
      })
    },
  )
})

async function anonymousBruno() {
  return (await (await signIn(t.app, 'borrower')).json('GET', `/accounts/${ACCOUNT_IDS.borrower}/membership`)).body
}

describe('membership-rewards and summer-mint promotions', () => {
  it(
    'pays the tier’s monthly reward once from the cashback pool, ' + 'refusing clearly when the pool is short',
    async () => {
      await admin.json('PUT', `/admin/accounts/${account}/vip`, { vip: true })
      const key = { 'idempotency-key': 'claim-key-1' }
      const short = await paula.json('POST', `/accounts/${account}/promotions/membership-rewards/claim`, undefined, key)
      expect(short).toMatchObject({ status: 503, body: { error: { code: 'rewards_pool_short' } } })
      await credit({ accountId: null, code: 'cashback_pool' }, 100_000_000n)
      const before = await usdc(paula, account)
      const claimed = await paula.json('POST', `/accounts/${account}/promotions/membership-rewards/claim`, undefined, {
        'idempotency-key': 'claim-key-2',
      })
      expect(claimed).toMatchObject({
        status: 201,
        body: { tier: 'vip', amount: '25', claimed: { amount: '25', tier: 'vip' } },
      })
      expect(Number(await usdc(paula, account)) - Number(before)).toBe(25)
      const again = await paula.json('POST', `/accounts/${account}/promotions/membership-rewards/claim`, undefined, {
        'idempotency-key': 'claim-key-3',
      })
      expect(again.body.error.code).toBe('reward_already_claimed')
      expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
    },
  )

  it('refuses a Core claim: Core has no monthly reward', async () => {
    await credit({ accountId: null, code: 'cashback_pool' }, 100_000_000n)
    const res = await paula.json('POST', `/accounts/${account}/promotions/membership-rewards/claim`, undefined, {
      'idempotency-key': 'claim-key-core',
    })
    expect(res.body.error.code).toBe('reward_not_available')
  })

  it('mints the Summer Mint badge once qualifying spend in the window reaches $500', async () => {
    await spend('300')
    expect((await paula.json('GET', `/accounts/${account}/promotions/summer-mint`)).body).toMatchObject({
      state: 'running',
      goal: '500',
      spent: '300',
      progressPercent: 60,
      badge: null,
    })
    await spend('200')
    expect((await paula.json('GET', `/accounts/${account}/promotions/summer-mint`)).body).toMatchObject({
      spent: '500',
      progressPercent: 100,
      badge: { earnedAt: expect.any(String) },
    })
  })
})

describe('referrals', () => {
  it('refuses unknown and expired codes at the field, and a second link while one is valid', async () => {
    const link = (await paula.json('POST', '/referrals/link')).body.link
    // Absolute, on the origin the request came to (PUBLIC_ORIGIN unset): a link pasted elsewhere has no page to be
    // relative to.
    expect(link.url).toBe(`http://localhost/app/cash/sign-up?ref=${link.code}`)
    expect(link.expiresAt).toBe('2027-02-19T12:00:00.000Z')
    expect((await paula.json('POST', '/referrals/link')).body.error.code).toBe('referral_link_active')
    const signUp = (email: string, referralCode: string) =>
      anonymous(t.app).json('POST', '/auth/sign-up', {
        name: 'Rita Reis',
        email,
        password: 'a-long-password-1',
        client: 'native',
        referralCode,
      })
    expect((await signUp('r1@example.com', 'ZZZZZZZZ')).body.error).toMatchObject({
      code: 'referral_code_invalid',
      fields: { referralCode: 'No referral link has this code.' },
    })
    await at('2027-02-19T12:00:00Z')
    expect((await signUp('r2@example.com', link.code)).body.error).toMatchObject({
      code: 'referral_code_expired',
      fields: { referralCode: 'This referral link has expired.' },
    })
    paula = await signIn(t.app, 'personal')
    expect((await paula.json('GET', '/referrals/link')).body.link).toBeNull()
    expect((await paula.json('POST', '/referrals/link')).status).toBe(201)
  })

  it(
    'qualifies after KYC and a card, earns 1 % of spend for 30 ' +
      'days, pays next month above $1 and ranks the referrer masked',
    async () => {
      const link = (await paula.json('POST', '/referrals/link')).body.link
      const signUp = await anonymous(t.app).json('POST', '/auth/sign-up', {
        name: 'Rita Reis',
        email: 'rita@example.com',
        password: 'a-long-password-1',
        client: 'native',
        referralCode: link.code.toLowerCase(),
      })
      expect(signUp.status).toBe(201)
      const rita = { ...anonymousWithToken(signUp.body.token), userId: signUp.body.user.id as string }
      expect((await paula.json('GET', '/referrals')).body.items).toEqual([
        expect.objectContaining({ name: 'R•••a R.', state: 'signed_up', earned: '0' }),
      ])
      const opened = await rita.json('POST', '/accounts', { kind: 'personal', timeZone: 'America/Sao_Paulo' })
      expect(opened.status, JSON.stringify(opened.body)).toBe(201)
      const ritaAccount = opened.body.accountId as string
      await admin.json('POST', `/sandbox/users/${rita.userId}/kyc`, { status: 'approved' })
      expect((await paula.json('GET', '/referrals')).body.items[0].state).toBe('signed_up')
      const card = (await rita.json('POST', `/accounts/${ritaAccount}/cards`, {})).body
      expect(card).toMatchObject({ kind: 'virtual', status: 'active' })
      await credit({ accountId: ritaAccount, code: 'cash' }, 2_000_000_000n)
      await spend('80', card.id)
      expect((await paula.json('GET', '/referrals')).body).toMatchObject({
        items: [expect.objectContaining({ state: 'earning', earned: '0.8' })],
        unpaid: '0.8',
      })
      const board = (await paula.json('GET', '/referrals/leaderboard')).body
      expect(board).toMatchObject({
        month: '2026-11',
        items: [{ rank: 1, name: 'P•••a P.', earned: '0.8', referrals: 1, you: true }],
      })
      expect((await rita.json('GET', '/referrals/leaderboard')).body.items[0].you).toBe(false)

      // $0.80 in November rolls over (not above $1); December adds $0.50 → $1.30 is paid in January.
      await credit({ accountId: null, code: 'cashback_pool' }, 50_000_000n)
      await scheduleMembershipJobs(t.deps)
      await at('2026-12-01T00:00:01Z')
      await t.runJobs()
      expect((await paula.json('GET', '/referrals')).body.unpaid).toBe('0.8')
      await at('2026-12-10T10:00:00Z')
      await spend('50', card.id)
      // After the 30-day window nothing more accrues.
      await at('2026-12-22T10:00:00Z')
      await spend('500', card.id)
      expect((await paula.json('GET', '/referrals')).body).toMatchObject({
        items: [expect.objectContaining({ state: 'completed', earned: '1.3', paid: '0' })],
        unpaid: '1.3',
      })
      const before = await usdc(paula, account)
      await at('2027-01-01T00:00:01Z')
      await t.runJobs()
      expect(Number(await usdc(paula, account)) - Number(before)).toBeCloseTo(1.3, 6)
      expect((await paula.json('GET', '/referrals')).body).toMatchObject({
        items: [expect.objectContaining({ paid: '1.3' })],
        unpaid: '0',
      })
      expect((await paula.json('GET', `/accounts/${account}/activity`)).body.items[0]).toMatchObject({
        kind: 'referral_cashback',
        amount: '1.3',
      })
      expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
    },
  )

  it(
    'takes back the referral cashback of a refunded purchase: not paid if refunded before ' +
      'the payout, kept from the next payout if refunded after',
    async () => {
      const link = (await paula.json('POST', '/referrals/link')).body.link
      const signUp = await anonymous(t.app).json('POST', '/auth/sign-up', {
        name: 'Rita Reis',
        email: 'rita@example.com',
        password: 'a-long-password-1',
        client: 'native',
        referralCode: link.code,
      })
      const rita = { ...anonymousWithToken(signUp.body.token), userId: signUp.body.user.id as string }
      const ritaAccount = (await rita.json('POST', '/accounts', { kind: 'personal', timeZone: 'UTC' })).body
        .accountId as string
      await admin.json('POST', `/sandbox/users/${rita.userId}/kyc`, { status: 'approved' })
      const card = (await rita.json('POST', `/accounts/${ritaAccount}/cards`, {})).body
      await credit({ accountId: ritaAccount, code: 'cash' }, 2_000_000_000n)
      await credit({ accountId: null, code: 'cashback_pool' }, 100_000_000n)
      const refund = async (networkId: string, amount: string) => {
        await admin.json('POST', `/sandbox/card-authorizations/${networkId}/refund`, { amount })
        await t.runJobs()
      }
      // November: $300 bought and refunded in two parts (nothing of it earns), and $200 kept ($2).
      const returned = await spend('300', card.id)
      await refund(returned.networkId, '100')
      expect((await paula.json('GET', '/referrals')).body).toMatchObject({ earned: '2', unpaid: '2' })
      await refund(returned.networkId, '200')
      const kept = await spend('200', card.id)
      expect((await paula.json('GET', '/referrals')).body).toMatchObject({ earned: '2', unpaid: '2' })
      await scheduleMembershipJobs(t.deps)
      const before = await usdc(paula, account)
      await at('2026-12-01T00:00:01Z')
      await t.runJobs()
      expect(Number(await usdc(paula, account)) - Number(before)).toBeCloseTo(2, 6)
      // The $200 is refunded after its $2 was paid: owed, and kept from what December earns ($5 on $500).
      await at('2026-12-02T10:00:00Z')
      await refund(kept.networkId, '200')
      expect((await paula.json('GET', '/referrals')).body).toMatchObject({ earned: '0', unpaid: '0' })
      await at('2026-12-10T10:00:00Z')
      await spend('500', card.id)
      expect((await paula.json('GET', '/referrals')).body).toMatchObject({ earned: '5', unpaid: '3' })
      await at('2027-01-01T00:00:01Z')
      await t.runJobs()
      expect(Number(await usdc(paula, account)) - Number(before)).toBeCloseTo(5, 6)
      expect((await paula.json('GET', '/referrals')).body).toMatchObject({
        items: [expect.objectContaining({ earned: '5', paid: '5' })],
        earned: '5',
        unpaid: '0',
      })
      expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
    },
  )
})

describe('a referral of oneself', () => {
  const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
  const nina = { legalName: 'Nina Novak', birthDate: '1994-05-17', nationality: 'BR' }
  const signUp = async (name: string, email: string, referralCode?: string) => {
    const res = await anonymous(t.app).json('POST', '/auth/sign-up', {
      name,
      email,
      password: 'a-long-password-1',
      client: 'native',
      ...(referralCode ? { referralCode } : {}),
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return { ...anonymousWithToken(res.body.token), userId: res.body.user.id as string }
  }
  /** KYC as an applicant sends it (documents, then the form), approved by an admin. */
  const verify = async (who: Caller & { userId: string }, identity: typeof nina) => {
    const upload = async (kind: string) =>
      (await who.json('POST', '/identity/documents', { kind, fileName: 'id.png', content: PNG.toString('base64') }))
        .body.id as string
    const idDocument = { type: 'id_card', front: await upload('id_front'), back: await upload('id_back') }
    const address = {
      line1: 'Rua Augusta 100',
      city: 'São Paulo',
      region: 'SP',
      postalCode: '01304-000',
      country: 'BR',
    }
    const body = { ...identity, address, idDocument, selfie: await upload('selfie') }
    expect((await who.json('POST', '/kyc', body)).status).toBe(201)
    const open = (await admin.json('GET', '/admin/identity-applications')).body.items
    const application = open.find((a: { userId: string }) => a.userId === who.userId)
    const decided = await admin.json('POST', `/admin/identity-applications/${application.id}/decision`, {
      decision: 'approved',
    })
    expect(decided.body.status).toBe('approved')
  }
  /** The referee opens an account, gets a card and money to spend: the referral qualifies unless refused. */
  const cardFor = async (who: Caller) => {
    const opened = await who.json('POST', '/accounts', { kind: 'personal', timeZone: 'America/Sao_Paulo' })
    const card = (await who.json('POST', `/accounts/${opened.body.accountId}/cards`, {})).body
    expect(card).toMatchObject({ status: 'active' })
    await credit({ accountId: opened.body.accountId, code: 'cash' }, 2_000_000_000n)
    return card.id as string
  }

  it('earns nothing when the referee is verified as the referrer, however the name is written', async () => {
    const referrer = await signUp('Nina Novak', 'nina.one@example.com')
    await verify(referrer, nina)
    const code = (await referrer.json('POST', '/referrals/link')).body.link.code
    const self = await signUp('Nina N.', 'nina.two@example.com', code)
    await verify(self, { ...nina, legalName: '  NINA   NOVÁK ' })
    const friend = await signUp('Rita Reis', 'rita.reis@example.com', code)
    await verify(friend, { ...nina, legalName: 'Rita Reis', birthDate: '1991-02-03' })
    await spend('80', await cardFor(self))
    await spend('50', await cardFor(friend))
    const { items, earned, unpaid } = (await referrer.json('GET', '/referrals')).body
    expect({ earned, unpaid }).toEqual({ earned: '0.5', unpaid: '0.5' })
    expect(items).toHaveLength(2)
    expect(items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'R•••a R.', state: 'earning', earned: '0.5' }),
        expect.objectContaining({ name: 'N•••a N.', state: 'not_eligible', earned: '0', qualifiedAt: null }),
      ]),
    )
  })

  it('takes back what a referral earned when its referrer is verified later as the same person', async () => {
    const referrer = await signUp('Nina Novak', 'nina.one@example.com')
    const code = (await referrer.json('POST', '/referrals/link')).body.link.code
    const self = await signUp('Nina Novak', 'nina.two@example.com', code)
    await verify(self, nina)
    const card = await cardFor(self)
    await spend('80', card)
    expect((await referrer.json('GET', '/referrals')).body).toMatchObject({ earned: '0.8', unpaid: '0.8' })
    await verify(referrer, nina)
    await spend('50', card)
    expect((await referrer.json('GET', '/referrals')).body).toEqual({
      items: [expect.objectContaining({ state: 'not_eligible', earned: '0', paid: '0' })],
      earned: '0',
      unpaid: '0',
    })
    expect((await referrer.json('GET', '/referrals/leaderboard')).body.items).toEqual([])
    await credit({ accountId: null, code: 'cashback_pool' }, 50_000_000n)
    await scheduleMembershipJobs(t.deps)
    await at('2026-12-01T00:00:01Z')
    await t.runJobs()
    const paid = await t.deps.db.kysely.selectFrom('referral_payouts').selectAll().execute()
    expect(paid).toEqual([])
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
  })
})

function anonymousWithToken(token: string): Caller {
  const a = anonymous(t.app)
  const h = { authorization: `Bearer ${token}` }
  return {
    headers: h,
    request: (m, p, b, x) => a.request(m, p, b, { ...h, ...x }),
    json: (m, p, b, x) => a.json(m, p, b, { ...h, ...x }),
  }
}
