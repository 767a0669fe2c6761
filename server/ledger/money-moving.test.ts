import { createHash } from 'node:crypto'
import { sql } from 'kysely'
import { beforeEach, describe, expect, it } from 'vitest'
import { ACCOUNT_IDS, CARD_IDS } from '../../fixtures/personas'
import { createTestApp, signIn, type TestApp } from '../testing/test-app'
import { checkLedger } from './ledger-check'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})

const usdcBalance = async (caller: Awaited<ReturnType<typeof signIn>>, accountId: string) => {
  const { body } = await caller.json('GET', `/accounts/${accountId}/balances`)
  return body.balances.find((b: { asset: string }) => b.asset === 'USDC').balance as string
}

describe('idempotent money movement', () => {
  it('replays a retried deposit with the same key: same answer, money moved once', async () => {
    const admin = await signIn(t.app, 'admin')
    const holder = await signIn(t.app, 'personal')
    const body = { accountId: ACCOUNT_IDS.personal, asset: 'USDC', amount: '100' }
    const first = await admin.request('POST', '/sandbox/deposits', body, { 'idempotency-key': 'retry-key-0001' })
    const second = await admin.request('POST', '/sandbox/deposits', body, { 'idempotency-key': 'retry-key-0001' })
    expect(first.status).toBe(201)
    expect(second.status).toBe(201)
    expect(second.headers.get('idempotent-replayed')).toBe('true')
    // The very bytes of the first answer: a client may compare, hash or sign the body it got.
    const sent = await first.text()
    expect(JSON.parse(sent)).toMatchObject({ asset: 'USDC', amount: '100', balance: '2600' })
    expect(await second.text()).toBe(sent)
    expect(await usdcBalance(holder, ACCOUNT_IDS.personal)).toBe('2600')
  })

  it('replays a retried withdrawal (a request alone in its transaction) with the bytes it first answered', async () => {
    const paula = await signIn(t.app, 'personal', 'native')
    const body = {
      asset: 'USDC',
      amount: '10',
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      confirmation: await paula.hostConfirmation(),
    }
    const path = `/accounts/${ACCOUNT_IDS.personal}/withdrawals`
    const first = await paula.request('POST', path, body, { 'idempotency-key': 'retry-key-0002' })
    const second = await paula.request('POST', path, body, { 'idempotency-key': 'retry-key-0002' })
    expect(first.status).toBe(201)
    expect(second.headers.get('idempotent-replayed')).toBe('true')
    expect(await second.text()).toBe(await first.text())
  })

  it('replays concurrent duplicates once', async () => {
    const admin = await signIn(t.app, 'admin')
    const holder = await signIn(t.app, 'personal')
    const body = { accountId: ACCOUNT_IDS.personal, asset: 'USDC', amount: '7' }
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        admin.json('POST', '/sandbox/deposits', body, { 'idempotency-key': 'double-click-01' }),
      ),
    )
    expect(new Set(answers.map((a) => a.body.journalId)).size).toBe(1)
    expect(await usdcBalance(holder, ACCOUNT_IDS.personal)).toBe('2507')
  })

  it('refuses a key reused for a different request and moves nothing', async () => {
    const admin = await signIn(t.app, 'admin')
    const holder = await signIn(t.app, 'personal')
    await admin.request(
      'POST',
      '/sandbox/deposits',
      { accountId: ACCOUNT_IDS.personal, asset: 'USDC', amount: '1' },
      { 'idempotency-key': 'reused-key-01' },
    )
    const other = await admin.json(
      'POST',
      '/sandbox/deposits',
      { accountId: ACCOUNT_IDS.personal, asset: 'USDC', amount: '999' },
      { 'idempotency-key': 'reused-key-01' },
    )
    expect(other.status).toBe(422)
    expect(other.body.error.code).toBe('idempotency_key_reused')
    expect(await usdcBalance(holder, ACCOUNT_IDS.personal)).toBe('2501')
  })

  it('replays a retry that writes the same fields in another order: parameters are compared, not bytes', async () => {
    const admin = await signIn(t.app, 'admin')
    const holder = await signIn(t.app, 'personal')
    const key = { 'idempotency-key': 'reordered-key-01' }
    const first = await admin.json(
      'POST',
      '/sandbox/deposits',
      { accountId: ACCOUNT_IDS.personal, asset: 'USDC', amount: '1' },
      key,
    )
    expect(first.status).toBe(201)
    const retry = await admin.request(
      'POST',
      '/sandbox/deposits',
      { amount: '1', asset: 'USDC', accountId: ACCOUNT_IDS.personal },
      key,
    )
    expect(retry.status).toBe(201)
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
    expect((await retry.json()).journalId).toBe(first.body.journalId)
    expect(await usdcBalance(holder, ACCOUNT_IDS.personal)).toBe('2501')
  })

  it('replays a key stored before the fingerprint ignored the order, retried as it was first sent', async () => {
    const admin = await signIn(t.app, 'admin')
    const body = { asset: 'USDC', amount: '2', accountId: ACCOUNT_IDS.personal }
    const key = { 'idempotency-key': 'stored-before-01' }
    const first = await admin.json('POST', '/sandbox/deposits', body, key)
    expect(first.status).toBe(201)
    // The fingerprint as it was: the body's JSON in the order it was written.
    const asSent = createHash('sha256')
      .update(`post /app/cash/api/v1/sandbox/deposits ${JSON.stringify(body)}`)
      .digest('hex')
    await sql`UPDATE idempotency_keys SET request_hash = ${asSent} WHERE key = 'stored-before-01'`.execute(
      t.deps.db.kysely,
    )
    const retry = await admin.request('POST', '/sandbox/deposits', body, key)
    expect(retry.status).toBe(201)
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
    const other = await admin.json('POST', '/sandbox/deposits', { ...body, amount: '3' }, key)
    expect(other.body.error.code).toBe('idempotency_key_reused')
  })

  it('requires an Idempotency-Key on every money-moving route', async () => {
    const admin = await signIn(t.app, 'admin')
    const holder = await signIn(t.app, 'personal')
    const moneyRoutes = t.routes.filter((r) => r.moneyMoving)
    expect(moneyRoutes.length).toBeGreaterThanOrEqual(4)
    for (const route of moneyRoutes) {
      const caller = route.access.kind === 'platform_admin' ? admin : holder
      const res = await caller.json(
        route.method.toUpperCase(),
        route.path.replace(':accountId', ACCOUNT_IDS.personal),
        { accountId: ACCOUNT_IDS.personal, asset: 'USDC', amount: '1' },
      )
      expect(res.body.error.code, route.path).toBe('idempotency_key_required')
    }
  })

  it('lets a failed request be retried with the same key once the cause is fixed', async () => {
    const admin = await signIn(t.app, 'admin')
    const body = { accountId: ACCOUNT_IDS.personal, asset: 'USDC', amount: '3000' }
    const refused = await admin.json('POST', '/sandbox/debits', body, { 'idempotency-key': 'fix-and-retry' })
    expect(refused.body.error).toMatchObject({ code: 'insufficient_funds', fields: { amount: expect.any(String) } })
    await admin.request('POST', '/sandbox/deposits', { ...body, amount: '600' }, { 'idempotency-key': 'top-up-first' })
    expect((await admin.json('POST', '/sandbox/debits', body, { 'idempotency-key': 'fix-and-retry' })).status).toBe(201)
  })

  it('points at the amount field for bad amounts', async () => {
    const admin = await signIn(t.app, 'admin')
    for (const [amount, code] of [
      ['0', 'amount_not_positive'],
      ['1.0000001', 'amount_precision'],
      ['-5', 'invalid_request'],
    ] as const) {
      const res = await admin.json(
        'POST',
        '/sandbox/deposits',
        { accountId: ACCOUNT_IDS.personal, asset: 'USDC', amount },
        { 'idempotency-key': `bad-amount-${amount}` },
      )
      expect(res.status, amount).toBe(400)
      expect(res.body.error.code, amount).toBe(code)
      expect(res.body.error.fields.amount, amount).toBeTruthy()
    }
  })
})

describe('deposits in shared commits', () => {
  // Sandbox deposits and debits are written a batch at a time (server/http/idempotent-batch.ts): each request must
  // still be answered as if alone, and a refused one must cost neither the others nor its own key.
  it(
    'a burst is answered request by request: its own journal and ' +
      'balance, refusals at their field, keys kept only for what was done',
    async () => {
      const admin = await signIn(t.app, 'admin')
      const holder = await signIn(t.app, 'personal')
      const good = Array.from({ length: 25 }, (_, i) => ({
        key: `burst-good-${i}`,
        body: { accountId: ACCOUNT_IDS.personal, asset: 'USDC', amount: '1' },
      }))
      const zero = Array.from({ length: 3 }, (_, i) => ({
        key: `burst-zero-${i}`,
        body: { accountId: ACCOUNT_IDS.personal, asset: 'USDC', amount: '0' },
      }))
      const nobody = Array.from({ length: 2 }, (_, i) => ({
        key: `burst-nobody-${i}`,
        body: { accountId: '10000000-0000-4000-8000-00000000dead', asset: 'USDC', amount: '1' },
      }))
      const all = [...good, ...zero, ...nobody].sort((a, b) => a.key.localeCompare(b.key))
      const answers = new Map(
        await Promise.all(
          all.map(
            async (r) =>
              [r.key, await admin.json('POST', '/sandbox/deposits', r.body, { 'idempotency-key': r.key })] as const,
          ),
        ),
      )
      const done = good.map((r) => answers.get(r.key)!)
      expect(done.map((a) => a.status)).toEqual(Array(25).fill(201))
      expect(new Set(done.map((a) => a.body.journalId)).size).toBe(25)
      // Each answer carries the balance right after its own journal: 2,501 … 2,525, each once.
      expect(done.map((a) => Number(a.body.balance)).sort((x, y) => x - y)).toEqual(
        Array.from({ length: 25 }, (_, i) => 2501 + i),
      )
      for (const r of zero)
        expect(answers.get(r.key)!.body.error).toMatchObject({
          code: 'amount_not_positive',
          fields: { amount: expect.any(String) },
        })
      for (const r of nobody)
        expect(answers.get(r.key)!.body.error).toMatchObject({
          code: 'not_found',
          fields: { accountId: expect.any(String) },
        })
      expect(await usdcBalance(holder, ACCOUNT_IDS.personal)).toBe('2525')
      // The burst shared commits: journals written in one transaction carry the same time.
      const times = await t.deps.db.kysely
        .selectFrom('journals')
        .select('created_at')
        .where('kind', '=', 'deposit')
        .where('account_id', '=', ACCOUNT_IDS.personal)
        .execute()
      expect(new Set(times.map((j) => j.created_at.getTime())).size).toBeLessThan(25)
      // A refused request left no key behind: the same key works once the request is right.
      const retried = await admin.json(
        'POST',
        '/sandbox/deposits',
        { ...zero[0]!.body, amount: '5' },
        { 'idempotency-key': zero[0]!.key },
      )
      expect(retried.status).toBe(201)
      expect(retried.body.balance).toBe('2530')
      expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
    },
  )

  it('a burst stores its answers by its own keys, however many keys are kept', async () => {
    // 5,000 keys kept from earlier requests, in a table whose statistics predate them (a new database, before
    // autovacuum or the PGlite refresh has run).
    const db = t.deps.db
    await db.execScript(
      `DELETE FROM pg_statistic WHERE starelid = 'idempotency_keys'::regclass;
      UPDATE pg_class SET reltuples = -1, relpages = 0 WHERE oid = 'idempotency_keys'::regclass;
      INSERT INTO idempotency_keys (scope, key, request_hash, response_status, response_body)
      SELECT 'earlier', 'key-' || n, md5(n::text), 201, jsonb_build_object('journalId', gen_random_uuid(), ` +
        `'balance', n::text) FROM generate_series(1, 5000) AS n`,
    )
    const rowsRead = async () => {
      await sql`SELECT pg_stat_force_next_flush()`.execute(db.kysely)
      return Number(
        (
          await sql<{
            n: string
          }>`SELECT seq_tup_read + coalesce(idx_tup_fetch, 0) AS n FROM pg_stat_user_tables
              WHERE relname = 'idempotency_keys'`.execute(db.kysely)
        ).rows[0]!.n,
      )
    }
    const admin = await signIn(t.app, 'admin')
    const before = await rowsRead()
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        admin.json(
          'POST',
          '/sandbox/deposits',
          { accountId: ACCOUNT_IDS.personal, asset: 'USDC', amount: '1' },
          { 'idempotency-key': `burst-read-${i}` },
        ),
      ),
    )
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(201))
    // Joined by (scope, key), the planner read the whole table to store each batch's answers.
    expect((await rowsRead()) - before).toBeLessThan(1_000)
    await db.execScript(`DELETE FROM idempotency_keys WHERE scope = 'earlier'; ANALYZE idempotency_keys`)
  })
})

describe('concurrent debits', () => {
  it('100 parallel debits against one account never overdraw it', async () => {
    const admin = await signIn(t.app, 'admin')
    // Paula has 2,500 USDC: 100 debits of 37 USDC can succeed at most 67 times (2,479), leaving 21.
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        admin.json(
          'POST',
          '/sandbox/debits',
          { accountId: ACCOUNT_IDS.personal, asset: 'USDC', amount: '37' },
          { 'idempotency-key': `parallel-debit-${i}` },
        ),
      ),
    )
    const ok = results.filter((r) => r.status === 201)
    const refused = results.filter((r) => r.status !== 201)
    expect(ok).toHaveLength(67)
    expect(refused.every((r) => r.body.error.code === 'insufficient_funds')).toBe(true)
    const holder = await signIn(t.app, 'personal')
    expect(await usdcBalance(holder, ACCOUNT_IDS.personal)).toBe('21')
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
  })
})

describe('lock order between money paths', () => {
  // On PostgreSQL a deposit's foreign-key check takes KEY SHARE on the account row after locking its ledger
  // accounts, while an authorization locked the account row first: FOR UPDATE there deadlocked. The per-account
  // lock is FOR NO KEY UPDATE, which foreign-key checks do not wait on (run by scripts/test-pg.sh).
  it('card authorizations and deposits on one account at the same time all succeed and the ledger checks', async () => {
    const admin = await signIn(t.app, 'admin')
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        i % 2
          ? admin.json('POST', `/sandbox/cards/${CARD_IDS.personal}/purchases`, {
              amount: '0.01',
              merchantName: 'Lock Cafe',
              mcc: '5812',
            })
          : admin.json(
              'POST',
              '/sandbox/deposits',
              { accountId: ACCOUNT_IDS.personal, asset: 'USDC', amount: '1' },
              { 'idempotency-key': `lock-order-${i}` },
            ),
      ),
    )
    expect(answers.map((a) => a.status)).toEqual(Array(16).fill(201))
    expect(answers.filter((_, i) => i % 2).every((a) => a.body.approved === true)).toBe(true)
    expect((await checkLedger(t.deps.db.kysely)).ok).toBe(true)
  })
})
