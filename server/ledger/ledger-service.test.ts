import { title } from '../../domain/movement-title'
import { sql } from 'kysely'
import { beforeEach, describe, expect, it } from 'vitest'
import { ACCOUNT_IDS, CARD_IDS } from '../../fixtures/personas'
import { createTestApp, type TestApp } from '../testing/test-app'
import type { Tx } from '../db/connect'
import { checkLedger } from './ledger-check'
import { expireDueHolds, postHold, reserveHold, voidHold } from './hold-service'
import { accountBalance, ledgerAccountId, postJournal } from './ledger-service'

let t: TestApp
const usdc = (n: number) => BigInt(n) * 1_000_000n

async function cashAndSettlement() {
  const { db, newId } = t.deps
  const cash = await ledgerAccountId(db.kysely, newId, { accountId: ACCOUNT_IDS.personal, code: 'cash', asset: 'USDC' })
  const settlement = await ledgerAccountId(db.kysely, newId, {
    accountId: null,
    code: 'card_settlement',
    asset: 'USDC',
  })
  return { cash, settlement }
}

async function cashBalance() {
  const { cash } = await cashAndSettlement()
  const row = await t.deps.db.kysely
    .selectFrom('ledger_accounts')
    .selectAll()
    .where('id', '=', cash)
    .executeTakeFirstOrThrow()
  return accountBalance(row)
}

/** Posts a card spend from Paula's cash; `credit` differs from `debit` to make it unbalanced. */
async function spend(debit: bigint, credit = debit) {
  const { cash, settlement } = await cashAndSettlement()
  return t.deps.db.kysely.transaction().execute((tx) =>
    postJournal(tx, {
      id: t.deps.newId(),
      kind: 'card_spend',
      accountId: ACCOUNT_IDS.personal,
      title: title('note', { text: 'test spend' }),
      entries: [
        { ledgerAccountId: cash, side: 'debit', amount: debit, asset: 'USDC' },
        { ledgerAccountId: settlement, side: 'credit', amount: credit, asset: 'USDC' },
      ],
    }),
  )
}

beforeEach(async () => {
  t = await createTestApp()
})

describe('journals', () => {
  it('refuses an unbalanced journal and writes nothing', async () => {
    const before = await checkLedger(t.deps.db.kysely)
    await expect(spend(usdc(10), usdc(9))).rejects.toMatchObject({ code: 'unbalanced_journal' })
    expect((await checkLedger(t.deps.db.kysely)).journalsChecked).toBe(before.journalsChecked)
    expect((await cashBalance()).balance).toBe(usdc(2_500))
  })

  it('is refused by the database itself when code bypasses the service', async () => {
    const { cash } = await cashAndSettlement()
    const id = t.deps.newId()
    await expect(
      t.deps.db.kysely.transaction().execute(async (tx) => {
        await sql`INSERT INTO journals (id, kind, title) VALUES (${id}, 'x', '{"key":"note","text":"raw"}')`.execute(tx)
        await sql`INSERT INTO entries (journal_id, ledger_account_id, asset, side, amount)
            VALUES (${id}, ${cash}, 'USDC', 'credit', 5)`.execute(tx)
        await sql`INSERT INTO entries (journal_id, ledger_account_id, asset, side, amount)
            VALUES (${id}, ${cash}, 'USDC', 'debit', 4)`.execute(tx)
      }),
    ).rejects.toThrow(/unbalanced_journal/)
    const written = await t.deps.db.kysely.selectFrom('journals').select('id').where('id', '=', id).execute()
    expect(written).toEqual([])
  })

  it(
    'checks a journal when its entries are written: half a journal is refused at once, a journal with no entries ' +
      'at commit, an entry of a journal or ledger account that does not exist as a foreign key would',
    async () => {
      const { cash, settlement } = await cashAndSettlement()
      const journal = async (tx: Tx) => {
        const id = t.deps.newId()
        await sql`INSERT INTO journals (id, kind, title) VALUES (${id}, 'x', '{"key":"note","text":"raw"}')`.execute(tx)
        return id
      }
      const entry = (id: string, ledgerAccountId: string, side: 'debit' | 'credit') =>
        sql`(${id}::uuid, ${ledgerAccountId}::uuid, 'USDC', ${side}, 5)`
      const entries = (...rows: ReturnType<typeof entry>[]) =>
        sql`INSERT INTO entries (journal_id, ledger_account_id, asset, side, amount) VALUES ${sql.join(rows)}`
      // The first half of a journal is refused by its own statement, before the other half could follow.
      let afterFirstHalf = false
      await expect(
        t.deps.db.kysely.transaction().execute(async (tx) => {
          const id = await journal(tx)
          await entries(entry(id, cash, 'debit')).execute(tx)
          afterFirstHalf = true
        }),
      ).rejects.toThrow(/unbalanced_journal: journal .* has fewer than two entries/)
      expect(afterFirstHalf).toBe(false)
      await expect(t.deps.db.kysely.transaction().execute((tx) => journal(tx))).rejects.toThrow(
        /unbalanced_journal: journal .* has fewer than two entries/,
      )
      const missing = '00000000-0000-4000-8000-00000000dead'
      for (const [journalOf, ledgerAccount] of [
        [() => Promise.resolve(missing), cash],
        [journal, missing],
      ] as const) {
        await expect(
          t.deps.db.kysely.transaction().execute(async (tx) => {
            const id = await journalOf(tx)
            await entries(entry(id, ledgerAccount, 'debit'), entry(id, settlement, 'credit')).execute(tx)
          }),
        ).rejects.toMatchObject({ code: '23503' })
      }
      // Two whole journals in one statement are written.
      const written = await t.deps.db.kysely.transaction().execute(async (tx) => {
        const [a, b] = [await journal(tx), await journal(tx)]
        await entries(
          entry(a, cash, 'credit'),
          entry(a, settlement, 'debit'),
          entry(b, cash, 'debit'),
          entry(b, settlement, 'credit'),
        ).execute(tx)
        return [a, b]
      })
      const kept = await t.deps.db.kysely
        .selectFrom('entries')
        .select('journal_id')
        .where('journal_id', 'in', written)
        .execute()
      expect(kept).toHaveLength(4)
    },
  )

  it('keeps posted entries append-only', async () => {
    await expect(sql`UPDATE entries SET amount = amount + 1`.execute(t.deps.db.kysely)).rejects.toThrow(/append_only/)
    await expect(sql`DELETE FROM entries`.execute(t.deps.db.kysely)).rejects.toThrow(/append_only/)
  })

  it('refuses a debit that would overdraw the holder and keeps the balance', async () => {
    await expect(spend(usdc(2_501))).rejects.toMatchObject({ code: 'insufficient_funds' })
    expect((await cashBalance()).balance).toBe(usdc(2_500))
  })
})

describe('holds (two-phase transfers)', () => {
  async function reserve(amount: bigint, expiresAt = new Date('2026-11-28T12:00:00Z')) {
    const { cash, settlement } = await cashAndSettlement()
    const id = t.deps.newId()
    await t.deps.db.kysely.transaction().execute((tx) =>
      reserveHold(tx, {
        id,
        kind: 'card_authorization',
        accountId: ACCOUNT_IDS.personal,
        debitLedgerAccountId: cash,
        creditLedgerAccountId: settlement,
        asset: 'USDC',
        amount,
        title: title('card', { merchant: 'Coffee' }),
        expiresAt,
      }),
    )
    return id
  }

  it('reserves spendable without moving the posted balance', async () => {
    await reserve(usdc(100))
    expect(await cashBalance()).toEqual({ balance: usdc(2_500), available: usdc(2_400), pendingOut: usdc(100) })
  })

  it('refuses a hold larger than what is available', async () => {
    await reserve(usdc(2_000))
    await expect(reserve(usdc(501))).rejects.toMatchObject({ code: 'insufficient_funds' })
    expect((await cashBalance()).available).toBe(usdc(500))
  })

  it('posts part of a hold and releases the rest', async () => {
    const id = await reserve(usdc(100))
    await t.deps.db.kysely
      .transaction()
      .execute((tx) => postHold(tx, { holdId: id, journalId: t.deps.newId(), amount: usdc(80), now: t.deps.now() }))
    expect(await cashBalance()).toEqual({ balance: usdc(2_420), available: usdc(2_420), pendingOut: 0n })
    const hold = await t.deps.db.kysely.selectFrom('holds').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    expect(hold).toMatchObject({ status: 'posted', posted_amount: usdc(80) })
    expect((await checkLedger(t.deps.db.kysely)).ok).toBe(true)
  })

  it('refuses to post more than was reserved, or to post twice', async () => {
    const id = await reserve(usdc(100))
    const post = (amount: bigint) =>
      t.deps.db.kysely
        .transaction()
        .execute((tx) => postHold(tx, { holdId: id, journalId: t.deps.newId(), amount, now: t.deps.now() }))
    await expect(post(usdc(101))).rejects.toMatchObject({ code: 'hold_overcapture' })
    await post(usdc(100))
    await expect(post(usdc(1))).rejects.toMatchObject({ code: 'hold_not_pending' })
    expect((await cashBalance()).balance).toBe(usdc(2_400))
  })

  it('voids a hold and frees the amount', async () => {
    const id = await reserve(usdc(100))
    await t.deps.db.kysely.transaction().execute((tx) => voidHold(tx, id, t.deps.now()))
    expect(await cashBalance()).toEqual({ balance: usdc(2_500), available: usdc(2_500), pendingOut: 0n })
  })

  it('expires holds past their time, and only those', async () => {
    const due = await reserve(usdc(100), new Date('2026-11-21T13:00:00Z'))
    const later = await reserve(usdc(50), new Date('2026-11-22T13:00:00Z'))
    expect(await expireDueHolds(t.deps.db.kysely, new Date('2026-11-21T14:00:00Z'))).toBe(1)
    const statuses = await t.deps.db.kysely
      .selectFrom('holds')
      .select(['id', 'status'])
      .where('id', 'in', [due, later])
      .execute()
    expect(Object.fromEntries(statuses.map((h) => [h.id, h.status]))).toEqual({ [due]: 'expired', [later]: 'pending' })
    expect((await cashBalance()).available).toBe(usdc(2_450))
    expect((await checkLedger(t.deps.db.kysely)).ok).toBe(true)
  })
})

describe('ledger check', () => {
  it('passes on the seeded ledger and reports a cached balance that drifted from its entries', async () => {
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true, problems: [] })
    const { cash } = await cashAndSettlement()
    await sql`UPDATE ledger_accounts SET credits_posted = credits_posted + 1 WHERE id = ${cash}`.execute(
      t.deps.db.kysely,
    )
    const report = await checkLedger(t.deps.db.kysely)
    expect(report.ok).toBe(false)
    expect(report.problems).toEqual([expect.objectContaining({ kind: 'balance_drift', id: cash })])
  })

  it(
    'keeps the limits’ running totals with every movement (spends, ' +
      'holds posted, voided and expired), and reports one that drifted',
    async () => {
      const { cash, settlement } = await cashAndSettlement()
      const reserve = (amount: bigint) =>
        t.deps.db.kysely.transaction().execute((tx) =>
          reserveHold(tx, {
            id: t.deps.newId(),
            kind: 'card_authorization',
            accountId: ACCOUNT_IDS.personal,
            debitLedgerAccountId: cash,
            creditLedgerAccountId: settlement,
            asset: 'USDC',
            amount,
            title: title('note', { text: 'test' }),
            expiresAt: new Date(t.deps.now().getTime() + 86_400_000),
          }),
        )
      const totals = async () =>
        (
          await sql<{ today: bigint; pending: bigint }>`
      SELECT (SELECT COALESCE(sum(amount), 0) FROM account_limit_days WHERE account_id = ${ACCOUNT_IDS.personal})
        AS today,
        (SELECT COALESCE(sum(amount), 0) FROM account_pending_holds WHERE account_id = ${ACCOUNT_IDS.personal}
          AND kind = 'card_authorization') AS pending`.execute(t.deps.db.kysely)
        ).rows[0]
      const base = (await totals())!
      const since = async () => {
        const now = (await totals())!
        return { today: now.today - base.today, pending: now.pending - base.pending }
      }
      await spend(usdc(10))
      const posted = await reserve(usdc(20))
      const voided = await reserve(usdc(30))
      await reserve(usdc(40))
      expect(await since()).toEqual({ today: usdc(100), pending: usdc(90) })
      await t.deps.db.kysely.transaction().execute((tx) =>
        postHold(tx, {
          holdId: posted,
          journalId: t.deps.newId(),
          amount: usdc(15),
          now: t.deps.now(),
          kind: 'card_spend',
        }),
      )
      await t.deps.db.kysely.transaction().execute((tx) => voidHold(tx, voided, t.deps.now()))
      expect(await since()).toEqual({ today: usdc(65), pending: usdc(40) })
      expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true, problems: [] })
      await sql`UPDATE account_limit_days SET amount = amount - 1 WHERE account_id = ${ACCOUNT_IDS.personal}`.execute(
        t.deps.db.kysely,
      )
      const report = await checkLedger(t.deps.db.kysely)
      expect(report.ok).toBe(false)
      expect(report.problems).toEqual([
        expect.objectContaining({ kind: 'limit_counter_drift', id: expect.stringContaining(ACCOUNT_IDS.personal) }),
      ])
    },
  )
})

describe('references', () => {
  const missing = '00000000-0000-4000-8000-00000000dead'
  const rawHold = async (over: { accountId?: string; debit?: string }) => {
    const { cash, settlement } = await cashAndSettlement()
    await t.deps.db.kysely.transaction().execute(async (tx) => {
      await sql`INSERT INTO holds (id, kind, account_id, debit_ledger_account_id, credit_ledger_account_id, asset,
          amount, status, title, expires_at)
        VALUES (${t.deps.newId()}, 'card_authorization', ${over.accountId ?? ACCOUNT_IDS.personal},
          ${over.debit ?? cash}, ${settlement}, 'USDC', 1, 'pending', '{"key":"note","text":"raw"}',
          now() + interval '1 day')`.execute(tx)
    })
  }

  it(
    'refuses a hold or a card authorization that points ' + 'at a row that does not exist, as a foreign key would',
    async () => {
      await expect(rawHold({ debit: missing })).rejects.toMatchObject({ code: '23503' })
      await expect(rawHold({ accountId: missing })).rejects.toMatchObject({ code: '23503' })
      await expect(
        sql`INSERT INTO card_authorizations (id, network_id, card_id, account_id, amount, merchant_name, merchant_city,
          mcc, status, expires_at)
        VALUES (${t.deps.newId()}, 'raw-1', ${missing}, ${ACCOUNT_IDS.personal}, 1, 'x', 'y', '5812', 'declined',
          now())`.execute(t.deps.db.kysely),
      ).rejects.toMatchObject({ code: '23503' })
      await rawHold({}) // the same hold with real references is written
      // An authorization with real references is written; pointing it at a hold that does not exist is refused.
      const id = t.deps.newId()
      await sql`INSERT INTO card_authorizations (id, network_id, card_id, account_id, amount, merchant_name,
        merchant_city, mcc, status, expires_at)
      VALUES (${id}, 'raw-2', ${CARD_IDS.personal}, ${ACCOUNT_IDS.personal}, 1, 'x', 'y', '5812', 'declined',
        now())`.execute(t.deps.db.kysely)
      await expect(
        sql`UPDATE card_authorizations SET hold_id = ${missing} WHERE id = ${id}`.execute(t.deps.db.kysely),
      ).rejects.toMatchObject({ code: '23503' })
    },
  )

  it('never deletes an account, card, ledger account, hold or journal: they are closed by their status', async () => {
    for (const table of ['accounts', 'cards', 'ledger_accounts', 'holds', 'journals']) {
      await expect(sql`DELETE FROM ${sql.table(table)} WHERE false`.execute(t.deps.db.kysely)).rejects.toMatchObject({
        code: '23001',
      })
    }
  })
})
