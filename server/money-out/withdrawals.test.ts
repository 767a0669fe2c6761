import { sql } from 'kysely'
import { beforeEach, describe, expect, it } from 'vitest'
import { ACCOUNT_IDS, DEMO_PASSWORD, persona } from '../../fixtures/personas'
import { checkLedger } from '../ledger/ledger-check'
import { createTestApp, signIn, type Caller, type TestApp } from '../testing/test-app'

let t: TestApp
let paula: Caller
const account = ACCOUNT_IDS.personal
const TO = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
const password = { method: 'password', password: DEMO_PASSWORD }
const key = () => `w-${Math.random().toString(36).slice(2)}`

beforeEach(async () => {
  t = await createTestApp()
  paula = await signIn(t.app, 'personal', 'web')
})

const advance = async (ms: number) => {
  t.setNow(new Date(t.deps.now().getTime() + ms))
  await t.runJobs()
}
const position = async () => (await paula.json('GET', `/accounts/${account}/balances`)).body
const usdc = async () => (await position()).balances.find((b: { asset: string }) => b.asset === 'USDC')
const withdraw = (body: Record<string, unknown>, idem = key(), caller = paula, on: string = account) =>
  caller.json(
    'POST',
    `/accounts/${on}/withdrawals`,
    { asset: 'USDC', amount: '100', address: TO, confirmation: password, ...body },
    { 'idempotency-key': idem },
  )

describe('crypto withdrawals', () => {
  it('reserves amount + fee at once, sends after the delay, and lands confirmed', async () => {
    const quote = await paula.json(
      'GET',
      `/accounts/${account}/withdrawals/quote?asset=USDC&amount=100&address=${TO.toLowerCase()}`,
    )
    expect(quote.body).toMatchObject({ fee: '0.5', total: '100.5', address: TO, delaySeconds: 60 })
    const w = await withdraw({})
    expect(w.body).toMatchObject({ status: 'delayed', total: '100.5' })
    expect(await usdc()).toMatchObject({ balance: '2500', available: '2399.5' })
    expect((await position()).spendable).toBe('2399.5')
    await advance(59_000)
    expect((await paula.json('GET', `/accounts/${account}/withdrawals`)).body.items[0].status).toBe('delayed')
    await advance(1_500)
    expect((await paula.json('GET', `/accounts/${account}/withdrawals`)).body.items[0]).toMatchObject({
      status: 'broadcast',
      txHash: expect.stringMatching(/^0x/),
    })
    await advance(3_000)
    expect((await paula.json('GET', `/accounts/${account}/withdrawals`)).body.items[0].status).toBe('confirmed')
    expect(await usdc()).toMatchObject({ balance: '2399.5', available: '2399.5' })
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
  })

  it.each([
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAEd', 'address_checksum', /checksum/],
    [`0x${'a'.repeat(39)}`, 'address_invalid', /40 hexadecimal/],
    [`0x${'g'.repeat(40)}`, 'address_invalid', /40 hexadecimal/],
  ])('refuses %s at the address field and moves nothing', async (address, code, message) => {
    const res = await withdraw({ address })
    expect(res.status).toBe(400)
    expect(res.body.error).toMatchObject({ code, fields: { address: expect.stringMatching(message) } })
    expect(await usdc()).toMatchObject({ available: '2500' })
  })

  it('sends a withdrawal whose release ran a day late (the server was down), not leaving it stuck', async () => {
    const w = await withdraw({})
    expect(w.body).toMatchObject({ status: 'delayed', total: '100.5' })
    // Two days on: past the reservation's own time, which no job lets go of before the release has run.
    await advance(2 * 86_400_000)
    await advance(3_000)
    expect((await paula.json('GET', `/accounts/${account}/withdrawals`)).body.items[0]).toMatchObject({
      status: 'confirmed',
      txHash: expect.stringMatching(/^0x/),
    })
    expect(await usdc()).toMatchObject({ balance: '2399.5', available: '2399.5' })
    const failed = await t.deps.db.kysely.selectFrom('jobs').select('kind').where('status', '=', 'failed').execute()
    expect(failed).toEqual([])
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
  })

  it('sends nothing once an admin froze the account during the delay: the reservation goes back', async () => {
    const w = await withdraw({})
    expect(w.body).toMatchObject({ status: 'delayed', total: '100.5' })
    const admin = await signIn(t.app, 'admin')
    expect((await admin.json('POST', `/admin/accounts/${account}/freeze`, { reason: 'Fraud review' })).status).toBe(200)
    await advance(61_000)
    await advance(3_000)
    expect((await paula.json('GET', `/accounts/${account}/withdrawals`)).body.items[0]).toMatchObject({
      status: 'failed',
      txHash: null,
      failureReason: { key: 'decline', code: 'account_frozen' },
    })
    expect(await usdc()).toMatchObject({ balance: '2500', available: '2500' })
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
  })

  it('returns the reservation when cancelled during the delay, and refuses to cancel after', async () => {
    const w = await withdraw({})
    const cancelled = await paula.json('POST', `/accounts/${account}/withdrawals/${w.body.id}/cancel`, undefined, {
      'idempotency-key': key(),
    })
    expect(cancelled.body.status).toBe('cancelled')
    expect(await usdc()).toMatchObject({ balance: '2500', available: '2500' })
    await advance(61_000)
    expect(await usdc()).toMatchObject({ balance: '2500' })
    const w2 = await withdraw({})
    await advance(61_000)
    const late = await paula.json('POST', `/accounts/${account}/withdrawals/${w2.body.id}/cancel`, undefined, {
      'idempotency-key': key(),
    })
    expect(late.body.error.code).toBe('withdrawal_not_cancellable')
  })

  it('sends a double submit once', async () => {
    const idem = key()
    const [a, b] = await Promise.all([withdraw({}, idem), withdraw({}, idem)])
    expect(a.body.id).toBe(b.body.id)
    expect((await paula.json('GET', `/accounts/${account}/withdrawals`)).body.items).toHaveLength(1)
    expect(await usdc()).toMatchObject({ available: '2399.5' })
  })

  it('keeps one pending withdrawal per account: a new request replaces it', async () => {
    const first = await withdraw({ amount: '100' })
    await advance(1_000)
    await withdraw({ amount: '200' })
    const items = (await paula.json('GET', `/accounts/${account}/withdrawals`)).body.items
    expect(items.map((i: { status: string }) => i.status)).toEqual(['delayed', 'replaced'])
    expect(items[1].id).toBe(first.body.id)
    expect(await usdc()).toMatchObject({ available: '2299.5' })
  })

  it('refuses more than spendable, with the reason, and moves nothing', async () => {
    const res = await withdraw({ amount: '2499.6' })
    expect(res.status).toBe(422)
    expect(res.body.error).toMatchObject({
      code: 'insufficient_spendable',
      fields: { amount: expect.stringMatching(/fees included/) },
      fieldKeys: { amount: { key: 'more_than_you_can_spend' } },
    })
    expect(await usdc()).toMatchObject({ available: '2500' })
    expect(await t.deps.db.kysely.selectFrom('withdrawals').select('id').execute()).toEqual([])
  })

  it('refuses more than the daily limit left, with the reason, and moves nothing', async () => {
    await sql`UPDATE accounts SET daily_limit = 150000000 WHERE id = ${account}`.execute(t.deps.db.kysely)
    expect((await withdraw({ amount: '100' })).status).toBe(201)
    await advance(61_000) // sent: 100.50 of today's $150 is used
    const res = await withdraw({ amount: '60' })
    expect(res.body.error).toMatchObject({
      code: 'over_daily_limit',
      fields: { amount: expect.stringMatching(/daily/) },
      fieldKeys: { amount: { key: 'over_daily_limit' } },
    })
  })

  it('frees only a replaced withdrawal of the same asset: a weETH one does not lift the USDC daily limit', async () => {
    await sql`UPDATE accounts SET daily_limit = 150000000 WHERE id = ${account}`.execute(t.deps.db.kysely)
    // 0.001 weETH + its 0.0002 fee is 1.2 × 10^15 base units: read as USDC it was $1.2 billion of room.
    expect((await withdraw({ asset: 'weETH', amount: '0.001' })).status).toBe(201)
    const res = await withdraw({ amount: '2000' })
    expect(res.body.error).toMatchObject({ code: 'over_daily_limit', fields: { amount: expect.any(String) } })
    expect(await usdc()).toMatchObject({ balance: '2500', available: '2500' })
    // The other way: the 100.5 USDC of one replaced (100,500,000 base units) are no weETH to withdraw; the ledger
    // refused 1.2 weETH + 100,000,000 wei as an overdraft, without saying where.
    expect((await withdraw({ amount: '100' })).status).toBe(201)
    const weeth = await withdraw({ asset: 'weETH', amount: '1.1998000001' })
    expect(weeth.body.error).toMatchObject({ code: 'insufficient_funds', fields: { amount: expect.any(String) } })
  })

  it('needs the password on the web, and accepts the host’s biometrics only on a native session', async () => {
    expect((await withdraw({ confirmation: undefined })).body.error.code).toBe('confirmation_required')
    expect((await withdraw({ confirmation: { method: 'password', password: 'wrong-one' } })).body.error).toMatchObject({
      code: 'confirmation_failed',
      fields: { password: expect.any(String) },
    })
    expect(
      (
        await withdraw({
          confirmation: { method: 'host', challengeId: '00000000-0000-4000-8000-000000000000', signature: 'AAAA' },
        })
      ).body.error.code,
    ).toBe('confirmation_required')
    const native = await signIn(t.app, 'personal', 'native')
    expect((await withdraw({ confirmation: await native.hostConfirmation() }, key(), native)).status).toBe(201)
  })

  it('returns amount and fee when the chain rejects a broadcast withdrawal', async () => {
    const w = await withdraw({})
    await advance(61_000)
    const admin = await signIn(t.app, 'admin')
    await admin.json('POST', `/sandbox/withdrawals/${w.body.id}/fail`, { reason: 'Destination contract reverted.' })
    await advance(100)
    expect((await paula.json('GET', `/accounts/${account}/withdrawals`)).body.items[0]).toMatchObject({
      status: 'failed',
      failureReason: { key: 'note', text: 'Destination contract reverted.' },
    })
    expect(await usdc()).toMatchObject({ balance: '2500', available: '2500' })
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
  })

  it('in Borrow mode refuses to withdraw collateral that would leave the debt over the borrow limit', async () => {
    const bruno = await signIn(t.app, 'borrower', 'web')
    const res = await bruno.json(
      'POST',
      `/accounts/${ACCOUNT_IDS.borrower}/withdrawals`,
      { asset: 'weETH', amount: '2.5', address: TO, confirmation: password },
      { 'idempotency-key': key() },
    )
    expect(res.body.error).toMatchObject({ code: 'over_ltv', fields: { amount: expect.any(String) } })
    const ok = await bruno.json(
      'POST',
      `/accounts/${ACCOUNT_IDS.borrower}/withdrawals`,
      { asset: 'weETH', amount: '0.5', address: TO, confirmation: password },
      { 'idempotency-key': key() },
    )
    expect(ok.status).toBe(201)
  })
})

describe('a company withdrawal whose requester leaves during its security delay', () => {
  const ACME = ACCOUNT_IDS.acme
  const marcoId = persona('member').id
  let olivia: Caller
  let marco: Caller
  /** Olivia makes Marco an admin (who may send money), and Marco asks for 1,000 USDC out. */
  const marcoWithdraws = async () => {
    olivia = await signIn(t.app, 'owner', 'web')
    expect((await olivia.json('PUT', `/accounts/${ACME}/members/${marcoId}/role`, { role: 'admin' })).status).toBe(200)
    marco = await signIn(t.app, 'member', 'web')
    const w = await withdraw({ amount: '1000' }, key(), marco, ACME)
    expect(w.body).toMatchObject({ status: 'delayed', total: '1000.5' })
    return w.body.id as string
  }
  const acmeUsdc = async () =>
    (await olivia.json('GET', `/accounts/${ACME}/balances`)).body.balances.find(
      (b: { asset: string }) => b.asset === 'USDC',
    )
  const acmeWithdrawals = async (caller = olivia) =>
    (await caller.json('GET', `/accounts/${ACME}/withdrawals`)).body.items

  it('is cancelled when they are removed: the reservation returns, the company and they read why', async () => {
    const id = await marcoWithdraws()
    expect(await acmeUsdc()).toMatchObject({ balance: '48000', available: '46999.5' })
    expect((await olivia.json('DELETE', `/accounts/${ACME}/members/${marcoId}`)).status).toBe(200)
    expect(await acmeWithdrawals()).toMatchObject([
      { id, status: 'cancelled', txHash: null, failureReason: { key: 'requester_left' } },
    ])
    expect(await acmeUsdc()).toMatchObject({ balance: '48000', available: '48000' })
    const admin = await signIn(t.app, 'admin')
    const [mail] = (await admin.json('GET', '/sandbox/mail?to=member@acme.demo.cash')).body.items
    expect(mail.subject).toBe('Your withdrawal from Acme Labs Ltd was cancelled')
    expect(mail.body).toContain(`The withdrawal of 1,000.00 USDC to ${TO} you asked for on Acme Labs Ltd was cancelled`)
    // The delay ends with nothing sent.
    await advance(61_000)
    await advance(3_000)
    expect(await acmeWithdrawals()).toMatchObject([{ id, status: 'cancelled', txHash: null }])
    expect(await acmeUsdc()).toMatchObject({ balance: '48000', available: '48000' })
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
  })

  it('is not sent when its delay ends and they are no longer a member (a removal that raced the request)', async () => {
    const id = await marcoWithdraws()
    // As if the removal committed while the request was being made, and found no withdrawal of theirs yet.
    await t.deps.db.kysely
      .deleteFrom('account_members')
      .where('account_id', '=', ACME)
      .where('user_id', '=', marcoId)
      .execute()
    await advance(61_000)
    await advance(3_000)
    expect(await acmeWithdrawals()).toMatchObject([
      { id, status: 'cancelled', txHash: null, failureReason: { key: 'requester_left' } },
    ])
    expect(await acmeUsdc()).toMatchObject({ balance: '48000', available: '48000' })
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
  })

  it('is cancelled when they are made a member, who sends no money, and they still read why', async () => {
    const id = await marcoWithdraws()
    expect((await olivia.json('PUT', `/accounts/${ACME}/members/${marcoId}/role`, { role: 'member' })).status).toBe(200)
    expect(await acmeWithdrawals(marco)).toMatchObject([
      { id, status: 'cancelled', failureReason: { key: 'requester_may_not_send' } },
    ])
    await advance(61_000)
    expect(await acmeUsdc()).toMatchObject({ balance: '48000', available: '48000' })
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
  })

  it('is sent as asked when someone else is removed', async () => {
    olivia = await signIn(t.app, 'owner', 'web')
    const w = await withdraw({ amount: '1000' }, key(), olivia, ACME)
    expect((await olivia.json('DELETE', `/accounts/${ACME}/members/${marcoId}`)).status).toBe(200)
    expect(await acmeWithdrawals()).toMatchObject([{ id: w.body.id, status: 'delayed' }])
    await advance(61_000)
    await advance(3_000)
    expect(await acmeWithdrawals()).toMatchObject([{ id: w.body.id, status: 'confirmed' }])
    expect(await acmeUsdc()).toMatchObject({ balance: '46999.5', available: '46999.5' })
  })
})
