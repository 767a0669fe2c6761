import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { ACCOUNT_IDS, CARD_IDS } from '../../fixtures/personas'
import { createApp } from '../app'
import { DATABASE_PROCEDURES } from '../database-thread'
import { connectPglite, type Db, inProcess, pgliteParsers, wrapPglite } from '../db/connect'
import { ledgerAccountId } from '../ledger/ledger-service'
import { CARD_BATCH, type CardBatchCall, type CardBatchOutcome } from './card-batch-thread'
import { migrate } from '../db/migrate'
import type { Deps } from '../http/route-table'
import { checkLedger } from '../ledger/ledger-check'
import { metricsOf } from '../monitoring/metrics'
import { seedPersonas } from '../seed'
import { signIn, type SignedIn } from '../testing/test-app'
import { TEST_CLOCK, testDeps } from '../testing/test-database'
import { newPglite } from '../db/fresh-cluster'

/**
 * On PGlite's thread a card batch decides on what the batches before it read and decided while nothing else has
 * used the database (card-state-kept.ts). What the card network and the holder see must be what a fresh read would
 * have given: each purchase counted for the next, a change made meanwhile applied at once, a new local day counted
 * afresh. The purchases go one at a time, so each is a batch of its own.
 */
let db: Db
let deps: Deps
let paula: SignedIn
const clock = { now: TEST_CLOCK }
const card: string = CARD_IDS.personal
let serial = 0

beforeAll(async () => {
  db = await connectPglite(':memory:')
  await migrate(db)
  deps = testDeps(db, {}, [], clock)
  await seedPersonas(deps)
  const { app } = createApp(deps)
  paula = await signIn(app, 'personal')
}, 120_000)
afterAll(() => db?.close())
// A test that moves the clock leaves it where the others expect it.
afterEach(() => {
  clock.now = TEST_CLOCK
})

const event = (amount: string, cardId = card, networkId = `kept_${++serial}`) => ({
  id: `evt_${networkId}`,
  type: 'authorization.request',
  created: clock.now.toISOString(),
  data: { networkId, cardId, amount, merchantName: 'Kept Café', mcc: '5812' },
})
type Answer = { duplicate: boolean; result: { approved: boolean; reason?: string; authorizationId: string } }
const send = async (e: ReturnType<typeof event>) =>
  (await (await deps.deliverWebhook!({ provider: 'card', event: e })).json()) as Answer
const buy = async (amount: string, cardId = card) => (await send(event(amount, cardId))).result
/** Batches committed so far, by what they decided on. */
const batches = async () => {
  const text = (await metricsOf(deps).text()).body
  const count = (read: string) =>
    Number(new RegExp(`^cash_card_batches_total\\{read="${read}"\\} (\\d+)`, 'm').exec(text)?.[1] ?? 0)
  return { database: count('database'), kept: count('kept') }
}
const setDailyLimit = async (daily: string) =>
  expect((await paula.json('PUT', `/cards/${card}/limits`, { daily })).status).toBe(200)
const pendingHolds = async () =>
  ((await paula.json('GET', `/accounts/${ACCOUNT_IDS.personal}/balances`)).body as { pendingHolds: string })
    .pendingHolds

it('decides on what the batch before kept: each purchase counts for the next', async () => {
  await setDailyLimit('30')
  const before = await batches()
  expect(await buy('20')).toMatchObject({ approved: true })
  expect(await buy('20')).toMatchObject({ approved: false, reason: 'over_card_daily_limit' })
  expect(await buy('5')).toMatchObject({ approved: true })
  const after = await batches()
  // The first read the database (the limit was just changed); the two after it decided on what it kept.
  expect(after.database - before.database).toBe(1)
  expect(after.kept - before.kept).toBe(2)
  expect(await pendingHolds()).toBe('25')
  expect(await checkLedger(db.kysely)).toMatchObject({ ok: true })
})

it('a change made between two batches applies to the next one', async () => {
  await setDailyLimit('60') // 25 spent today: 30 more now fits
  expect(await buy('30')).toMatchObject({ approved: true })
  await setDailyLimit('56')
  expect(await buy('2')).toMatchObject({ approved: false, reason: 'over_card_daily_limit' })
  expect(await buy('1')).toMatchObject({ approved: true })
  expect(await pendingHolds()).toBe('56')
})

it('a repeated event is answered with what was stored, not decided again', async () => {
  await setDailyLimit('100')
  const first = event('4')
  const answer = await send(first)
  expect(answer).toMatchObject({ duplicate: false, result: { approved: true } })
  expect(await send(first)).toEqual({ ...answer, duplicate: true })
  expect(await buy('4')).toMatchObject({ approved: true })
  expect(await pendingHolds()).toBe('64')
})

it('a new local day starts the card’s daily count afresh', async () => {
  await setDailyLimit('70') // 64 spent today
  expect(await buy('5')).toMatchObject({ approved: true })
  expect(await buy('5')).toMatchObject({ approved: false, reason: 'over_card_daily_limit' })
  // 09:00 in São Paulo on the test day; at 00:30 the next day, the day's count starts again.
  clock.now = new Date(TEST_CLOCK.getTime() + 15.5 * 3_600_000)
  expect(await buy('60')).toMatchObject({ approved: true })
  expect(await buy('20')).toMatchObject({ approved: false, reason: 'over_card_daily_limit' })
  expect(await checkLedger(db.kysely)).toMatchObject({ ok: true })
})

it('a second card read on the account’s new day does not leave the first card’s spend of the day before', async () => {
  // Another day, far from the tests above: 09:00 in São Paulo.
  clock.now = new Date(TEST_CLOCK.getTime() + 20 * 86_400_000)
  const issued = await paula.json('POST', `/accounts/${ACCOUNT_IDS.personal}/cards`, {})
  expect(issued.status).toBe(201)
  const second = (issued.body as { id: string }).id
  await setDailyLimit('30')
  expect(await buy('25')).toMatchObject({ approved: true })
  expect(await buy('1')).toMatchObject({ approved: true })
  clock.now = new Date(clock.now.getTime() + 15.5 * 3_600_000) // 00:30 the next local day
  // The second card is not kept: its batch reads the account, now on the new day, and that card.
  expect(await buy('1', second)).toMatchObject({ approved: true })
  // The first card has spent nothing today: a purchase within its limit is approved, not declined on yesterday's 26.
  expect(await buy('10')).toMatchObject({ approved: true })
  expect(await buy('21')).toMatchObject({ approved: false, reason: 'over_card_daily_limit' })
  expect(await checkLedger(db.kysely)).toMatchObject({ ok: true })
})

it('in process, a script sent while a card batch runs waits for it; the next batch sees what it did', async () => {
  // PGlite on the caller's thread (the API tests' way): a batch there is several calls into the database. A script
  // that did not wait for the connection ran between them, was counted as the batch's own, and the next batch decided
  // on what was kept: a card frozen meanwhile was approved.
  const own = await wrapPglite(inProcess(await newPglite({ parsers: pgliteParsers }), DATABASE_PROCEDURES))
  try {
    await migrate(own)
    const ownDeps = testDeps(own, {}, [], { now: TEST_CLOCK })
    await seedPersonas(ownDeps)
    const settlementId = await own.kysely
      .transaction()
      .execute((tx) => ledgerAccountId(tx, ownDeps.newId, { accountId: null, code: 'card_settlement', asset: 'USDC' }))
    const batch = async () => {
      const networkId = `script_${++serial}`
      const call: CardBatchCall = {
        items: [
          {
            event: { id: `evt_${networkId}`, type: 'authorization.request', data: {} },
            input: { networkId, cardId: card, amount: 10_000n, merchantName: 'M', merchantCity: 'C', mcc: '5812' },
          },
        ],
        now: TEST_CLOCK,
        prices: ownDeps.prices(),
        settlementId,
        alertJob: 'alerts.evaluate',
      }
      return (await own.procedure!(CARD_BATCH, call)) as CardBatchOutcome
    }
    const setStatus = (status: string) => own.execScript(`UPDATE cards SET status = '${status}' WHERE id = '${card}'`)
    // The script sent at each point of the batch's run, a few turns of the microtask queue apart.
    for (let turns = 0; turns < 12; turns++) {
      await setStatus('active')
      await batch() // reads; what it read is kept
      const running = batch()
      let turn = 0
      await new Promise<void>((done) => {
        const step = () => (turn++ >= turns ? done() : queueMicrotask(step))
        step()
      })
      await Promise.all([running, setStatus('frozen')])
      const next = await batch()
      expect(next?.answers[0]?.result, `script after ${turns} turns`).toMatchObject({ approved: false })
    }
  } finally {
    await own.close()
  }
})
