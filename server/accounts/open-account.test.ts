import { beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, signIn, type TestApp } from '../testing/test-app'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})

describe('opening an account', () => {
  it(
    'opens one personal account named after its holder, ' + 'in Direct Pay with default limits and no safe yet',
    async () => {
      const nora = await signIn(t.app, 'new')
      const opened = await nora.json('POST', '/accounts', { kind: 'personal', timeZone: 'America/Sao_Paulo' })
      expect(opened.status).toBe(201)
      expect(opened.body).toMatchObject({ kind: 'personal', role: 'holder' })
      const balances = (await nora.json('GET', `/accounts/${opened.body.accountId}/balances`)).body
      expect(balances).toMatchObject({
        mode: 'direct_pay',
        safeAddress: null,
        dailyLimit: '10000',
        monthlyLimit: '50000',
        spendable: '0',
      })
      const again = await nora.json('POST', '/accounts', { kind: 'personal' })
      expect(again.status).toBe(409)
      expect(again.body.error.code).toBe('account_exists')
    },
  )

  it('refuses a company name with a line break at the name field, and opens nothing', async () => {
    const nora = await signIn(t.app, 'new')
    const res = await nora.json('POST', '/accounts', { kind: 'corporate', name: 'Nora Ltd\r\nYour account is locked' })
    expect(res.status).toBe(400)
    expect(res.body.error.fields).toEqual({
      name: 'Write the name on one line, without tabs or hidden control characters.',
    })
    expect((await nora.json('GET', '/auth/session')).body.memberships).toEqual([])
  })

  it('makes the opener the owner of a company, and checks the name and time zone at their fields', async () => {
    const nora = await signIn(t.app, 'new')
    expect((await nora.json('POST', '/accounts', { kind: 'corporate' })).body.error.fields).toHaveProperty('name')
    expect(
      (await nora.json('POST', '/accounts', { kind: 'corporate', name: 'Nora Ltd', timeZone: 'Mars/Olympus' })).body
        .error.fields,
    ).toHaveProperty('timeZone')
    const opened = await nora.json('POST', '/accounts', { kind: 'corporate', name: 'Nora Ltd' })
    expect(opened.body).toMatchObject({ kind: 'corporate', name: 'Nora Ltd', role: 'owner' })
    const session = (await nora.json('GET', '/auth/session')).body
    expect(session.memberships).toContainEqual(
      expect.objectContaining({ accountId: opened.body.accountId, role: 'owner', accountKind: 'corporate' }),
    )
  })
})
