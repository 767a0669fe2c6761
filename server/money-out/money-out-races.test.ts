import { sql } from 'kysely'
import { beforeEach, describe, expect, it } from 'vitest'
import { ACCOUNT_IDS } from '../../fixtures/personas'
import { toDecimal } from '../../domain/money'
import { checkLedger } from '../ledger/ledger-check'
import { createTestApp, signIn, type HostConfirmation, type SignedIn, type TestApp } from '../testing/test-app'

/**
 * Many money-out requests on one account at once, each with its own Idempotency-Key (run on PGlite and on
 * PostgreSQL, where they really overlap). Whatever the rules allow takes effect, as if the requests had come
 * one after the other; every other request is a 4xx with a code; none is a 5xx; the ledger checks afterwards.
 */
const account = ACCOUNT_IDS.personal
const TO = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
// A native session confirms with the host's biometrics: no password hash per request on a 2-core machine. Each
// request answers its own challenge, made before the race starts so the requests still overlap.
let t: TestApp
let paula: SignedIn
const confirmations = (n: number) => Promise.all(Array.from({ length: n }, () => paula.hostConfirmation()))

beforeEach(async () => {
  t = await createTestApp()
  paula = await signIn(t.app, 'personal', 'native')
})

type Answer = { status: number; body: { error?: { code: string } } & Record<string, unknown> }
/** Answers counted by status and error code, e.g. `{ '201': 67, '422 insufficient_spendable': 33 }`. */
const tally = (answers: Answer[]) => {
  const counts: Record<string, number> = {}
  for (const a of answers) {
    const label = a.body.error ? `${a.status} ${a.body.error.code}` : String(a.status)
    counts[label] = (counts[label] ?? 0) + 1
  }
  return counts
}
const usdc = async () =>
  (await paula.json('GET', `/accounts/${account}/balances`)).body.balances.find(
    (b: { asset: string }) => b.asset === 'USDC',
  ) as { balance: string; available: string }
const pendingHolds = () =>
  t.deps.db.kysely
    .selectFrom('holds')
    .select(['kind', 'amount'])
    .where('account_id', '=', account)
    .where('status', '=', 'pending')
    .execute()
const withdraw = (amount: string, idem: string, confirmation: HostConfirmation) =>
  paula.json(
    'POST',
    `/accounts/${account}/withdrawals`,
    { asset: 'USDC', amount, address: TO, confirmation },
    { 'idempotency-key': idem },
  )

// A hundred requests that take turns on one account's lock: on PGlite, under a loaded 2-core machine, the
// withdrawals alone have taken 35 s. The limit is for a hang, not for speed.
const HUNDRED = { timeout: 240_000 }

describe('parallel money-out requests on one account', () => {
  it(
    '100 withdrawals: each replaces the one before, one stays pending, over-spendable ones are refused, no 5xx',
    HUNDRED,
    async () => {
      // Every tenth asks more than Paula's 2,500 USDC; the others fit, since each frees the one it replaces.
      const answered = await confirmations(100)
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          withdraw(i % 10 === 0 ? '2600' : String(10 + i), `race-withdrawal-${i}`, answered[i]!),
        ),
      )
      expect(tally(answers)).toEqual({ '201': 90, '422 insufficient_spendable': 10 })
      const rows = await t.deps.db.kysely
        .selectFrom('withdrawals')
        .select(['id', 'status', 'amount', 'fee'])
        .where('account_id', '=', account)
        .execute()
      expect(rows).toHaveLength(90)
      const pending = rows.filter((r) => r.status === 'delayed')
      expect(pending).toHaveLength(1)
      expect(rows.filter((r) => r.status === 'replaced')).toHaveLength(89)
      const reserved = pending[0]!.amount + pending[0]!.fee
      expect(await pendingHolds()).toEqual([{ kind: 'withdrawal', amount: reserved }])
      expect(await usdc()).toEqual(
        expect.objectContaining({ balance: '2500', available: toDecimal(2_500_000000n - reserved, 'USDC') }),
      )
      expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true, problems: [] })
    },
  )

  it(
    '100 PIX payments: as many as the daily limit leaves are paid, the rest refused over_daily_limit, no 5xx',
    HUNDRED,
    async () => {
      await sql`UPDATE accounts SET daily_limit = 1000000000 WHERE id = ${account}`.execute(t.deps.db.kysely)
      // R$ 250 is 50 USDC + the 1 % fee = 50.5 USDC each: $1,000 a day pays 19 of them (959.5).
      const quotes = await Promise.all(
        Array.from({ length: 100 }, () =>
          paula.json('POST', `/accounts/${account}/pix/payments`, {
            destination: 'fulano@example.com',
            brlAmount: '250',
          }),
        ),
      )
      expect(tally(quotes)).toEqual({ '201': 100 })
      const answered = await confirmations(100)
      const answers = await Promise.all(
        quotes.map((q, i) =>
          paula.json(
            'POST',
            `/accounts/${account}/pix/payments/${q.body.id}/confirm`,
            { confirmation: answered[i] },
            { 'idempotency-key': `race-pix-${i}` },
          ),
        ),
      )
      expect(tally(answers)).toEqual({ '200': 19, '422 over_daily_limit': 81 })
      expect(await usdc()).toEqual(expect.objectContaining({ balance: '1540.5', available: '1540.5' }))
      expect((await paula.json('GET', `/accounts/${account}/balances`)).body.spendable).toBe('40.5')
      expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true, problems: [] })
    },
  )

  it(
    '100 bank sends: as many as the balance pays are sent, the ' +
      'rest refused insufficient_spendable, no overdraft, no 5xx',
    HUNDRED,
    async () => {
      const recipient = await paula.json('POST', `/accounts/${account}/bank-recipients`, {
        region: 'us',
        name: 'Joe Smith',
        routingNumber: '011000015',
        accountNumber: '12345678',
      })
      // 37 USDC + the 0.2 % fee = 37.074 each: 2,500 USDC pays 67 of them (2,483.958).
      const answered = await confirmations(100)
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          paula.json(
            'POST',
            `/accounts/${account}/bank-sends`,
            { recipientId: recipient.body.id, amount: '37', confirmation: answered[i] },
            { 'idempotency-key': `race-bank-${i}` },
          ),
        ),
      )
      expect(tally(answers)).toEqual({ '201': 67, '422 insufficient_spendable': 33 })
      expect(await usdc()).toEqual(expect.objectContaining({ balance: '16.042', available: '16.042' }))
      expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true, problems: [] })
    },
  )
})

describe('parallel repayments of one debt', () => {
  it('ten repayments of 1,000 against a debt of 1,200: one repays, the rest hear what is left to repay', async () => {
    const borrower = ACCOUNT_IDS.borrower
    const bruno = await signIn(t.app, 'borrower', 'native')
    const admin = await signIn(t.app, 'admin')
    const funded = await admin.json(
      'POST',
      '/sandbox/deposits',
      { accountId: borrower, asset: 'USDC', amount: '1200' },
      { 'idempotency-key': 'race-repay-funds' },
    )
    expect(funded.status).toBe(201)
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        bruno.json('POST', `/accounts/${borrower}/repay`, { amount: '1000' }, { 'idempotency-key': `race-repay-${i}` }),
      ),
    )
    // Each refusal is about the debt left (200), not a shortage of cash the holder does not have.
    expect(tally(answers)).toEqual({ '200': 1, '400 repay_over_debt': 9 })
    expect((await bruno.json('GET', `/accounts/${borrower}/balances`)).body).toMatchObject({ debt: '200' })
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true, problems: [] })
  })
})

describe('one Idempotency-Key sent 20 times at once', () => {
  const sendTwenty = async (path: string, body: unknown) => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        paula.request('POST', path, body, { 'idempotency-key': 'same-key-twenty-times' }),
      ),
    )
    return Promise.all(
      responses.map(async (r) => ({
        status: r.status,
        replayed: r.headers.get('idempotent-replayed') === 'true',
        body: (await r.json()) as Answer['body'],
      })),
    )
  }
  /** Twenty equal answers with `status`: the first one made, nineteen replayed. */
  const expectOneAnswer = (answers: Awaited<ReturnType<typeof sendTwenty>>, status: number) => {
    expect(tally(answers)).toEqual({ [String(status)]: 20 })
    for (const a of answers) expect(a.body).toEqual(answers[0]!.body)
    expect(answers.filter((a) => a.replayed)).toHaveLength(19)
  }

  it('withdrawal: one effect, the same 201 for all twenty', async () => {
    const answers = await sendTwenty(`/accounts/${account}/withdrawals`, {
      asset: 'USDC',
      amount: '100',
      address: TO,
      confirmation: await paula.hostConfirmation(),
    })
    expectOneAnswer(answers, 201)
    expect(
      await t.deps.db.kysely.selectFrom('withdrawals').select('id').where('account_id', '=', account).execute(),
    ).toHaveLength(1)
    expect(await usdc()).toEqual(expect.objectContaining({ available: '2399.5' }))
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true, problems: [] })
  })

  it('PIX payment: paid once, the same 200 for all twenty', async () => {
    const quote = await paula.json('POST', `/accounts/${account}/pix/payments`, {
      destination: 'fulano@example.com',
      brlAmount: '50',
    })
    const answers = await sendTwenty(`/accounts/${account}/pix/payments/${quote.body.id}/confirm`, {
      confirmation: await paula.hostConfirmation(),
    })
    expectOneAnswer(answers, 200)
    expect(await usdc()).toEqual(expect.objectContaining({ balance: '2489.9' }))
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true, problems: [] })
  })

  it('bank send: sent once, the same 201 for all twenty', async () => {
    const recipient = await paula.json('POST', `/accounts/${account}/bank-recipients`, {
      region: 'us',
      name: 'Joe Smith',
      routingNumber: '011000015',
      accountNumber: '12345678',
    })
    const answers = await sendTwenty(`/accounts/${account}/bank-sends`, {
      recipientId: recipient.body.id,
      amount: '100',
      confirmation: await paula.hostConfirmation(),
    })
    expectOneAnswer(answers, 201)
    expect(
      await t.deps.db.kysely.selectFrom('bank_sends').select('id').where('account_id', '=', account).execute(),
    ).toHaveLength(1)
    expect(await usdc()).toEqual(expect.objectContaining({ balance: '2399.8' }))
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true, problems: [] })
  })
})
