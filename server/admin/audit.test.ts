import { sql } from 'kysely'
import { beforeEach, describe, expect, it } from 'vitest'
import { persona } from '../../fixtures/personas'
import { createTestApp, signIn, type Caller, type TestApp } from '../testing/test-app'
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
    await recordAudit(t.deps, t.deps.db.kysely, { actorId: adminId(), action: 'card.freeze', subjectType: 'card', subjectId: 'c-1', reason: 'lost', before: { status: 'active' }, after: { status: 'frozen' } })
    t.setNow(new Date(t.deps.now().getTime() + 1000))
    await recordAudit(t.deps, t.deps.db.kysely, { actorId: adminId(), action: 'manual_refund.create', subjectType: 'manual_refund', subjectId: 'r-1', before: null, after: { amount: 1_500_000_000n } })
    const all = await admin.json('GET', '/admin/audit')
    expect(all.status).toBe(200)
    expect(all.body.items.map((i: { action: string }) => i.action)).toEqual(['manual_refund.create', 'card.freeze'])
    expect(all.body.items[0]).toMatchObject({ actor: { email: 'admin@demo.cash' }, before: null, after: { amount: '1500000000' } })
    const card = await admin.json('GET', '/admin/audit?subjectType=card&subjectId=c-1')
    expect(card.body.items).toHaveLength(1)
    expect(card.body.items[0]).toMatchObject({ reason: 'lost', before: { status: 'active' }, after: { status: 'frozen' } })
  })

  it('keeps lines of the same instant in the order they were written', async () => {
    for (const action of ['a.first', 'a.second', 'a.third']) await recordAudit(t.deps, t.deps.db.kysely, { actorId: adminId(), action, subjectType: 'card', subjectId: 'c-2', before: null, after: null })
    expect((await admin.json('GET', '/admin/audit?subjectId=c-2')).body.items.map((i: { action: string }) => i.action)).toEqual(['a.third', 'a.second', 'a.first'])
  })

  it('is append-only: the database refuses to change or delete a line', async () => {
    await recordAudit(t.deps, t.deps.db.kysely, { actorId: adminId(), action: 'card.freeze', subjectType: 'card', subjectId: 'c-1', before: null, after: null })
    await expect(sql`UPDATE admin_audit_log SET action = 'x'`.execute(t.deps.db.kysely)).rejects.toThrow(/append-only/)
    await expect(sql`DELETE FROM admin_audit_log`.execute(t.deps.db.kysely)).rejects.toThrow(/append-only/)
    expect((await admin.json('GET', '/admin/audit')).body.items).toHaveLength(1)
  })

  it('is for platform admins only', async () => {
    const paula = await signIn(t.app, 'personal')
    expect((await paula.json('GET', '/admin/audit')).status).toBe(403)
  })
})
