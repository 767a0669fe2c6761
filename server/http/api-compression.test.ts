import { gunzipSync } from 'node:zlib'
import { beforeEach, describe, expect, it } from 'vitest'
import { ACCOUNT_IDS } from '../../fixtures/personas'
import { createTestApp, signIn, type SignedIn, type TestApp } from '../testing/test-app'

let t: TestApp
let paula: SignedIn
const GZIP = { 'accept-encoding': 'gzip, deflate, br' }

beforeEach(async () => {
  t = await createTestApp()
  paula = await signIn(t.app, 'personal', 'web')
})

describe('API answers to a browser that accepts gzip', () => {
  it('send a small answer as it is, with its length: gzip costs more than it saves there', async () => {
    const res = await paula.request('GET', `/accounts/${ACCOUNT_IDS.personal}/balances`, undefined, GZIP)
    const text = await res.text()
    expect(res.status).toBe(200)
    expect(Buffer.byteLength(text)).toBeLessThan(1024)
    expect([res.headers.get('content-encoding'), res.headers.get('content-length')]).toEqual([
      null,
      String(Buffer.byteLength(text)),
    ])
    expect(JSON.parse(text)).toMatchObject({ balances: expect.any(Array) })
  })

  it('send a refusal as it is, with its length', async () => {
    const res = await paula.request('GET', '/accounts/not-an-id/balances', undefined, GZIP)
    const text = await res.text()
    expect(res.status).toBeGreaterThanOrEqual(400)
    expect([res.headers.get('content-encoding'), res.headers.get('content-length')]).toEqual([
      null,
      String(Buffer.byteLength(text)),
    ])
    expect(JSON.parse(text)).toMatchObject({ error: { code: expect.any(String) } })
  })

  it('compress an answer of 1 KB or more, and say it varies with Accept-Encoding', async () => {
    const res = await paula.request('GET', '/openapi.json', undefined, GZIP)
    expect(res.status).toBe(200)
    expect([res.headers.get('content-encoding'), res.headers.get('content-length')]).toEqual(['gzip', null])
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i)
    const body = gunzipSync(Buffer.from(await res.arrayBuffer())).toString()
    expect(Buffer.byteLength(body)).toBeGreaterThanOrEqual(1024)
    expect(JSON.parse(body)).toMatchObject({ openapi: expect.stringMatching(/^3\./) })
  })
})
