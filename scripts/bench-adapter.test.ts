import { Hono } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import { describe, expect, it } from 'vitest'
import { adapterClient } from './bench-adapter'

const app = new Hono()
app.get('/hello', (c) => c.json({ hello: 'world', from: getConnInfo(c).remote.address }))
app.post('/echo', async (c) => {
  const text = await c.req.text()
  return c.json({ length: text.length, type: c.req.header('content-type'), parsed: JSON.parse(text) }, 201)
})
app.get('/missing', (c) => c.json({ error: 'nope' }, 404))

describe('the bench’s requests go through production’s HTTP adapter', () => {
  const request = adapterClient(app.fetch)

  it('answers a GET as the adapter would over a socket: status, JSON, the peer’s address', async () => {
    const res = await request('/hello')
    expect([res.ok, res.status]).toEqual([true, 200])
    expect(await res.json()).toEqual({ hello: 'world', from: '127.0.0.1' })
  })

  it('hands a POST its body and headers, and the handler’s status back', async () => {
    const body = JSON.stringify({ amount: '12.50', note: 'ação' })
    const res = await request('/echo', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body })
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual({
      length: body.length,
      type: 'application/json',
      parsed: { amount: '12.50', note: 'ação' },
    })
  })

  it('says not ok for a refusal', async () => {
    const res = await request('/missing')
    expect([res.ok, res.status, await res.text()]).toEqual([false, 404, '{"error":"nope"}'])
  })
})
