import { describe, expect, it } from 'vitest'
import { createTestApp } from '../testing/test-app'
import { clientAddressFrom } from './client-address'
import { closeGracefully, listen } from './listen'

const balancer = new Set(['127.0.0.1', '10.0.0.5'])

describe('the client address behind a balancer', () => {
  it('believes X-Forwarded-For only from a trusted proxy, taking the right-most address that is not one', () => {
    expect(clientAddressFrom('203.0.113.9', '198.51.100.1', balancer), 'a client’s own header proves nothing').toBe(
      '203.0.113.9',
    )
    expect(clientAddressFrom('127.0.0.1', '198.51.100.1', balancer)).toBe('198.51.100.1')
    expect(clientAddressFrom('::ffff:127.0.0.1', '198.51.100.1', balancer), 'an IPv4 peer on a dual-stack socket').toBe(
      '198.51.100.1',
    )
    expect(
      clientAddressFrom('127.0.0.1', '1.2.3.4, 198.51.100.1', balancer),
      'what the client wrote in front is not believed',
    ).toBe('198.51.100.1')
    expect(clientAddressFrom('127.0.0.1', '198.51.100.1, 10.0.0.5', balancer), 'through two trusted proxies').toBe(
      '198.51.100.1',
    )
    expect(
      clientAddressFrom('127.0.0.1', 'not-an-address', balancer),
      'a malformed chain counts against the proxy',
    ).toBe('127.0.0.1')
    expect(clientAddressFrom('127.0.0.1', undefined, balancer)).toBe('127.0.0.1')
    expect(clientAddressFrom(undefined, '198.51.100.1', balancer)).toBe('unknown')
  })

  /** Wrong-password sign-ins, each for another e-mail (so only the per-address limit applies), over a real socket. */
  async function signInStatuses(trusted: string[], forwardedFor: string[]) {
    const t = await createTestApp({ AUTH_RATE_LIMIT: 3, TRUSTED_PROXIES: trusted })
    const server = await new Promise<ReturnType<typeof listen>>((ready) => {
      const s = listen({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => ready(s))
    })
    const { port } = server.address() as { port: number }
    try {
      const statuses: number[] = []
      for (const [i, address] of forwardedFor.entries()) {
        const res = await fetch(`http://127.0.0.1:${port}/app/cash/api/v1/auth/sign-in`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
          body: JSON.stringify({ email: `nobody${i}@example.com`, password: 'wrong-password-1', client: 'native' }),
        })
        statuses.push(res.status)
      }
      return statuses
    } finally {
      await new Promise<void>((done) => closeGracefully(server, done))
    }
  }

  it(
    'counts sign-in attempts per client behind the trusted balancer, ' + 'not one count for everyone it forwards',
    async () => {
      const a = '198.51.100.1'
      const b = '198.51.100.2'
      expect(await signInStatuses(['127.0.0.1'], [a, a, a, a, b])).toEqual([401, 401, 401, 429, 401])
    },
  )

  it(
    'ignores X-Forwarded-For from a peer it does not trust: ' + 'changing the header does not reset the count',
    async () => {
      expect(await signInStatuses([], ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4'])).toEqual([
        401, 401, 401, 429,
      ])
    },
  )
})
