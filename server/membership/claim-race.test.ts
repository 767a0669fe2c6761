import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { expect, it } from 'vitest'
import { ACCOUNT_IDS, persona } from '../../fixtures/personas'
import { createTestApp, signIn } from '../testing/test-app'
import { creditFromCustody, someoneWaitsOnALock } from '../testing/test-database'

/**
 * Two accounts claim the membership reward at the same time, with room in the campaign for one (PostgreSQL only: on
 * PGlite one transaction runs at a time). The other account's claim is under way, its row written and not yet
 * committed, when Paula claims: hers waits and is refused, the campaign's total holds.
 */
it('a claim made while another account’s is under way is counted after it against the campaign’s total', async () => {
  const t = await createTestApp()
  expect(t.deps.db.driver).toBe('postgres')
  const db = t.deps.db.kysely
  const admin = await signIn(t.app, 'admin')
  const paula = await signIn(t.app, 'personal')
  expect((await admin.json('PUT', `/admin/accounts/${ACCOUNT_IDS.personal}/vip`, { vip: true })).status).toBe(200)
  // The pool can pay both; the running campaign has room for one VIP reward of 25 USDC.
  await creditFromCustody(db, { accountId: null, code: 'cashback_pool' }, 100_000_000n)
  const campaign = await db
    .selectFrom('cashback_campaigns')
    .select('id')
    .where('kind', '=', 'membership_rewards')
    .executeTakeFirstOrThrow()
  await db.updateTable('cashback_campaigns').set({ total_cap: 25_000_000n }).where('id', '=', campaign.id).execute()
  let claimed!: Promise<{ status: number; body: { error?: { code: string } } }>
  // Bruno's claim under way: the campaign held as a claim holds it, his row written, then committed.
  await db.transaction().execute(async (tx) => {
    await sql`SELECT id FROM cashback_campaigns WHERE id = ${campaign.id} FOR NO KEY UPDATE`.execute(tx)
    await tx
      .insertInto('membership_reward_claims')
      .values({
        id: randomUUID(),
        account_id: ACCOUNT_IDS.borrower,
        campaign_id: campaign.id,
        month: t.deps.now().toISOString().slice(0, 7),
        tier: 'vip',
        amount: 25_000_000n,
        journal_id: randomUUID(),
        claimed_by: persona('borrower').id,
      })
      .execute()
    claimed = paula.json('POST', `/accounts/${ACCOUNT_IDS.personal}/promotions/membership-rewards/claim`, undefined, {
      'idempotency-key': 'claim-race-paula',
    })
    await someoneWaitsOnALock(db, claimed)
  })
  const answer = await claimed
  expect(answer.status).toBe(422)
  expect(answer.body.error?.code).toBe('reward_not_available')
  const total = await db
    .selectFrom('membership_reward_claims')
    .select(sql<string>`sum(amount)`.as('total'))
    .where('campaign_id', '=', campaign.id)
    .executeTakeFirstOrThrow()
  expect(BigInt(total.total)).toBe(25_000_000n)
})
