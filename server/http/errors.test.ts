import { mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { redactText } from '../log'
import { createTestApp, type TestApp } from '../testing/test-app'
import { errorDigest } from './error-page'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})

describe('unexpected failures', () => {
  it('show the server error page with a digest that matches the log line, and nothing internal', async () => {
    // A broken deployment: the shell's index.html is a folder, so reading it throws EISDIR.
    const dist = mkdtempSync(join(tmpdir(), 'cash-dist-'))
    mkdirSync(join(dist, 'host/index.html'), { recursive: true })
    t = await createTestApp({ DIST_DIR: dist })
    const res = await t.app.request('http://cash.test/app/cash/settings')
    expect(res.status).toBe(500)
    const html = await res.text()
    expect(html).toContain(
      'Application error: a server-side exception has occurred while ' +
        'loading cash.test (see the server logs for more information).',
    )
    const digest = /Digest: (\d+)/.exec(html)?.[1]
    expect(digest).toBeTruthy()
    expect(html).not.toMatch(/EISDIR|index\.html|at .*\.ts/)
    expect(html).toContain('href="/app/cash/error-acknowledged"')
    const logged = t.logs.map((l) => JSON.parse(l)).find((l) => l.level === 'error')
    expect(logged).toMatchObject({
      msg: 'unhandled error',
      digest,
      path: '/app/cash/settings',
      error: expect.stringContaining('EISDIR'),
    })
  })

  it('log a digest the card number redaction never hides (it once did: 13 digits passing the Luhn check)', () => {
    // The old digest, five random bytes in decimal, was 13 digits for ~9 % of failures, a tenth of those
    // Luhn-valid: the log line then read "[redacted card number]" where the page showed the digest.
    expect(redactText('1016681528340')).toBe('[redacted card number]')
    for (const word of [0x00000000, 0xffffffff, 0x3b9aca00]) {
      const digest = errorDigest((n) => Buffer.from(word.toString(16).padStart(n * 2, '0'), 'hex'))
      expect(digest.length).toBeLessThanOrEqual(10)
      expect(redactText(digest)).toBe(digest)
    }
  })

  it('answer API callers with the error shape, a digest and no internals', async () => {
    const res = await t.app.request('/app/cash/api/v1/no-such-route')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({
      error: { code: 'not_found', message: 'No such API route.', messageKey: { key: 'no_such_api_route' } },
    })
  })

  it('tag every response and log line with a request id, and keep tokens out of logs', async () => {
    const res = await t.app.request('/app/cash/api/v1/health?token=leaky', {
      headers: { 'x-request-id': 'req-abc-123' },
    })
    expect(res.headers.get('x-request-id')).toBe('req-abc-123')
    const line = t.logs.map((l) => JSON.parse(l)).find((l) => l.requestId === 'req-abc-123')
    expect(line).toMatchObject({ msg: 'request', method: 'GET', path: '/app/cash/api/v1/health', status: 200 })
    expect(t.logs.join('\n')).not.toContain('leaky')
  })
})
