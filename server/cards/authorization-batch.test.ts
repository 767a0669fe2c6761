import { sql } from 'kysely'
import { beforeEach, describe, expect, it } from 'vitest'
import { ACCOUNT_IDS, CARD_IDS, DEMO_PASSWORD } from '../../fixtures/personas'
import { checkLedger } from '../ledger/ledger-check'
import { createTestApp, signIn, type Caller, type TestApp } from '../testing/test-app'

/**
 * Card decisions share commits (authorization-batch.ts): requests that arrive together are decided in one
 * transaction. Each must still be decided as if it came alone, after the ones before it: what a holder and the
 * card network notice is the same as with a transaction per decision.
 */
let t: TestApp
let paula: Caller
const account = ACCOUNT_IDS.personal
const card = CARD_IDS.personal

let serial = 0
const purchase = (over: { networkId?: string; eventId?: string; amount?: string; cardId?: string } = {}) => {
  const networkId = over.networkId ?? `auth_batch_${++serial}_${Date.now()}`
  return {
    provider: 'card',
    event: {
      id: over.eventId ?? `evt_${networkId}`,
      type: 'authorization.request',
      created: t.deps.now().toISOString(),
      data: {
        networkId,
        cardId: over.cardId ?? card,
        amount: over.amount ?? '50',
        merchantName: 'Batch Bistro',
        merchantCity: 'Porto',
        mcc: '5812',
      },
    },
  }
}
/** Every purchase sent at once, as the network does under load; each answer as the network reads it. */
const all = async (purchases: ReturnType<typeof purchase>[]) =>
  Promise.all(
    purchases.map(async (p) => {
      const res = await t.deps.deliverWebhook!(p)
      return { networkId: p.event.data.networkId, status: res.status, body: await res.json() }
    }),
  )
const balances = async () => (await paula.json('GET', `/accounts/${account}/balances`)).body

describe('card decisions in shared commits', () => {
  beforeEach(async () => {
    t = await createTestApp()
    paula = await signIn(t.app, 'personal')
  })

  it(
    '60 purchases at once on 2,500 USDC: exactly 50 of 50 USDC approved, ' + 'each decided after the ones before it',
    async () => {
      const answers = await all(Array.from({ length: 60 }, () => purchase({ amount: '50' })))
      expect(answers.every((a) => a.status === 200)).toBe(true)
      const approved = answers.filter((a) => a.body.result.approved)
      expect(approved).toHaveLength(50)
      expect(answers.filter((a) => !a.body.result.approved).map((a) => a.body.result.reason)).toEqual(
        Array(10).fill('insufficient_spendable'),
      )
      expect(await balances()).toMatchObject({ spendable: '0', pendingHolds: '2500' })
      const holds = await t.deps.db.kysely
        .selectFrom('holds')
        .select('reference')
        .where('account_id', '=', account)
        .where('status', '=', 'pending')
        .execute()
      expect(holds.map((h) => h.reference).sort()).toEqual(approved.map((a) => a.networkId).sort())
      expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
    },
  )

  it('the card’s daily limit holds across one batch', async () => {
    expect((await paula.json('PUT', `/cards/${card}/limits`, { daily: '120' })).status).toBe(200)
    const answers = await all(Array.from({ length: 10 }, () => purchase({ amount: '25' })))
    expect(answers.filter((a) => a.body.result.approved)).toHaveLength(4)
    expect(
      answers.filter((a) => !a.body.result.approved).every((a) => a.body.result.reason === 'over_card_daily_limit'),
    ).toBe(true)
    expect(await balances()).toMatchObject({ pendingHolds: '100' })
  })

  it('the same event three times at once is decided once; every answer carries that decision', async () => {
    const same = purchase({ amount: '10' })
    const answers = await all([purchase(), same, purchase(), same, same, purchase()])
    const repeats = answers.filter((a) => a.networkId === same.event.data.networkId)
    expect(repeats.map((a) => a.status)).toEqual([200, 200, 200])
    expect(repeats.filter((a) => !a.body.duplicate)).toHaveLength(1)
    const decided = repeats.find((a) => !a.body.duplicate)!.body.result
    expect(decided).toMatchObject({ approved: true })
    for (const r of repeats) expect(r.body.result).toEqual(decided)
    const rows = await t.deps.db.kysely
      .selectFrom('card_authorizations')
      .select('id')
      .where('network_id', '=', same.event.data.networkId)
      .execute()
    expect(rows).toEqual([{ id: decided.authorizationId }])
    expect(await balances()).toMatchObject({ pendingHolds: '160' })
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
  })

  it(
    'one purchase sent twice under two event ids: one decision; the ' +
      'other is refused with a code, and the rest of the batch stands',
    async () => {
      const first = purchase({ networkId: 'auth_batch_twice', eventId: 'evt_twice_a', amount: '10' })
      const second = purchase({ networkId: 'auth_batch_twice', eventId: 'evt_twice_b', amount: '10' })
      const answers = await all([purchase(), first, purchase(), second, purchase()])
      const twice = answers.filter((a) => a.networkId === 'auth_batch_twice')
      expect(twice.map((a) => a.status).sort()).toEqual([200, 409])
      expect(twice.find((a) => a.status === 409)!.body.error.code).toBe('authorization_timed_out')
      expect(
        answers
          .filter((a) => a.networkId !== 'auth_batch_twice')
          .every((a) => a.status === 200 && a.body.result.approved),
      ).toBe(true)
      expect(await balances()).toMatchObject({ pendingHolds: '160' })
      // The refused event was not recorded: the network may send it again and get a decision.
      const stored = await t.deps.db.kysely
        .selectFrom('provider_events')
        .select('event_id')
        .where('event_id', 'in', ['evt_twice_a', 'evt_twice_b'])
        .execute()
      expect(stored).toHaveLength(1)
      expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
    },
  )

  it('quotes, backslashes and SQL in event ids and merchants are decided in the batch and stored as sent', async () => {
    const odd = [`evt_'); DROP TABLE cards; --`, `evt_back\\slash\\'`, `evt_E'x''`]
    const merchants = [`O'Brien's \\ "Bar"`, `\\'); DELETE FROM holds; --`, `Café 😀 ''`]
    const sent = odd.map((eventId, i) => {
      const p = purchase({ eventId, amount: '5' })
      p.event.data.merchantName = merchants[i]!
      return p
    })
    const answers = await all([purchase(), ...sent, purchase()])
    expect(answers.every((a) => a.status === 200 && a.body.result.approved)).toBe(true)
    // Decided together, not one by one after a failed batch.
    expect(t.logs.filter((l) => l.includes('card decision batch rolled back'))).toEqual([])
    const events = await t.deps.db.kysely
      .selectFrom('provider_events')
      .select(['event_id', 'payload'])
      .where('event_id', 'in', odd)
      .execute()
    expect(events.map((e) => e.event_id).sort()).toEqual([...odd].sort())
    const stored = await t.deps.db.kysely
      .selectFrom('card_authorizations')
      .select('merchant_name')
      .where(
        'network_id',
        'in',
        sent.map((p) => p.event.data.networkId),
      )
      .execute()
    expect(stored.map((a) => a.merchant_name).sort()).toEqual([...merchants].sort())
    expect(await balances()).toMatchObject({ pendingHolds: '115' })
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
  })

  it('an unknown card in a batch is refused on its own; the others are decided', async () => {
    const answers = await all([purchase(), purchase({ cardId: '00000000-0000-4000-8000-00000000dead' }), purchase()])
    expect(answers.map((a) => a.status)).toEqual([200, 404, 200])
    expect(answers[1]!.body.error.code).toBe('not_found')
    expect(await balances()).toMatchObject({ pendingHolds: '100' })
  })

  it('a purchase that needs what a pending withdrawal reserved still takes it, inside a busy batch', async () => {
    // A withdrawal held back (delayed) reserves 2,000.5 USDC (with its fee); purchases then need part of it.
    const withdrawal = await paula.json(
      'POST',
      `/accounts/${account}/withdrawals`,
      {
        asset: 'USDC',
        amount: '2000',
        address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
        confirmation: { method: 'password', password: DEMO_PASSWORD },
      },
      { 'idempotency-key': 'batch-withdrawal' },
    )
    expect(withdrawal.body).toMatchObject({ status: 'delayed', total: '2000.5' })
    const answers = await all([purchase({ amount: '100' }), purchase({ amount: '450' }), purchase({ amount: '100' })])
    expect(answers.every((a) => a.status === 200 && a.body.result.approved)).toBe(true)
    expect(
      (
        await t.deps.db.kysely
          .selectFrom('withdrawals')
          .select('status')
          .where('id', '=', withdrawal.body.id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('cancelled')
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
  })

  it('batches decided within one minute share one expiry job, and their holds go at most a minute late', async () => {
    const expiryJobs = async () =>
      (
        await t.deps.db.kysely
          .selectFrom('jobs')
          .select(['run_at'])
          .where('kind', '=', 'card.expire-due')
          .where('status', '=', 'pending')
          .orderBy('run_at')
          .execute()
      ).map((j) => j.run_at.toISOString())
    const start = t.deps.now().getTime()
    expect(start % 60_000).toBe(0) // the test clock starts on a whole minute
    const before = await expiryJobs()
    // Nine purchases, each its own batch, at 0, 20 and 40 seconds past the minute.
    for (const offset of [0, 20_000, 40_000]) {
      t.setNow(new Date(start + offset))
      for (let i = 0; i < 3; i++) expect((await all([purchase({ amount: '10' })]))[0]!.body.result.approved).toBe(true)
    }
    const week = 7 * 86_400_000
    expect((await expiryJobs()).filter((at) => !before.includes(at))).toEqual([
      new Date(start + week).toISOString(),
      new Date(start + week + 60_000).toISOString(),
    ])
    t.setNow(new Date(start + week + 1_000))
    await t.runJobs()
    expect(await balances()).toMatchObject({ pendingHolds: '60' })
    t.setNow(new Date(start + week + 60_000))
    await t.runJobs()
    paula = await signIn(t.app, 'personal')
    expect(await balances()).toMatchObject({ spendable: '2500', pendingHolds: '0' })
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
  })

  it('a batch’s holds expire at their time through one job per expiry moment, not one per purchase', async () => {
    const expiryJobs = async () =>
      Number(
        (
          await sql<{
            n: string
          }>`SELECT count(*) AS n FROM jobs WHERE kind LIKE 'card.expire%' AND status = 'pending'`.execute(
            t.deps.db.kysely,
          )
        ).rows[0]!.n,
      )
    const before = await expiryJobs()
    const answers = await all([...Array.from({ length: 20 }, () => purchase({ amount: '10' }))])
    expect(answers.every((a) => a.body.result.approved)).toBe(true)
    // Twenty restaurant purchases decided together hold until the same moment: one job for all of them.
    expect((await expiryJobs()) - before).toBeLessThanOrEqual(2)
    expect(await balances()).toMatchObject({ spendable: '2300', pendingHolds: '200' })
    t.setNow(new Date(t.deps.now().getTime() + 7 * 86_400_000 - 60_000))
    await t.runJobs()
    expect(await balances()).toMatchObject({ pendingHolds: '200' })
    t.setNow(new Date(t.deps.now().getTime() + 61_000))
    await t.runJobs()
    paula = await signIn(t.app, 'personal')
    expect(await balances()).toMatchObject({ spendable: '2500', pendingHolds: '0' })
    const statuses = await t.deps.db.kysely
      .selectFrom('card_authorizations')
      .select('status')
      .where(
        'network_id',
        'in',
        answers.map((a) => a.networkId),
      )
      .execute()
    expect(statuses.map((s) => s.status)).toEqual(Array(20).fill('expired'))
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
  })

  it(
    'the checks on new card authorizations look up the account and card by key, ' + 'not by reading each table',
    async () => {
      const db = t.deps.db
      const scans = async () => {
        await sql`SELECT pg_stat_force_next_flush()`.execute(db.kysely)
        const { rows } = await sql<{ relname: string; n: string }>`
        SELECT relname, seq_scan::text AS n FROM pg_stat_user_tables
        WHERE relid IN ('accounts'::regclass, 'cards'::regclass)`.execute(db.kysely)
        return Object.fromEntries(rows.map((r) => [r.relname, Number(r.n)]))
      }
      // One statement as a card batch writes it (declines, which reserve nothing); its triggers run the checks.
      const insert = (n: number) =>
        sql`INSERT INTO card_authorizations (id, network_id, card_id, account_id, amount, merchant_name, merchant_city,
          mcc, status, decline_reason, expires_at)
        SELECT gen_random_uuid(), ${`direct_${n}_${Date.now()}`} || g, ${card}, ${account}, 1, 'Batch Bistro', 'Porto',
          '5812', 'declined', 'card_frozen', now() FROM generate_series(1, 5) AS g`.execute(db.kysely)
      await insert(1) // the checks planned
      const before = await scans()
      await insert(2)
      const after = await scans()
      // Joined by a hash or merge join, both tables were read whole at every batch, however many rows they hold.
      expect({ accounts: after.accounts! - before.accounts!, cards: after.cards! - before.cards! }).toEqual({
        accounts: 0,
        cards: 0,
      })
    },
  )

  it(
    'the card batch read finds the events it has seen by key, ' +
      'even where the statistics predate the events table’s growth',
    async () => {
      const db = t.deps.db
      // A table never analyzed (a new database before autovacuum or the PGlite refresh has run), grown to 5,000 card
      // events.
      await db.execScript(
        `DELETE FROM pg_statistic WHERE starelid = 'provider_events'::regclass;
      UPDATE pg_class SET reltuples = -1, relpages = 0 WHERE oid = 'provider_events'::regclass;
      INSERT INTO provider_events (provider, event_id, type, payload) SELECT 'card', 'evt_old_' || n, ` +
          `'authorization.request', jsonb_build_object('networkId', 'bench_' || md5(n::text), 'cardId', ` +
          `gen_random_uuid(), 'amount', '0.01', 'merchantName', 'Bench Coffee', 'merchantCity', 'Lisbon', 'mcc', ` +
          `'5812', 'result', jsonb_build_object('approved', true, 'authorizationId', gen_random_uuid())) FROM ` +
          `generate_series(1, 5000) AS n`,
      )
      const indexReads = async () => {
        await sql`SELECT pg_stat_force_next_flush()`.execute(db.kysely)
        return Number(
          (
            await sql<{
              n: string
            }>`SELECT idx_tup_read AS n FROM pg_stat_user_indexes WHERE indexrelname = 'provider_events_pkey'`.execute(
              db.kysely,
            )
          ).rows[0]!.n,
        )
      }
      const before = await indexReads()
      const asked = [
        ...Array.from({ length: 40 }, (_, i) => `evt_old_${i * 100 + 7}`),
        ...Array.from({ length: 10 }, (_, i) => `evt_new_${i}`),
      ]
      const { rows } = await sql<{
        read: { recorded: string[] }
      }>`SELECT read_card_batch('{}'::uuid[], ${asked}::text[], now(), '{}'::text[], 'withdrawal') AS read`.execute(
        db.kysely,
      )
      expect(rows[0]!.read.recorded.sort()).toEqual(asked.slice(0, 40).sort())
      // By key: about one index entry per event asked. Read by provider alone, it was all 5,000.
      expect((await indexReads()) - before).toBeLessThanOrEqual(2 * asked.length)
      await db.execScript('DELETE FROM provider_events WHERE event_id LIKE $$evt_old_%$$; ANALYZE provider_events')
    },
  )
})
