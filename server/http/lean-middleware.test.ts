import { once } from 'node:events'
import { get, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gunzipSync } from 'node:zlib'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { adapterClient } from '../../scripts/bench-adapter'
import { compressWhenAsked, jsonAnswer, limitBody } from './lean-middleware'

const tooLarge = (c: { json: (body: unknown, status: 413) => Response }) => c.json({ error: 'too large' }, 413)
const app = new Hono()
app.use('*', compressWhenAsked())
/**
 * Whether the adapter built a whole Web Request behind its light one (it keeps it under a symbol of its own): the
 * copy, with a body stream, that Hono's bodyLimit made it build for every request.
 */
const webCopyBuilt = (raw: Request) =>
  Object.getOwnPropertySymbols(raw).some(
    (key) => key.description === 'requestCache' && (raw as unknown as Record<symbol, unknown>)[key] !== undefined,
  )
app.post('/echo', limitBody(64, tooLarge as never), async (c) =>
  c.json({ got: await c.req.text(), webCopy: webCopyBuilt(c.req.raw) }),
)
app.get('/big', (c) => c.json({ filler: 'x'.repeat(4000) }))
app.get('/small', (c) => c.json({ ok: true }))
app.get('/words', (c) => jsonAnswer(c, { title: 'Depósito de USDC — São Paulo' }, 201))

describe('the body limit', () => {
  it('judges a body with a Content-Length by it, and counts a body without one', async () => {
    const post = (body: string, headers: Record<string, string> = {}) =>
      app.request('/echo', { method: 'POST', body, headers })
    expect((await post('{"a":1}', { 'content-length': '7' })).status).toBe(200)
    expect((await post('x'.repeat(65), { 'content-length': '65' })).status).toBe(413)
    // no Content-Length (a chunked body): counted as it arrives
    expect((await post('x'.repeat(65))).status).toBe(413)
    expect(await (await post('{"a":1}')).json()).toMatchObject({ got: '{"a":1}' })
  })

  it('lets production’s adapter read a body with a Content-Length without a Web copy of the request', async () => {
    const res = await adapterClient(app.fetch)('/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"amount":"1.00"}',
    })
    // Hono's own bodyLimit asked for the Web Request's body first, which built one here.
    expect([res.status, await res.json()]).toEqual([200, { got: '{"amount":"1.00"}', webCopy: false }])
  })
})

describe('compression', () => {
  it('sends an answer as it is, without Vary, to a client that asks for no compression', async () => {
    const res = await app.request('/big')
    expect(res.headers.get('content-encoding')).toBeNull()
    expect(res.headers.get('vary')).toBeNull()
    expect(((await res.json()) as { filler: string }).filler).toHaveLength(4000)
  })

  it('sends the answer to a write as it is, even to a client that accepts gzip', async () => {
    const res = await app.request('/echo', {
      method: 'POST',
      body: '{"a":1}',
      headers: { 'accept-encoding': 'gzip, deflate, br', 'content-length': '7' },
    })
    expect([res.status, res.headers.get('content-encoding'), res.headers.get('vary')]).toEqual([200, null, null])
  })

  it('compresses an answer for a client that accepts gzip, and says it varies with Accept-Encoding', async () => {
    const res = await app.request('/big', { headers: { 'accept-encoding': 'gzip, deflate' } })
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i)
    const body = JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()) as { filler: string }
    expect(body.filler).toHaveLength(4000)
  })

  it('sends a JSON answer with its length in bytes through production’s server, as it is under 1 KB', async () => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server
    await once(server, 'listening')
    try {
      const { port } = server.address() as AddressInfo
      const answer = await new Promise<{ status?: number; headers: Record<string, unknown>; bytes: Buffer }>(
        (resolve, reject) =>
          get({ host: '127.0.0.1', port, path: '/words', headers: { 'accept-encoding': 'gzip' } }, (res) => {
            const chunks: Buffer[] = []
            res.on('data', (chunk: Buffer) => chunks.push(chunk))
            res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, bytes: Buffer.concat(chunks) }))
          }).on('error', reject),
      )
      expect([answer.status, answer.headers['content-encoding'], answer.headers['content-type']]).toEqual([
        201,
        undefined,
        'application/json',
      ])
      expect(answer.headers['content-length']).toBe(String(answer.bytes.length))
      expect(JSON.parse(answer.bytes.toString())).toEqual({ title: 'Depósito de USDC — São Paulo' })
    } finally {
      server.close()
    }
  })
})
