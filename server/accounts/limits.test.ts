import { beforeEach, describe, expect, it } from 'vitest'
import { ACCOUNT_IDS, CARD_IDS, DEMO_PASSWORD } from '../../fixtures/personas'
import { checkLedger } from '../ledger/ledger-check'
import { createTestApp, signIn, type Caller, type TestApp } from '../testing/test-app'

const account = ACCOUNT_IDS.personal
let t: TestApp
let paula: Caller
const confirmation = { method: 'password', password: DEMO_PASSWORD }

beforeEach(async () => {
  t = await createTestApp()
  paula = await signIn(t.app, 'personal', 'web')
})

describe('account spending limits', () => {
  it('raises at once, with the holder’s confirmation', async () => {
    expect(
      (await paula.json('PUT', `/accounts/${account}/limits`, { daily: '20000', monthly: '60000' })).body.error.code,
    ).toBe('confirmation_required')
    const raised = await paula.json('PUT', `/accounts/${account}/limits`, {
      daily: '20000',
      monthly: '60000',
      confirmation,
    })
    expect(raised.body).toMatchObject({ daily: '20000', monthly: '60000', pending: null })
  })

  it('lowers only after the limit delay, so purchases approved meanwhile still stand', async () => {
    const lowered = await paula.json('PUT', `/accounts/${account}/limits`, { daily: '100', monthly: '1000' })
    expect(lowered.body).toMatchObject({
      daily: '10000',
      pending: { daily: '100', effectiveAt: '2026-11-21T13:00:00.000Z' },
    })
    const admin = await signIn(t.app, 'admin')
    expect(
      (
        await admin.json('POST', `/sandbox/cards/${CARD_IDS.personal}/purchases`, {
          amount: '300',
          merchantName: 'Before the delay',
        })
      ).body.approved,
    ).toBe(true)
    t.setNow(new Date('2026-11-21T13:00:01Z'))
    await t.runJobs()
    expect((await paula.json('GET', `/accounts/${account}/limits`)).body).toMatchObject({
      daily: '100',
      monthly: '1000',
      pending: null,
    })
    expect(
      (
        await admin.json('POST', `/sandbox/cards/${CARD_IDS.personal}/purchases`, {
          amount: '50',
          merchantName: 'After the delay',
        })
      ).body,
    ).toMatchObject({ approved: false, reason: 'over_daily_limit' })
  })

  it('keeps daily at or below monthly, at the daily field', async () => {
    const res = await paula.json('PUT', `/accounts/${account}/limits`, { daily: '2000', monthly: '1000' })
    expect(res.body.error).toMatchObject({ fields: { daily: expect.stringMatching(/above the monthly/) } })
  })
})

describe('limits across a change of time zone', () => {
  it('a purchase reversed after the holder changed time zone no longer counts on any day', async () => {
    const admin = await signIn(t.app, 'admin')
    const card = CARD_IDS.personal
    // 01:00 UTC on 22 November: 22:00 on the 21st in São Paulo, 10:00 on the 22nd in Tokyo.
    t.setNow(new Date('2026-11-22T01:00:00Z'))
    expect((await paula.json('PUT', `/cards/${card}/limits`, { daily: '100' })).status).toBe(200)
    const buy = async (amount: string) =>
      (await admin.json('POST', `/sandbox/cards/${card}/purchases`, { amount, merchantName: 'Padaria' })).body
    const first = await buy('80')
    expect(first).toMatchObject({ approved: true })
    // The holder travels and moves the account to Tokyo's time.
    const moved = await paula.json('PUT', '/profile', {
      name: 'Paula Pereira',
      language: null,
      phone: null,
      timeZone: 'Asia/Tokyo',
    })
    expect(moved.status).toBe(200)
    // The merchant cancels the purchase: it counts on no day at all.
    await admin.json('POST', `/sandbox/card-authorizations/${first.networkId}/reversal`, {})
    await t.runJobs()
    // Nothing is spent on the card on the 22nd in Tokyo, so 150 is over its daily limit of 100.
    expect(await buy('150')).toMatchObject({ approved: false, reason: 'over_card_daily_limit' })
    expect(await buy('90')).toMatchObject({ approved: true })
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
  })

  it('a move to a time zone where a new day has begun does not give the card a new daily limit', async () => {
    const admin = await signIn(t.app, 'admin')
    const card = CARD_IDS.personal
    // 10:55 on the 21st in São Paulo.
    t.setNow(new Date('2026-11-21T13:55:00Z'))
    expect((await paula.json('PUT', `/cards/${card}/limits`, { daily: '100' })).status).toBe(200)
    const buy = async (amount: string) =>
      (await admin.json('POST', `/sandbox/cards/${card}/purchases`, { amount, merchantName: 'Padaria' })).body
    expect(await buy('80')).toMatchObject({ approved: true })
    // Six minutes later, in Brisbane, where the 22nd has just begun; then a second move the same day.
    t.setNow(new Date('2026-11-21T14:01:00Z'))
    const moveTo = async (timeZone: string) =>
      (await paula.json('PUT', '/profile', { name: 'Paula Pereira', language: null, phone: null, timeZone })).status
    expect(await moveTo('Australia/Brisbane')).toBe(200)
    expect(await buy('80')).toMatchObject({ approved: false, reason: 'over_card_daily_limit' })
    // An hour later, one zone further west, where the 22nd has just begun too.
    t.setNow(new Date('2026-11-21T15:01:00Z'))
    expect(await moveTo('Asia/Tokyo')).toBe(200)
    expect(await buy('80')).toMatchObject({ approved: false, reason: 'over_card_daily_limit' })
    expect(await buy('20')).toMatchObject({ approved: true })
    // The next day in Tokyo is a new day.
    t.setNow(new Date('2026-11-22T15:01:00Z'))
    expect(await buy('80')).toMatchObject({ approved: true })
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
  })

  it('a move to a time zone minutes before its midnight does not give the card a new daily limit there', async () => {
    const admin = await signIn(t.app, 'admin')
    const card = CARD_IDS.personal
    // 10:50 on the 21st in São Paulo.
    t.setNow(new Date('2026-11-21T13:50:00Z'))
    expect((await paula.json('PUT', `/cards/${card}/limits`, { daily: '100' })).status).toBe(200)
    const buy = async (amount: string) =>
      (await admin.json('POST', `/sandbox/cards/${card}/purchases`, { amount, merchantName: 'Padaria' })).body
    const moveTo = async (timeZone: string) =>
      (await paula.json('PUT', '/profile', { name: 'Paula Pereira', language: null, phone: null, timeZone })).status
    expect(await buy('80')).toMatchObject({ approved: true })
    // At 23:55 on the 21st in Brisbane the holder moves there; six minutes later the 22nd begins there.
    t.setNow(new Date('2026-11-21T13:55:00Z'))
    expect(await moveTo('Australia/Brisbane')).toBe(200)
    t.setNow(new Date('2026-11-21T14:01:00Z'))
    expect(await buy('80')).toMatchObject({ approved: false, reason: 'over_card_daily_limit' })
    // An hour later, one zone west, at 23:55 there: the same.
    t.setNow(new Date('2026-11-21T14:55:00Z'))
    expect(await moveTo('Asia/Tokyo')).toBe(200)
    t.setNow(new Date('2026-11-21T15:01:00Z'))
    expect(await buy('80')).toMatchObject({ approved: false, reason: 'over_card_daily_limit' })
    expect(await buy('20')).toMatchObject({ approved: true })
    // The day after in Tokyo is a new day.
    t.setNow(new Date('2026-11-22T15:01:00Z'))
    expect(await buy('80')).toMatchObject({ approved: true })
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
  })
})
