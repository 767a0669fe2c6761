import { beforeEach, describe, expect, it } from 'vitest'
import { ACCOUNT_IDS } from '../../fixtures/personas'
import { signHostChallenge } from '../../domain/host-confirmation'
import { createTestApp, signIn, type SignedIn, type TestApp } from '../testing/test-app'

/**
 * Issue 19: a native session's `{ method: 'host' }` is the host's answer to a challenge of that session, not a
 * claim. Every refusal here moves nothing; only the right answer to an open challenge of the same session does.
 */
let t: TestApp
let native: SignedIn
const account = ACCOUNT_IDS.personal
const TO = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
const key = () => `hc-${Math.random().toString(36).slice(2)}`
const withdraw = (confirmation: unknown, caller: SignedIn = native) =>
  caller.json(
    'POST',
    `/accounts/${account}/withdrawals`,
    { asset: 'USDC', amount: '100', address: TO, confirmation },
    { 'idempotency-key': key() },
  )
const withdrawals = async () => (await native.json('GET', `/accounts/${account}/withdrawals`)).body.items as unknown[]
const available = async () =>
  (await native.json('GET', `/accounts/${account}/balances`)).body.balances.find(
    (b: { asset: string }) => b.asset === 'USDC',
  ).available
const challenge = async (caller: SignedIn = native) =>
  (await caller.json('POST', '/auth/confirmations/challenge')).body as {
    challengeId: string
    challenge: string
    expiresAt: string
  }
const failures = async () =>
  (
    await t.deps.db.kysely
      .selectFrom('confirmation_failures')
      .select('failures')
      .where('user_id', '=', native.userId)
      .executeTakeFirst()
  )?.failures ?? 0

beforeEach(async () => {
  t = await createTestApp()
  native = await signIn(t.app, 'personal', 'native')
})

describe('host confirmation answers a server challenge', () => {
  it('the native sign-in returns a confirm secret once; a web sign-in has none', async () => {
    expect(native.confirmSecret).toMatch(/^[\w-]{43}$/)
    expect((await signIn(t.app, 'personal', 'web')).confirmSecret).toBeUndefined()
    const issued = await challenge()
    expect(issued).toMatchObject({ challengeId: expect.any(String), challenge: expect.stringMatching(/^[\w-]{43}$/) })
    expect(new Date(issued.expiresAt).getTime() - t.deps.wallClock!().getTime()).toBe(120_000)
  })

  it('a right answer confirms a withdrawal', async () => {
    const res = await withdraw(await native.hostConfirmation())
    expect(res.status).toBe(201)
    expect(await withdrawals()).toHaveLength(1)
  })

  it('refuses a bare claim ({ method: "host" } with no challenge) and moves nothing', async () => {
    const before = await available()
    const res = await withdraw({ method: 'host' })
    expect(res.status).toBe(400)
    expect(await withdrawals()).toHaveLength(0)
    expect(await available()).toBe(before)
  })

  it('refuses a forged answer, counts it like a wrong password, and burns the challenge', async () => {
    const before = await available()
    const issued = await challenge()
    const forged = await signHostChallenge('A'.repeat(43), issued.challenge)
    const res = await withdraw({ method: 'host', challengeId: issued.challengeId, signature: forged })
    expect(res.status).toBe(401)
    expect(res.body.error.code).toBe('confirmation_failed')
    expect(await failures()).toBe(1)
    expect(await withdrawals()).toHaveLength(0)
    expect(await available()).toBe(before)
    // The right answer to the same challenge comes too late: it was used by the wrong one.
    const late = await withdraw({
      method: 'host',
      challengeId: issued.challengeId,
      signature: await signHostChallenge(native.confirmSecret!, issued.challenge),
    })
    expect(late.body.error.code).toBe('confirmation_required')
    expect(await withdrawals()).toHaveLength(0)
  })

  it('pauses confirming after five wrong answers, like wrong passwords', async () => {
    for (let i = 0; i < 5; i++) {
      const issued = await challenge()
      await withdraw({
        method: 'host',
        challengeId: issued.challengeId,
        signature: await signHostChallenge('B'.repeat(43), issued.challenge),
      })
    }
    expect((await withdraw(await native.hostConfirmation())).body.error.code).toBe('confirmation_locked')
    expect(await withdrawals()).toHaveLength(0)
  })

  it('refuses a replayed answer: a challenge confirms one movement', async () => {
    const answer = await native.hostConfirmation()
    expect((await withdraw(answer)).status).toBe(201)
    const again = await withdraw(answer)
    expect(again.status).toBe(401)
    expect(again.body.error.code).toBe('confirmation_required')
    expect(await withdrawals()).toHaveLength(1)
  })

  it('refuses an answer to an expired challenge (2 minutes, real time)', async () => {
    const answer = await native.hostConfirmation()
    t.setWallClock(new Date(t.deps.wallClock!().getTime() + 120_001))
    const res = await withdraw(answer)
    expect(res.body.error.code).toBe('confirmation_required')
    expect(await withdrawals()).toHaveLength(0)
  })

  it('refuses one session’s challenge in another session of the same person', async () => {
    const other = await signIn(t.app, 'personal', 'native')
    const issued = await challenge()
    // Answered with the issuing session's secret, or with the presenting session's own: neither works there.
    for (const secret of [native.confirmSecret!, other.confirmSecret!]) {
      const res = await withdraw(
        {
          method: 'host',
          challengeId: issued.challengeId,
          signature: await signHostChallenge(secret, issued.challenge),
        },
        other,
      )
      expect(res.body.error.code).toBe('confirmation_required')
    }
    expect(await withdrawals()).toHaveLength(0)
    // Still open for its own session.
    expect(
      (
        await withdraw({
          method: 'host',
          challengeId: issued.challengeId,
          signature: await signHostChallenge(native.confirmSecret!, issued.challenge),
        })
      ).status,
    ).toBe(201)
  })

  it('a cookie session gets no challenge and cannot confirm with host', async () => {
    const web = await signIn(t.app, 'personal', 'web')
    const asked = await web.json('POST', '/auth/confirmations/challenge')
    expect(asked.status).toBe(403)
    expect(asked.body.error.code).toBe('forbidden')
    // Not even with a native session's right answer.
    const res = await withdraw(await native.hostConfirmation(), web)
    expect(res.body.error.code).toBe('confirmation_required')
    expect(await withdrawals()).toHaveLength(0)
  })
})
