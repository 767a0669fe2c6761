import { afterAll, beforeAll, expect, it } from 'vitest'
import { ACCOUNT_IDS, CARD_IDS } from '../../fixtures/personas'
import { createApp } from '../app'
import { connectPglite, type Db } from '../db/connect'
import { migrate } from '../db/migrate'
import type { Deps } from '../http/route-table'
import { checkLedger } from '../ledger/ledger-check'
import { seedPersonas } from '../seed'
import { signIn, type SignedIn } from '../testing/test-app'
import { testDeps } from '../testing/test-database'

/**
 * The server's own PGlite runs on a thread of its own, and there a card batch is one message: read, decided, written
 * and committed on that thread, the next batch sent behind it before it is answered (card-batch-thread.ts). The other
 * server tests use an in-process PGlite; these run on the thread, as `npm start` does.
 */
let db: Db
let deps: Deps
let paula: SignedIn
let serial = 0

beforeAll(async () => {
  db = await connectPglite(':memory:')
  await migrate(db)
  deps = testDeps(db)
  await seedPersonas(deps)
  const { app } = createApp(deps)
  paula = await signIn(app, 'personal')
}, 120_000)
afterAll(() => db?.close())

const purchase = (amount: string) => {
  const networkId = `auth_thread_${++serial}`
  return {
    provider: 'card',
    event: {
      id: `evt_${networkId}`,
      type: 'authorization.request',
      created: deps.now().toISOString(),
      data: { networkId, cardId: CARD_IDS.personal, amount, merchantName: 'Thread Café', mcc: '5812' },
    },
  }
}
const all = (amounts: string[]) =>
  Promise.all(
    amounts.map(async (amount) => {
      const res = await deps.deliverWebhook!(purchase(amount))
      return { status: res.status, body: (await res.json()) as { result: { approved: boolean; reason?: string } } }
    }),
  )
const balances = async () => (await paula.json('GET', `/accounts/${ACCOUNT_IDS.personal}/balances`)).body

it('a batch whose approvals send purchase alerts is decided by the server, with its alerts', async () => {
  expect(
    (await paula.json('PUT', `/accounts/${ACCOUNT_IDS.personal}/alert-settings`, { purchaseAbove: '0.5' })).status,
  ).toBe(200)
  const answers = await all(['1', '2', '0.25'])
  expect(answers.map((a) => a.body.result.approved)).toEqual([true, true, true])
  const notifications = ((await paula.json('GET', '/notifications')).body as { items: { kind: string }[] }).items
  expect(notifications.filter((n) => n.kind === 'purchase_above')).toHaveLength(2)
  expect(await balances()).toMatchObject({ pendingHolds: '3.25' })
  expect(
    (await paula.json('PUT', `/accounts/${ACCOUNT_IDS.personal}/alert-settings`, { purchaseAbove: null })).status,
  ).toBe(200)
})

it(
  'on the database’s thread, 120 purchases at once with reads between: ' + 'each decided after those before it',
  async () => {
    const [answers] = await Promise.all([
      all(Array.from({ length: 120 }, () => '25')),
      // Reads sent while the batches are on their way run between them, never inside one.
      ...Array.from({ length: 5 }, () => balances()),
    ])
    expect(answers.every((a) => a.status === 200)).toBe(true)
    // 2,500 USDC less the 3.25 held above: 99 purchases of 25 fit, the rest are declined for it.
    expect(answers.filter((a) => a.body.result.approved)).toHaveLength(99)
    expect(new Set(answers.filter((a) => !a.body.result.approved).map((a) => a.body.result.reason))).toEqual(
      new Set(['insufficient_spendable']),
    )
    expect(await balances()).toMatchObject({ pendingHolds: '2478.25' })
    expect(await checkLedger(db.kysely)).toMatchObject({ ok: true })
  },
)
