import { expect, it } from 'vitest'
import { ACCOUNT_IDS } from '../../fixtures/personas'
import { createTestApp, signIn } from '../testing/test-app'

/** Money-in requests on one account at once (run on PGlite and on PostgreSQL, where they really overlap). */
it('five PIX charges of R$ 20.000 at once: the day’s R$ 50.000 holds, two are made, three refused', async () => {
  const t = await createTestApp()
  const paula = await signIn(t.app, 'personal')
  const account = ACCOUNT_IDS.personal
  const answers = await Promise.all(
    Array.from({ length: 5 }, (_, i) =>
      paula.json(
        'POST',
        `/accounts/${account}/pix/charges`,
        { brlAmount: '20000' },
        { 'idempotency-key': `pix-race-${i}` },
      ),
    ),
  )
  const codes = answers.map((a) => (a.status === 201 ? '201' : `${a.status} ${a.body.error?.code}`)).sort()
  expect(codes).toEqual(['201', '201', '422 pix_daily_limit', '422 pix_daily_limit', '422 pix_daily_limit'])
  const charges = await t.deps.db.kysely.selectFrom('pix_charges').select('brl_amount').execute()
  expect(charges.reduce((sum, c) => sum + c.brl_amount, 0n)).toBe(4_000_000n)
})
