import { sql, type Kysely } from 'kysely'
import { beforeAll, describe, expect, it } from 'vitest'
import { ACCOUNT_IDS, CARD_IDS } from '../../fixtures/personas'
import type { Database } from '../db/schema'
import { checkLedger } from '../ledger/ledger-check'
import { createTestApp, signIn, type Caller, type TestApp } from '../testing/test-app'
import { listHistory, type HistoryQuery } from './history-service'
import { seedBusyHistory } from './seed-busy-history'

const busy = ACCOUNT_IDS.personal
const small = ACCOUNT_IDS.acme
/** After everything else the snapshot holds, so the seeded rows are the newest. */
const SEED_NOW = new Date('2030-01-01T00:00:00Z')

let t: TestApp
let db: Kysely<Database>
let paula: Caller

beforeAll(async () => {
  t = await createTestApp()
  db = t.deps.db.kysely
  paula = await signIn(t.app, 'personal')
  await seedBusyHistory(db, busy, { movements: 10_000, pendingPurchases: 3_000, now: SEED_NOW })
  await seedBusyHistory(db, small, { movements: 30, pendingPurchases: 9, now: SEED_NOW })
})

type Expected = { id: string; type: string; at: string; status: string }

/** Every visible movement of the account, newest first, sorted the slow way: the oracle the pages must match. */
async function everything(accountId: string): Promise<Expected[]> {
  const { rows } = await sql<Expected>`
    SELECT id::text AS id, type, status, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') AS at FROM (
      SELECT id, 'card' AS type, CASE status WHEN 'approved' THEN 'pending' WHEN 'cleared' THEN 'settled'
        ELSE status END AS status, created_at
        FROM card_authorizations WHERE account_id = ${accountId}
      UNION ALL SELECT id, 'withdrawal', status, created_at FROM withdrawals WHERE account_id = ${accountId}
      UNION ALL SELECT id, CASE WHEN kind IN ('deposit', 'bridge_deposit') THEN 'deposit' WHEN kind
        IN ('pix_top_up', 'pix_spend') THEN 'pix' ELSE kind END, 'settled', created_at
        FROM journals WHERE account_id = ${accountId}
        AND NOT (kind IN ('card_spend', 'card_refund') AND reference IS NOT NULL) AND kind
          NOT IN ('crypto_withdrawal', 'withdrawal_returned')
    ) m ORDER BY created_at DESC, id DESC`.execute(db)
  return rows
}

const page = (accountId: string, query: Omit<HistoryQuery, 'limit'> & { limit?: number } = {}) =>
  listHistory(db, accountId, { limit: 20, ...query })
const ids = (items: { id: string }[]) => items.map((i) => i.id)

async function medianMs(run: () => Promise<unknown>, times: number): Promise<number> {
  const ms: number[] = []
  for (let i = 0; i < times; i++) {
    const started = performance.now()
    await run()
    ms.push(performance.now() - started)
  }
  return ms.sort((a, b) => a - b)[Math.floor(times / 2)]!
}

describe('history of a long-lived account', () => {
  it('answers the first page about as fast as for an account with a short history', async () => {
    for (let i = 0; i < 3; i++) await Promise.all([page(small), page(busy)])
    // Interleaved rounds, so a burst of load on the machine falls on both accounts alike.
    const smallMs: number[] = []
    const busyMs: number[] = []
    for (let round = 0; round < 5; round++) {
      smallMs.push(await medianMs(() => page(small), 3))
      busyMs.push(await medianMs(() => page(busy), 3))
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
    const ratio = median(busyMs) / median(smallMs)
    console.info(
      `historyFirstPageMs (${t.deps.db.driver}): small ${median(smallMs).toFixed(1)}, ` +
        `busy ${median(busyMs).toFixed(1)}, ratio ${ratio.toFixed(2)}`,
    )
    expect(ratio).toBeLessThanOrEqual(3)
  })

  it('shows the newest 20 in order, and the cursor leads on to the next 20 across a tie on created_at', async () => {
    const expected = await everything(busy)
    expect(expected).toHaveLength(10_000 + 3_000 + 2)
    // The boundary between the pages falls inside a group of movements sharing one created_at.
    expect(expected[19]!.at).toBe(expected[20]!.at)
    const first = await page(busy)
    expect(ids(first.items)).toEqual(ids(expected.slice(0, 20)))
    expect(new Set(first.items.map((i) => i.type))).toEqual(new Set(['card', 'withdrawal', 'deposit', 'pix']))
    const second = await page(busy, { before: first.nextCursor! })
    expect(ids(second.items)).toEqual(ids(expected.slice(20, 40)))
  })

  it('walks the whole history page by page without a gap or a repeat', async () => {
    const expected = await everything(busy)
    const seen: string[] = []
    let before: string | undefined
    do {
      const next = await page(busy, { limit: 100, before })
      seen.push(...ids(next.items))
      before = next.nextCursor ?? undefined
    } while (before)
    expect(seen).toEqual(ids(expected))
  })

  it('filters by type, status, card and text on the same pages', async () => {
    const expected = await everything(busy)
    for (const type of ['card', 'withdrawal', 'deposit', 'pix'] as const) {
      const first = await page(busy, { type })
      const second = await page(busy, { type, before: first.nextCursor! })
      expect([...ids(first.items), ...ids(second.items)]).toEqual(
        ids(expected.filter((e) => e.type === type).slice(0, 40)),
      )
    }
    const pending = await page(busy, { status: 'pending', limit: 100 })
    expect(ids(pending.items)).toEqual(ids(expected.filter((e) => e.status === 'pending').slice(0, 100)))
    expect(pending.items.every((i) => i.title.key === 'merchant' && i.title.merchant.startsWith('Busy Bakery'))).toBe(
      true,
    )
    const card = await page(busy, { cardId: CARD_IDS.personal, limit: 5 })
    expect(ids(card.items)).toEqual(ids(expected.filter((e) => e.type === 'card').slice(0, 5)))
    const found = await page(busy, { q: 'bakery 2999' })
    expect(found.items.map((i) => [i.title, i.status, i.amount])).toEqual([
      [{ key: 'merchant', merchant: 'Busy Bakery 2999' }, 'pending', '-1.5'],
    ])
    expect((await page(busy, { type: 'repay' })).items).toEqual([])
  })

  it('still reads a page link made before cursors kept microseconds, and refuses a broken one with a 400', async () => {
    const first = await page(busy)
    const last = first.items[first.items.length - 1]!
    const old = await paula.json(
      'GET',
      `/accounts/${busy}/history?before=${encodeURIComponent(`${last.createdAt}|${last.id}`)}`,
    )
    expect(old.status).toBe(200)
    expect(old.body.items.length).toBeGreaterThan(0)
    for (const broken of [
      'yesterday|x',
      `2030-02-30T00:00:00.000Z|${last.id}`,
      `${last.createdAt}|not-a-uuid`,
      last.createdAt,
    ]) {
      const res = await paula.json('GET', `/accounts/${busy}/history?before=${encodeURIComponent(broken)}`)
      expect(res.status, broken).toBe(400)
      expect(res.body.error.code).toBe('invalid_request')
    }
  })

  it('leaves the ledger consistent: the seeded journals balance and the cached balances match them', async () => {
    const check = await checkLedger(db)
    expect(check.problems).toEqual([])
  })
})
