import { beforeEach, describe, expect, it } from 'vitest'
import { SHARE_SCALE, SHARE_UNIT, sharePrice, sharesToRedeem } from '../../domain/grow'
import { toDecimal } from '../../domain/money'
import { ACCOUNT_IDS, DEMO_PASSWORD } from '../../fixtures/personas'
import { checkLedger } from '../ledger/ledger-check'
import { createTestApp, signIn, type Caller, type TestApp } from '../testing/test-app'

let t: TestApp
let paula: Caller
const account: string = ACCOUNT_IDS.personal
const password = { method: 'password', password: DEMO_PASSWORD }
const key = () => `g-${Math.random().toString(36).slice(2)}`
const later = (seconds: number) => t.setNow(new Date(t.deps.now().getTime() + seconds * 1000))
const balance = async (asset: string, caller = paula, acc = account) =>
  (await caller.json('GET', `/accounts/${acc}/balances`)).body.balances.find(
    (b: { asset: string }) => b.asset === asset,
  ).balance as string
const quote = (body: Record<string, unknown>, caller = paula, acc = account) =>
  caller.json('POST', `/accounts/${acc}/convert/quotes`, body)
const execute = (quoteId: string, idem = key(), caller = paula, acc = account) =>
  caller.json(
    'POST',
    `/accounts/${acc}/convert/executions`,
    { quoteId, confirmation: password },
    { 'idempotency-key': idem },
  )

beforeEach(async () => {
  t = await createTestApp()
  paula = await signIn(t.app, 'personal', 'web')
})

describe('convert', () => {
  it('quotes with the rate, 0.3 % spread and 30 s expiry, and executes it into one balanced journal', async () => {
    const q = await quote({ from: 'USDC', to: 'ETH', amount: '300' })
    expect(q.status).toBe(201)
    expect(q.body).toMatchObject({
      from: 'USDC',
      to: 'ETH',
      amountIn: '300',
      amountOut: '0.0997',
      spread: '0.0003',
      spreadUsd: '0.9',
      spreadPercent: '0.3',
      rate: '0.000333333333333333',
      ttlSeconds: 30,
      expiresAt: '2026-11-21T12:00:30.000Z',
    })
    later(29)
    const done = await execute(q.body.id)
    expect(done.status).toBe(201)
    expect(await balance('USDC')).toBe('2200')
    expect(await balance('ETH')).toBe('0.0997')
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
    const activity = (await paula.json('GET', `/accounts/${account}/activity`)).body.items
    expect(
      activity
        .filter((i: { kind: string }) => i.kind === 'conversion')
        .map((i: { amount: string }) => i.amount)
        .sort(),
    ).toEqual(['-300', '0.0997'])
  })

  it('refuses an expired quote with a fresh one that can be executed at once', async () => {
    const q = await quote({ from: 'weETH', to: 'USDC', amount: '1' })
    later(30)
    await paula.json('PUT', '/admin/prices/weETH', { usdPrice: '3000' }) // not an admin: refused, price unchanged
    const refused = await execute(q.body.id)
    expect(refused.status).toBe(409)
    expect(refused.body.error.code).toBe('quote_expired')
    const fresh = refused.body.error.details.freshQuote
    expect(fresh).toMatchObject({ from: 'weETH', to: 'USDC', amountIn: '1', amountOut: '3140.55', ttlSeconds: 30 })
    expect(fresh.id).not.toBe(q.body.id)
    expect(await balance('USDC')).toBe('2500')
    const done = await execute(fresh.id)
    expect(done.status).toBe(201)
    expect(await balance('USDC')).toBe('5640.55')
    expect(await balance('weETH')).toBe('0.2')
  })

  it('executes once: a retry with the same key replays, another key is refused as used', async () => {
    const q = await quote({ from: 'USDC', to: 'USDT', amount: '100' })
    const idem = key()
    const first = await execute(q.body.id, idem)
    const again = await paula.request(
      'POST',
      `/accounts/${account}/convert/executions`,
      { quoteId: q.body.id, confirmation: password },
      { 'idempotency-key': idem },
    )
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(((await again.json()) as { journalId: string }).journalId).toBe(first.body.journalId)
    expect((await execute(q.body.id)).body.error.code).toBe('quote_used')
    expect(await balance('USDT')).toBe('99.7')
    expect(await balance('USDC')).toBe('2400')
  })

  it('puts bad input at its field: same asset, bad amount, more than the balance', async () => {
    expect((await quote({ from: 'USDC', to: 'USDC', amount: '1' })).body.error.fields).toEqual({
      to: expect.any(String),
    })
    expect((await quote({ from: 'USDC', to: 'ETH', amount: 'abc' })).body.error.fields).toEqual({
      amount: expect.any(String),
    })
    expect((await quote({ from: 'USDC', to: 'ETH', amount: '0' })).body.error.fields).toEqual({
      amount: expect.any(String),
    })
    expect((await quote({ from: 'USDC', to: 'ETH', amount: '0.0000001' })).body.error.fields).toEqual({
      amount: expect.any(String),
    })
    const over = await quote({ from: 'USDC', to: 'ETH', amount: '2500.01' })
    expect(over.body.error).toMatchObject({
      code: 'insufficient_funds',
      fields: { amount: 'More than your free USDC (2,500.00 USDC).' },
      fieldKeys: { amount: { key: 'more_than_free', asset: 'USDC', free: '2500000000' } },
    })
  })

  it('keeps a Borrow position within its borrow limit', async () => {
    const bruno = await signIn(t.app, 'borrower')
    const admin = await signIn(t.app, 'admin')
    const acc = ACCOUNT_IDS.borrower
    // Bruno owes 1,200 against 3 weETH + 150 USDC. At 650 a weETH his limit is 135 + 1,072.50 = 1,207.50.
    expect((await admin.json('PUT', '/admin/prices/weETH', { usdPrice: '650' })).status).toBe(200)
    // USDC counts 90 % toward the limit, weETH 55 %: swapping his USDC for weETH would leave him over it.
    const swap = await quote({ from: 'USDC', to: 'weETH', amount: '150' }, bruno, acc)
    expect(swap.body.error).toMatchObject({ code: 'over_ltv', fields: { amount: expect.any(String) } })
    const deposit = await bruno.json(
      'POST',
      `/accounts/${acc}/earn/liquid/deposits`,
      { vault: 'usd', amount: '150', confirmation: await bruno.hostConfirmation() },
      { 'idempotency-key': key() },
    )
    expect(deposit.body.error).toMatchObject({ code: 'over_ltv', fields: { amount: expect.any(String) } })
    // The other way raises the limit: allowed.
    expect((await quote({ from: 'weETH', to: 'USDC', amount: '1' }, bruno, acc)).status).toBe(201)
    expect(
      (await bruno.json('POST', `/accounts/${acc}/earn/weeth/quotes`, { amount: '1' })).body.error.fields.amount,
    ).toMatch(/free ETH/)
    expect(await balance('USDC', bruno, acc)).toBe('150')
  })

  it('counts no collateral a pending withdrawal takes out when a Borrow position converts or deposits', async () => {
    const bruno = await signIn(t.app, 'borrower')
    const acc = ACCOUNT_IDS.borrower
    // Bruno owes 1,200 against 3 weETH (at 3,150) + 150 USDC. Withdrawing 2.38 weETH (+ 0.0002 fee) leaves
    // 0.6198 weETH: a limit of 1,073.80 + 135 = 1,208.80, just over the debt.
    const withdrawal = await bruno.json(
      'POST',
      `/accounts/${acc}/withdrawals`,
      {
        asset: 'weETH',
        amount: '2.38',
        address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
        confirmation: await bruno.hostConfirmation(),
      },
      { 'idempotency-key': key() },
    )
    expect(withdrawal.status, JSON.stringify(withdrawal.body)).toBe(201)
    // Moving the 150 USDC to a vault would leave a limit of 1,073.80 for a debt of 1,200.
    const deposit = await bruno.json(
      'POST',
      `/accounts/${acc}/earn/liquid/deposits`,
      { vault: 'usd', amount: '150', confirmation: await bruno.hostConfirmation() },
      { 'idempotency-key': key() },
    )
    expect(deposit.body.error).toMatchObject({ code: 'over_ltv', fields: { amount: expect.any(String) } })
    // Swapping it for ETH (counted at 55 %, not 90 %) would leave 1,073.80 + 82.25 = 1,156.05.
    const swap = await quote({ from: 'USDC', to: 'ETH', amount: '150' }, bruno, acc)
    expect(swap.body.error).toMatchObject({ code: 'over_ltv', fields: { amount: expect.any(String) } })
    expect(await balance('USDC', bruno, acc)).toBe('150')
  })
})

describe('weETH staking', () => {
  it('stakes ETH for weETH at ETH price ÷ weETH price in one journal', async () => {
    const q0 = await quote({ from: 'USDC', to: 'ETH', amount: '1000' })
    await execute(q0.body.id)
    const eth = await balance('ETH')
    const q = await paula.json('POST', `/accounts/${account}/earn/weeth/quotes`, { amount: '0.21' })
    expect(q.body).toMatchObject({
      kind: 'stake',
      from: 'ETH',
      to: 'weETH',
      amountOut: '0.2',
      spread: '0',
      rate: '0.95238095238095238',
    })
    const done = await paula.json(
      'POST',
      `/accounts/${account}/earn/weeth/stakes`,
      { quoteId: q.body.id, confirmation: password },
      { 'idempotency-key': key() },
    )
    expect(done.status).toBe(201)
    expect(Number(await balance('ETH'))).toBeCloseTo(Number(eth) - 0.21, 12)
    expect(await balance('weETH')).toBe('1.4')
    // A convert quote cannot be executed as a stake.
    const c = await quote({ from: 'USDC', to: 'USDT', amount: '1' })
    expect(
      (
        await paula.json(
          'POST',
          `/accounts/${account}/earn/weeth/stakes`,
          { quoteId: c.body.id, confirmation: password },
          { 'idempotency-key': key() },
        )
      ).status,
    ).toBe(404)
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
  })
})

describe('Liquid vaults', () => {
  const deposit = (vault: string, amount: string) =>
    paula.json(
      'POST',
      `/accounts/${account}/earn/liquid/deposits`,
      { vault, amount, confirmation: password },
      { 'idempotency-key': key() },
    )
  const withdraw = (vault: string, amount: string) =>
    paula.json(
      'POST',
      `/accounts/${account}/earn/liquid/withdrawals`,
      { vault, amount, confirmation: password },
      { 'idempotency-key': key() },
    )
  const earn = async () => {
    const res = await paula.json('GET', `/accounts/${account}/earn`)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body
  }
  const usd = async () => (await earn()).vaults.find((v: { vault: string }) => v.vault === 'usd')

  it('deposits from cash, earns yield, and pays a queued withdrawal at the share price at settlement', async () => {
    const d = await deposit('usd', '1000')
    expect(d.status).toBe(201)
    expect(await balance('USDC')).toBe('1500')
    expect(await usd()).toMatchObject({ apyPercent: '5', value: '1000', yieldEarned: '0' })
    later(30 * 86_400)
    paula = await signIn(t.app, 'personal', 'web') // the session idled out meanwhile
    const v = await usd()
    expect(Number(v.yieldEarned)).toBeCloseTo(4.11, 1)
    expect(v.history).toHaveLength(31)
    const w = await withdraw('usd', '500')
    expect(w.body).toMatchObject({
      status: 'queued',
      requestedAmount: '500',
      settleAt: new Date(t.deps.now().getTime() + 86_400_000).toISOString(),
    })
    expect(await balance('USDC')).toBe('1500')
    later(86_399)
    await t.runJobs()
    expect(await balance('USDC')).toBe('1500')
    later(2)
    await t.runJobs()
    const paid = (await earn()).withdrawals[0]
    expect(paid.status).toBe('paid')
    // Paid at the later share price: a day more of 5 % yield on 500.
    expect(Number(paid.paidAmount)).toBeGreaterThan(500.06)
    expect(Number(paid.paidAmount)).toBeLessThan(500.08)
    expect(await balance('USDC')).toBe((1500 + Number(paid.paidAmount)).toString())
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
  })

  it('pays a settled withdrawal what its shares are worth, rounded down, never the half unit above', async () => {
    await deposit('usd', '1000')
    later(86_400)
    paula = await signIn(t.app, 'personal', 'web')
    const whole = SHARE_SCALE * SHARE_UNIT
    const asked = sharePrice('usd', t.deps.now())
    const settledAt = new Date(t.deps.now().getTime() + 86_401_000)
    const settled = sharePrice('usd', settledAt)
    // An amount whose shares, a day of yield later, are worth a whole number of units and at least a half more.
    let amount = 1_000000n
    while (((sharesToRedeem(amount, asked) * settled) % whole) * 2n < whole) amount += 1n
    const shares = sharesToRedeem(amount, asked)
    expect((await withdraw('usd', toDecimal(amount, 'USDC'))).status).toBe(201)
    t.setNow(settledAt)
    await t.runJobs()
    paula = await signIn(t.app, 'personal', 'web')
    const paid = (await earn()).withdrawals[0]
    expect(paid.status).toBe('paid')
    expect(paid.paidAmount).toBe(toDecimal((shares * settled) / whole, 'USDC'))
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
  })

  it('cancels a queued withdrawal: the shares return and nothing is paid', async () => {
    await deposit('usd', '200')
    const before = (await usd()).shares
    const w = await withdraw('usd', '100')
    expect((await usd()).shares).not.toBe(before)
    const c = await paula.json('POST', `/accounts/${account}/earn/liquid/withdrawals/${w.body.id}/cancel`)
    expect(c.body.status).toBe('cancelled')
    expect((await usd()).shares).toBe(before)
    later(86_401)
    await t.runJobs()
    expect(await balance('USDC')).toBe('2300')
    expect(
      (await paula.json('POST', `/accounts/${account}/earn/liquid/withdrawals/${w.body.id}/cancel`)).body.error.code,
    ).toBe('vault_withdrawal_not_cancellable')
  })

  it('refuses a deposit over the balance and a withdrawal over the position, at the amount field', async () => {
    expect((await deposit('eth', '1')).body.error).toMatchObject({
      code: 'insufficient_funds',
      fields: { amount: expect.any(String) },
    })
    await deposit('usd', '10')
    expect((await withdraw('usd', '10.01')).body.error).toMatchObject({
      code: 'vault_insufficient_shares',
      fields: { amount: expect.stringMatching(/^More than your position is worth \(\d+\.\d{2} USDC\)\.$/) },
      fieldKeys: { amount: { key: 'more_than_position', asset: 'USDC', owned: expect.stringMatching(/^\d+$/) } },
    })
    expect((await withdraw('usd', (await usd()).value)).status).toBe(201)
  })

  it('lets members read but not move', async () => {
    const owner = await signIn(t.app, 'member')
    expect((await owner.json('GET', `/accounts/${ACCOUNT_IDS.acme}/earn`)).status).toBe(200)
    expect(
      (
        await owner.json(
          'POST',
          `/accounts/${ACCOUNT_IDS.acme}/earn/liquid/deposits`,
          { vault: 'usd', amount: '1', confirmation: await owner.hostConfirmation() },
          { 'idempotency-key': key() },
        )
      ).status,
    ).toBe(403)
  })
})
