import { describe, expect, it } from 'vitest'
import { ACCOUNT_IDS, persona } from '../../fixtures/personas'
import { createTestApp, signIn } from '../testing/test-app'

/**
 * The sandbox's own events carry a reason the holder then reads (a withdrawal the chain rejected, a bank payout
 * returned, a verification decided by hand): on one line, as every reason a person reads, refused at its field.
 */
describe('a sandbox event’s reason', () => {
  it('is refused with a line break, tab or bidi override, before anything happens', async () => {
    const t = await createTestApp()
    const admin = await signIn(t.app, 'admin')
    const id = '00000000-0000-4000-8000-0000000000ff'
    const refused = [
      await admin.json('POST', `/sandbox/withdrawals/${id}/fail`, { reason: 'Reverted\nCall support at…' }),
      await admin.json('POST', `/sandbox/bank/sends/${id}/return`, { reason: 'Account\tclosed' }),
      await admin.json('POST', `/sandbox/users/${persona('new').id}/kyc`, {
        status: 'rejected',
        reason: 'Blurry\u202e',
      }),
      await admin.json('POST', `/sandbox/accounts/${ACCOUNT_IDS.acme}/kyb`, { status: 'rejected', reason: 'A\u2028B' }),
    ]
    for (const res of refused) {
      expect(res.status).toBe(400)
      expect(res.body.error.fieldKeys).toEqual({ reason: { key: 'text_one_line' } })
    }
    const kyc = await t.deps.db.kysely.selectFrom('users').select('kyc_status').where('id', '=', persona('new').id)
    expect((await kyc.executeTakeFirstOrThrow()).kyc_status).not.toBe('rejected')
  })
})
