import { sql } from 'kysely'
import { beforeEach, describe, expect, it } from 'vitest'
import { ACCOUNT_IDS, DEMO_PASSWORD } from '../../fixtures/personas'
import { checkLedger } from '../ledger/ledger-check'
import { createTestApp, signIn, type Caller, type TestApp } from '../testing/test-app'

const BCB_EXAMPLE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano ' +
  'de Tal6008BRASILIA62070503***63041D3D'
const account = ACCOUNT_IDS.personal
let t: TestApp
let paula: Caller
const key = () => `p-${Math.random().toString(36).slice(2)}`
const confirm = (id: string, idem = key()) =>
  paula.json(
    'POST',
    `/accounts/${account}/pix/payments/${id}/confirm`,
    { confirmation: { method: 'password', password: DEMO_PASSWORD } },
    { 'idempotency-key': idem },
  )
const usdc = async () =>
  (await paula.json('GET', `/accounts/${account}/balances`)).body.balances.find(
    (b: { asset: string }) => b.asset === 'USDC',
  ).balance

beforeEach(async () => {
  t = await createTestApp()
  paula = await signIn(t.app, 'personal', 'web')
})

describe('PIX send', () => {
  it('reads the recipient from the BCB example code, quotes, and pays it as a spend', async () => {
    const quote = await paula.json('POST', `/accounts/${account}/pix/payments`, {
      destination: BCB_EXAMPLE,
      brlAmount: '50',
    })
    expect(quote.status).toBe(201)
    expect(quote.body).toMatchObject({
      recipientName: 'Fulano de Tal',
      recipientCity: 'BRASILIA',
      source: 'code',
      brlAmount: '50',
      usdcAmount: '10',
      feeUsdc: '0.1',
      totalUsdc: '10.1',
      status: 'quoted',
    })
    const paid = await confirm(quote.body.id)
    expect(paid.body).toMatchObject({ status: 'completed', endToEndId: expect.stringMatching(/^E\d{12}/) })
    expect(await usdc()).toBe('2489.9')
    const activity = (await paula.json('GET', `/accounts/${account}/activity`)).body.items[0]
    expect(activity).toMatchObject({
      kind: 'pix_spend',
      title: { key: 'pix_to', name: 'Fulano de Tal' },
      amount: '-10.1',
    })
  })

  it('pays a CPF key, and counts it against the daily limit like a purchase', async () => {
    await sql`UPDATE accounts SET daily_limit = 20000000 WHERE id = ${account}`.execute(t.deps.db.kysely)
    const first = await paula.json('POST', `/accounts/${account}/pix/payments`, {
      destination: '529.982.247-25',
      brlAmount: '90',
    })
    expect(first.body).toMatchObject({ key: '***.982.247-**', totalUsdc: '18.18' })
    await confirm(first.body.id)
    const second = await paula.json('POST', `/accounts/${account}/pix/payments`, {
      destination: '529.982.247-25',
      brlAmount: '10',
    })
    expect(second.body.error).toMatchObject({
      code: 'over_daily_limit',
      fields: { brlAmount: expect.stringMatching(/daily/) },
    })
  })

  it('does not start a new day for the daily limit when the holder moves to a time zone past midnight', async () => {
    await sql`UPDATE accounts SET daily_limit = 20000000 WHERE id = ${account}`.execute(t.deps.db.kysely)
    const pay = async (brlAmount: string) => {
      const quote = await paula.json('POST', `/accounts/${account}/pix/payments`, {
        destination: '529.982.247-25',
        brlAmount,
      })
      return quote.status === 201 ? (await confirm(quote.body.id)).body : quote.body
    }
    const moveTo = async (timeZone: string) =>
      (await paula.json('PUT', '/profile', { name: 'Paula Pereira', language: null, phone: null, timeZone })).status
    // A payment's journal is dated by the database's clock, the real one: the business clock runs beside it. At
    // `midnight` (the next full hour at least five minutes away) a new day begins in one zone, it is noon in another.
    const real = Date.now()
    const midnight = new Date(Math.ceil((real + 5 * 60_000) / 3_600_000) * 3_600_000)
    const hour = midnight.getUTCHours()
    const zone = (offset: number) => `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}` // Etc/GMT-10 is UTC+10
    t.setNow(new Date(real))
    expect(await moveTo(zone(12 - hour))).toBe(200)
    // Late morning there: 18.18 of the day's 20 paid.
    expect(await pay('90')).toMatchObject({ status: 'completed' })
    // Just after `midnight` the holder moves to the zone where a new day has just begun.
    t.setNow(new Date(midnight.getTime() + 60_000))
    expect(await moveTo(zone(hour <= 12 ? -hour : 24 - hour))).toBe(200)
    expect(await pay('90')).toMatchObject({ error: { code: 'over_daily_limit' } })
    expect((await paula.json('GET', `/accounts/${account}/balances`)).body.dailyLeft).toBe('1.82')
    // The next day there is a new day.
    t.setNow(new Date(midnight.getTime() + 24 * 3_600_000 + 60_000))
    expect(await pay('90')).toMatchObject({ status: 'completed' })
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
  })

  it('its history detail shows the reais, the key masked, the rate, the fee and the end-to-end id', async () => {
    const quote = await paula.json('POST', `/accounts/${account}/pix/payments`, {
      destination: 'maria.silva@example.com',
      brlAmount: '150',
    })
    const paid = await confirm(quote.body.id)
    const item = (await paula.json('GET', `/accounts/${account}/history?type=pix`)).body.items[0]
    expect(item).toMatchObject({ type: 'pix', amount: '-30.3' })
    const detail = (await paula.json('GET', `/accounts/${account}/history/pix/${item.id}`)).body
    expect(detail.details).toEqual({
      brlAmount: '150',
      pixKey: 'm***@example.com',
      rate: quote.body.rate,
      pixFee: '0.3',
      endToEndId: paid.body.endToEndId,
    })
    expect(detail.details.endToEndId).toMatch(/^E\d{12}/)
  })

  it('points at the destination for a bad key or a damaged code', async () => {
    const cpf = await paula.json('POST', `/accounts/${account}/pix/payments`, {
      destination: '529.982.247-26',
      brlAmount: '10',
    })
    expect(cpf.body.error).toMatchObject({ code: 'pix_key_cpf', fields: { destination: expect.stringMatching(/CPF/) } })
    const code = await paula.json('POST', `/accounts/${account}/pix/payments`, {
      destination: BCB_EXAMPLE.replace('Fulano', 'Fulana'),
      brlAmount: '10',
    })
    expect(code.body.error).toMatchObject({ code: 'pix_code_checksum', fields: { destination: expect.any(String) } })
  })

  it('pays once on a double submit, and refuses an expired rate', async () => {
    const quote = await paula.json('POST', `/accounts/${account}/pix/payments`, {
      destination: 'fulano@example.com',
      brlAmount: '10',
    })
    const idem = key()
    const [a, b] = await Promise.all([confirm(quote.body.id, idem), confirm(quote.body.id, idem)])
    expect(a.body.endToEndId).toBe(b.body.endToEndId)
    expect(await usdc()).toBe('2497.98')
    const late = await paula.json('POST', `/accounts/${account}/pix/payments`, {
      destination: 'fulano@example.com',
      brlAmount: '10',
    })
    t.setNow(new Date(t.deps.now().getTime() + 601_000))
    expect((await confirm(late.body.id)).body.error.code).toBe('quote_expired')
    expect(await usdc()).toBe('2497.98')
  })
})
