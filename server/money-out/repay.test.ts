import { beforeEach, describe, expect, it } from 'vitest'
import { ACCOUNT_IDS } from '../../fixtures/personas'
import { createTestApp, signIn, type Caller, type TestApp } from '../testing/test-app'

const account = ACCOUNT_IDS.borrower
let t: TestApp
let bruno: Caller
const key = () => `r-${Math.random().toString(36).slice(2)}`

beforeEach(async () => {
  t = await createTestApp()
  bruno = await signIn(t.app, 'borrower')
})

describe('repay', () => {
  it('shows the effect on debt and health first, then repays from cash', async () => {
    const quote = await bruno.json('GET', `/accounts/${account}/repay/quote?amount=100`)
    expect(quote.body).toMatchObject({
      debtBefore: '1200',
      debtAfter: '1100',
      healthBefore: '6.02',
      healthAfter: '6.48',
    })
    const done = await bruno.json('POST', `/accounts/${account}/repay`, { amount: '100' }, { 'idempotency-key': key() })
    expect(done.body.debtAfter).toBe('1100')
    const balances = (await bruno.json('GET', `/accounts/${account}/balances`)).body
    expect(balances).toMatchObject({ debt: '1100' })
    expect(balances.balances.find((b: { asset: string }) => b.asset === 'USDC').balance).toBe('50')
  })

  it('refuses more than the debt or than the free cash, at the amount field', async () => {
    expect((await bruno.json('GET', `/accounts/${account}/repay/quote?amount=1300`)).body.error).toMatchObject({
      code: 'repay_over_debt',
      fields: { amount: 'You owe 1,200.00 USDC.' },
      fieldKeys: { amount: { key: 'you_owe', debt: '1200000000' } },
    })
    expect(
      (await bruno.json('POST', `/accounts/${account}/repay`, { amount: 'all' }, { 'idempotency-key': key() })).body
        .error,
    ).toMatchObject({ code: 'insufficient_funds', fields: { amount: expect.stringContaining('150') } })
  })

  it('says there is nothing to repay without debt', async () => {
    const paula = await signIn(t.app, 'personal')
    expect((await paula.json('GET', `/accounts/${ACCOUNT_IDS.personal}/repay/quote?amount=1`)).body.error.code).toBe(
      'nothing_to_repay',
    )
  })
})
