import { describe, expect, it } from 'vitest'
import { ACCOUNT_IDS, DEMO_PASSWORD } from '../../fixtures/personas'
import { createTestApp, signIn } from '../testing/test-app'

const account = ACCOUNT_IDS.personal
const TO = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'

describe('POST /sandbox/clock (test servers only)', () => {
  it(
    'moves the server clock forward and runs what fell due: a ' +
      'withdrawal past its security delay is sent and confirmed',
    async () => {
      const t = await createTestApp()
      const admin = await signIn(t.app, 'admin')
      const paula = await signIn(t.app, 'personal')
      const before = t.deps.now().getTime()
      const w = await paula.json(
        'POST',
        `/accounts/${account}/withdrawals`,
        { asset: 'USDC', amount: '10', address: TO, confirmation: { method: 'password', password: DEMO_PASSWORD } },
        { 'idempotency-key': 'clock-w-1' },
      )
      expect(w.body.status).toBe('delayed')

      const short = await admin.json('POST', '/sandbox/clock', { advanceSeconds: 30 })
      expect(short.status).toBe(200)
      expect(short.body.offsetSeconds).toBe(30)
      expect(new Date(short.body.now).getTime() - before).toBe(30_000)
      expect((await paula.json('GET', `/accounts/${account}/withdrawals`)).body.items[0].status).toBe('delayed')

      // Past the 60 s delay: released, broadcast, and its confirmation (a webhook job) delivered in the same call.
      const long = await admin.json('POST', '/sandbox/clock', { advanceSeconds: 60 })
      expect(long.body).toMatchObject({ offsetSeconds: 90 })
      expect(long.body.ranJobs).toBeGreaterThanOrEqual(1)
      expect(t.deps.now().getTime() - before).toBe(90_000)
      const moved = await admin.json('POST', '/sandbox/clock', { advanceSeconds: 10 })
      expect(moved.body.offsetSeconds).toBe(100)
      expect((await paula.json('GET', `/accounts/${account}/withdrawals`)).body.items[0].status).toBe('confirmed')
    },
  )

  it('is for platform admins, and takes whole seconds forward only', async () => {
    const t = await createTestApp()
    const admin = await signIn(t.app, 'admin')
    const paula = await signIn(t.app, 'personal')
    expect((await paula.json('POST', '/sandbox/clock', { advanceSeconds: 5 })).status).toBe(403)
    for (const body of [
      {},
      { advanceSeconds: 0 },
      { advanceSeconds: -5 },
      { advanceSeconds: 1.5 },
      { advanceSeconds: '5' },
      { advanceSeconds: 31 * 86_400 },
    ]) {
      const res = await admin.json('POST', '/sandbox/clock', body)
      expect(res.status, JSON.stringify(body)).toBe(400)
    }
    expect((await admin.json('POST', '/sandbox/clock', { advanceSeconds: 1 })).body.offsetSeconds).toBe(1)
  })

  it.each(['development', 'production'] as const)(
    'does not exist on a %s server: refused, and the clock stays put',
    async (env) => {
      const t = await createTestApp({ CASH_ENV: env })
      expect(t.routes.some((r) => r.path === '/sandbox/clock')).toBe(false)
      expect(t.deps.sandboxClock).toBeUndefined()
      const admin = await signIn(t.app, 'admin')
      const before = t.deps.now().getTime()
      const res = await admin.json('POST', '/sandbox/clock', { advanceSeconds: 3600 })
      expect(res.status).toBe(404)
      expect(res.body.error.code).toBe('not_found')
      expect(t.deps.now().getTime()).toBe(before)
      const doc = await admin.json('GET', '/openapi.json')
      expect(doc.body.paths['/app/cash/api/v1/sandbox/clock']).toBeUndefined()
    },
  )

  it('is listed in a test server’s API description', async () => {
    const t = await createTestApp()
    const doc = await (await signIn(t.app, 'admin')).json('GET', '/openapi.json')
    expect(doc.body.paths['/app/cash/api/v1/sandbox/clock'].post.description).toMatch(/^Access: /)
  })
})
