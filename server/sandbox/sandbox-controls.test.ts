import { describe, expect, it } from 'vitest'
import { ACCOUNT_IDS, CARD_IDS, persona } from '../../fixtures/personas'
import { createTestApp, signIn } from '../testing/test-app'

describe('the sandbox controls’ API', () => {
  it('finds what the controls act on by a member’s e-mail: the account, its cards and deposit address', async () => {
    const t = await createTestApp()
    const admin = await signIn(t.app, 'admin')
    const res = await admin.json('GET', `/sandbox/targets/${encodeURIComponent(persona('personal').email)}`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      user: { email: 'personal@demo.cash' },
      account: { id: ACCOUNT_IDS.personal, kind: 'personal' },
    })
    expect(res.body.cards.map((c: { id: string }) => c.id)).toContain(CARD_IDS.personal)
    expect(res.body.account.depositAddress).toMatch(/^0x[0-9a-fA-F]{40}$/)
    // Someone without an account still has a person to verify.
    expect((await admin.json('GET', '/sandbox/targets/new%40demo.cash')).body).toMatchObject({
      user: { email: 'new@demo.cash' },
      account: null,
      cards: [],
    })
    expect((await admin.json('GET', '/sandbox/targets/nobody%40demo.cash')).status).toBe(404)
    expect((await (await signIn(t.app, 'personal')).json('GET', '/sandbox/targets/personal%40demo.cash')).status).toBe(
      403,
    )
  })

  it(
    'makes the card network time out: the purchase is declined ' +
      'as a timeout and nothing stays on hold once due jobs ran',
    async () => {
      const t = await createTestApp()
      const admin = await signIn(t.app, 'admin')
      const res = await admin.json('POST', `/sandbox/cards/${CARD_IDS.personal}/purchases`, {
        amount: '12.50',
        merchantName: 'Slow Café',
        networkTimeout: true,
      })
      expect(res.status).toBe(201)
      expect(res.body).toMatchObject({ approved: false, reason: 'timeout' })
      const ran = await admin.json('POST', '/sandbox/jobs/run')
      expect(ran.status).toBe(200)
      const auths = (await admin.json('GET', `/sandbox/targets/personal%40demo.cash`)).body.authorizations as {
        networkId: string
        status: string
      }[]
      const mine = auths.find((a) => a.networkId === res.body.networkId)
      expect(mine === undefined || mine.status !== 'approved').toBe(true)
    },
  )
})

describe('sandbox data is marked off production', () => {
  it('a recipient found by PIX key comes from the sandbox directory; one read from a BR Code does not', async () => {
    const t = await createTestApp()
    const paula = await signIn(t.app, 'personal')
    const byKey = await paula.json(
      'POST',
      `/accounts/${ACCOUNT_IDS.personal}/pix/payments`,
      { destination: 'anyone@example.com', brlAmount: '20' },
      { 'idempotency-key': 'sandbox-pix-key' },
    )
    expect(byKey.status).toBe(201)
    expect(byKey.body).toMatchObject({ source: 'key', recipientSandbox: true })
    const code =
      '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano ' +
      'de Tal6008BRASILIA62070503***63041D3D'
    const byCode = await paula.json(
      'POST',
      `/accounts/${ACCOUNT_IDS.personal}/pix/payments`,
      { destination: code, brlAmount: '20' },
      { 'idempotency-key': 'sandbox-pix-code' },
    )
    expect(byCode.body).toMatchObject({ source: 'code', recipientName: 'Fulano de Tal', recipientSandbox: false })
  })
})
