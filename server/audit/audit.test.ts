import { sql } from 'kysely'
import { beforeEach, describe, expect, it } from 'vitest'
import { persona } from '../../fixtures/personas'
import { createTestApp, signIn, type Caller, type TestApp } from '../testing/test-app'
import { checkLedger } from '../ledger/ledger-check'
import { recordAudit } from './audit'

let t: TestApp
let admin: Caller

beforeEach(async () => {
  t = await createTestApp()
  admin = await signIn(t.app, 'admin')
})

const adminId = () => persona('admin').id

describe('admin audit log', () => {
  it('lists what was recorded, newest first, with the actor and before/after (bigints as strings)', async () => {
    await recordAudit(t.deps, t.deps.db.kysely, {
      actorId: adminId(),
      action: 'card.freeze',
      subjectType: 'card',
      subjectId: 'c-1',
      reason: 'lost',
      before: { status: 'active' },
      after: { status: 'frozen' },
    })
    t.setNow(new Date(t.deps.now().getTime() + 1000))
    await recordAudit(t.deps, t.deps.db.kysely, {
      actorId: adminId(),
      action: 'manual_refund.create',
      subjectType: 'manual_refund',
      subjectId: 'r-1',
      before: null,
      after: { amount: 1_500_000_000n },
    })
    const all = await admin.json('GET', '/admin/audit')
    expect(all.status).toBe(200)
    expect(all.body.items.map((i: { action: string }) => i.action)).toEqual(['manual_refund.create', 'card.freeze'])
    expect(all.body.items[0]).toMatchObject({
      actor: { email: 'admin@demo.cash' },
      before: null,
      after: { amount: '1500000000' },
    })
    const card = await admin.json('GET', '/admin/audit?subjectType=card&subjectId=c-1')
    expect(card.body.items).toHaveLength(1)
    expect(card.body.items[0]).toMatchObject({
      reason: 'lost',
      before: { status: 'active' },
      after: { status: 'frozen' },
    })
  })

  it('keeps lines of the same instant in the order they were written', async () => {
    for (const action of ['a.first', 'a.second', 'a.third'])
      await recordAudit(t.deps, t.deps.db.kysely, {
        actorId: adminId(),
        action,
        subjectType: 'card',
        subjectId: 'c-2',
        before: null,
        after: null,
      })
    expect(
      (await admin.json('GET', '/admin/audit?subjectId=c-2')).body.items.map((i: { action: string }) => i.action),
    ).toEqual(['a.third', 'a.second', 'a.first'])
  })

  it('is append-only: the database refuses to change or delete a line', async () => {
    await recordAudit(t.deps, t.deps.db.kysely, {
      actorId: adminId(),
      action: 'card.freeze',
      subjectType: 'card',
      subjectId: 'c-1',
      before: null,
      after: null,
    })
    await expect(sql`UPDATE admin_audit_log SET action = 'x'`.execute(t.deps.db.kysely)).rejects.toThrow(/append-only/)
    await expect(sql`DELETE FROM admin_audit_log`.execute(t.deps.db.kysely)).rejects.toThrow(/append-only/)
    expect((await admin.json('GET', '/admin/audit')).body.items).toHaveLength(1)
  })

  it('is for platform admins only', async () => {
    const paula = await signIn(t.app, 'personal')
    expect((await paula.json('GET', '/admin/audit')).status).toBe(403)
  })

  it(
    'is chained by hash: an owner who turns the triggers off and ' +
      'edits, removes or slips in a line is caught by the ledger check',
    async () => {
      const line = (n: number) =>
        recordAudit(t.deps, t.deps.db.kysely, {
          actorId: adminId(),
          action: 'card.freeze',
          subjectType: 'card',
          subjectId: `c-${n}`,
          reason: 'lost',
          before: { status: 'active' },
          after: { status: 'frozen' },
        })
      for (let n = 1; n <= 3; n++) await line(n)
      expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
      const lines = await t.deps.db.kysely
        .selectFrom('admin_audit_log')
        .select(['id', 'seq', 'prev_hash', 'hash'])
        .orderBy('seq')
        .execute()
      expect(lines.at(-1)!.prev_hash).toBe(lines.at(-2)!.hash)
      // As the table's owner, with the append-only trigger off for the session.
      const asOwner = (statement: ReturnType<typeof sql>) =>
        t.deps.db.kysely.transaction().execute(async (tx) => {
          await sql`SET LOCAL session_replication_role = replica`.execute(tx)
          await statement.execute(tx)
        })
      const middle = lines.at(-2)!
      await asOwner(sql`UPDATE admin_audit_log SET after = '{"status":"active"}' WHERE id = ${middle.id}`)
      expect((await checkLedger(t.deps.db.kysely)).problems).toContainEqual({
        kind: 'audit_chain_broken',
        id: middle.id,
        detail: expect.stringContaining('was changed after it was written'),
      })
      await asOwner(sql`DELETE FROM admin_audit_log WHERE id = ${middle.id}`)
      expect((await checkLedger(t.deps.db.kysely)).problems).toContainEqual({
        kind: 'audit_chain_broken',
        id: lines.at(-1)!.id,
        detail: expect.stringContaining('does not follow the line before it'),
      })
    },
  )

  it(
    'sends a reason the server gave as data, reads the English sentence of older lines as its key, ' +
      'and chains the reason message',
    async () => {
      const refused = (reason: string | null, reasonMessage: { key: 'refund_second_admin' } | null) =>
        recordAudit(t.deps, t.deps.db.kysely, {
          actorId: adminId(),
          action: 'manual_refund.approve_refused',
          subjectType: 'manual_refund',
          subjectId: 'r-9',
          reason,
          reasonMessage,
          before: null,
          after: null,
        })
      await refused('A second admin must approve refunds above $1,000', null)
      t.setNow(new Date(t.deps.now().getTime() + 1000))
      await refused(null, { key: 'refund_second_admin' })
      const items = (await admin.json('GET', '/admin/audit?subjectType=manual_refund&subjectId=r-9')).body.items
      expect(items.map((i: object) => ({ ...i }))).toMatchObject([
        { reason: null, reasonMessage: { key: 'refund_second_admin' } },
        { reason: null, reasonMessage: { key: 'refund_second_admin' } },
      ])
      expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
      // A line with no reason message hashes as it did before migration 0056 added the field.
      const older = await sql<{ same: boolean }>`
        SELECT hash = encode(sha256(convert_to(concat_ws(',', quote_literal(prev_hash), seq::text,
          quote_literal(id::text), quote_literal(actor_id::text), quote_literal(action), quote_literal(subject_type),
          quote_literal(subject_id), quote_nullable(reason), quote_nullable(before::text), quote_nullable(after::text),
          quote_literal(to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'))), 'UTF8')), 'hex')
          AS same
        FROM admin_audit_log WHERE subject_id = 'r-9' AND reason_message IS NULL`.execute(t.deps.db.kysely)
      expect(older.rows).toEqual([{ same: true }])
      await t.deps.db.kysely.transaction().execute(async (tx) => {
        await sql`SET LOCAL session_replication_role = replica`.execute(tx)
        await sql`UPDATE admin_audit_log SET reason_message = '{"key":"not_found"}'
          WHERE reason_message IS NOT NULL`.execute(tx)
      })
      expect((await checkLedger(t.deps.db.kysely)).problems).toContainEqual(
        expect.objectContaining({ kind: 'audit_chain_broken', id: items[0].id }),
      )
    },
  )
})
