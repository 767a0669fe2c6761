import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, signIn, type TestApp } from '../testing/test-app'
import { LOCAL_DSN } from './dsn'
import { LOCAL_INBOX } from './tunnel'

/** A fake Sentry ingest on loopback that records every body it receives, byte for byte. */
let ingest: Server
let received: { url: string; body: Buffer }[] = []
let port = 0

beforeAll(async () => {
  ingest = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      received.push({ url: req.url ?? '', body: Buffer.concat(chunks) })
      res.writeHead(200).end('{}')
    })
  })
  await new Promise<void>((resolve) => ingest.listen(0, '127.0.0.1', resolve))
  port = (ingest.address() as AddressInfo).port
})
afterAll(() => new Promise<void>((resolve) => ingest.close(() => resolve())))

const dsnFor = (key = 'publickey', host = `127.0.0.1:${port}`, project = '42') => `http://${key}@${host}/${project}`

/** A Sentry envelope: JSON header, an event item, and a binary (compressed replay-like) item. */
function envelope(
  dsn: string,
  binary = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0xff, 0xfe, 0x00, 0x0a, 0x80, 0x81]),
): Buffer {
  const event = JSON.stringify({
    event_id: 'a'.repeat(32),
    exception: { values: [{ type: 'TypeError', value: 'x is undefined' }] },
  })
  return Buffer.concat([
    Buffer.from(`${JSON.stringify({ event_id: 'a'.repeat(32), sent_at: '2026-11-21T12:00:00Z', dsn })}\n`),
    Buffer.from(`{"type":"event","length":${Buffer.byteLength(event)}}\n${event}\n`),
    Buffer.from(`{"type":"replay_recording","length":${binary.length}}\n`),
    binary,
  ])
}

let t: TestApp
const post = async (query: string, body: Buffer) =>
  t.app.request(`/app/cash/monitoring${query}`, { method: 'POST', body: new Uint8Array(body) })

describe('monitoring tunnel with a Sentry DSN configured', () => {
  beforeEach(async () => {
    received = []
    t = await createTestApp({ SENTRY_DSN: dsnFor(), SENTRY_ORG_ID: '7' })
  })

  it('forwards a matching envelope byte for byte to the ingest', async () => {
    const body = envelope(dsnFor())
    const res = await post('?o=7&p=42', body)
    expect(res.status).toBe(200)
    expect(received).toHaveLength(1)
    expect(received[0]!.url).toBe('/api/42/envelope/')
    expect(received[0]!.body.equals(body)).toBe(true)
  })

  it.each([
    ['a wrong host', () => envelope(dsnFor('publickey', 'evil.example:443'))],
    ['a wrong public key', () => envelope(dsnFor('otherkey'))],
    ['a wrong project', () => envelope(dsnFor('publickey', undefined, '43'))],
    ['no DSN in the header', () => Buffer.from('{"event_id":"x"}\n{"type":"event"}\n{}')],
    ['a header that is not JSON', () => Buffer.from('not json at all')],
  ])('refuses %s and forwards nothing', async (_label, make) => {
    const res = await post('?o=7&p=42', make())
    expect(res.status).toBe(403)
    expect(received).toEqual([])
  })

  it.each(['?o=abc&p=42', '?o=7&p=4x2', '?o=7', '?p=42', '?o=-7&p=42', '?o=7&p=42.0'])(
    'refuses non-numeric o/p (%s) and forwards nothing',
    async (query) => {
      const res = await post(query, envelope(dsnFor()))
      expect(res.status).toBe(400)
      expect(received).toEqual([])
    },
  )

  it('refuses an o/p that is not the configured organisation and project', async () => {
    expect((await post('?o=8&p=42', envelope(dsnFor()))).status).toBe(403)
    expect((await post('?o=7&p=41', envelope(dsnFor()))).status).toBe(403)
    expect(received).toEqual([])
  })

  it('refuses a body over 1 MB and forwards nothing', async () => {
    const res = await post('?o=7&p=42', envelope(dsnFor(), Buffer.alloc(1024 * 1024, 7)))
    expect(res.status).toBe(413)
    expect(received).toEqual([])
  })

  it('rate-limits one client, telling it when to come back', async () => {
    t = await createTestApp({ SENTRY_DSN: dsnFor(), SENTRY_ORG_ID: '7', MONITORING_RATE_LIMIT: 3 })
    const statuses = []
    for (let i = 0; i < 4; i++) statuses.push((await post('?o=7&p=42', envelope(dsnFor()))).status)
    expect(statuses).toEqual([200, 200, 200, 429])
    expect(received).toHaveLength(3)
  })
})

describe('monitoring tunnel with no DSN configured', () => {
  beforeEach(async () => {
    received = []
    t = await createTestApp()
  })

  it('keeps events in the local error inbox for admins, and sends nothing out', async () => {
    const config = await (await t.app.request('/app/cash/api/v1/config')).json()
    expect(config.monitoring).toMatchObject({ dsn: LOCAL_DSN, tunnel: '/app/cash/monitoring?o=1&p=1' })
    expect((await post('?o=1&p=1', envelope(LOCAL_DSN))).status).toBe(200)
    const admin = await signIn(t.app, 'admin')
    const inbox = await admin.json('GET', '/admin/error-inbox')
    expect(inbox.body.items).toEqual([
      expect.objectContaining({
        eventId: 'a'.repeat(32),
        itemTypes: 'event,replay_recording',
        summary: 'TypeError: x is undefined',
      }),
    ])
    const stored = await t.deps.db.kysely.selectFrom('error_inbox').select('envelope').executeTakeFirstOrThrow()
    expect(Buffer.from(stored.envelope).equals(envelope(LOCAL_DSN))).toBe(true)
    expect(received).toEqual([])
  })

  it('drops non-event envelopes on purpose with a 2xx, and refuses foreign DSNs', async () => {
    const session = Buffer.from(`${JSON.stringify({ dsn: LOCAL_DSN })}\n{"type":"session"}\n{}`)
    expect((await post('?o=1&p=1', session)).status).toBe(202)
    expect((await post('?o=1&p=1', envelope(dsnFor()))).status).toBe(403)
    expect(await t.deps.db.kysely.selectFrom('error_inbox').select('id').execute()).toEqual([])
  })

  it('bounds what anyone can store: envelopes over 200 KB refused, and only the newest 1,000 events kept', async () => {
    const big = envelope(LOCAL_DSN, Buffer.alloc(LOCAL_INBOX.maxEnvelopeBytes, 0x41))
    expect((await post('?o=1&p=1', big)).status).toBe(413)
    expect(await t.deps.db.kysely.selectFrom('error_inbox').select('id').execute()).toEqual([])
    // A full inbox: 1,000 older events. One more comes in; the oldest goes.
    await t.deps.db.execScript(
      `INSERT INTO error_inbox (id, received_at, event_id, item_types, summary, size_bytes, envelope)
      SELECT gen_random_uuid(), now() - n * interval '1 minute', 'old-' || n, 'event', 'Error: old', 10, ` +
        `'\\x00'::bytea FROM generate_series(1, ${LOCAL_INBOX.maxRows}) AS n`,
    )
    expect((await post('?o=1&p=1', envelope(LOCAL_DSN))).status).toBe(200)
    const kept = await t.deps.db.kysely.selectFrom('error_inbox').select('event_id').execute()
    expect(kept).toHaveLength(LOCAL_INBOX.maxRows)
    const ids = new Set(kept.map((k) => k.event_id))
    expect(ids.has('a'.repeat(32))).toBe(true)
    expect(ids.has(`old-${LOCAL_INBOX.maxRows}`)).toBe(false)
    expect(ids.has(`old-${LOCAL_INBOX.maxRows - 1}`)).toBe(true)
  })
})
