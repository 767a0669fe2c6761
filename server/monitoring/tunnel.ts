import type { Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { clientAddress } from '../http/client-address'
import { sql } from 'kysely'
import { DomainError } from '../../domain/errors'
import { hitRateLimit } from '../security/rate-limit'
import type { Deps } from '../http/route-table'
import { LOCAL_DSN, parseDsn, type Dsn } from './dsn'

export const TUNNEL_PATH = '/app/cash/monitoring'
export const MAX_ENVELOPE_BYTES = 1024 * 1024
/**
 * Without a DSN, error events are kept in this database for admins, and anyone can post them: so the local inbox
 * takes smaller envelopes (an error event with its breadcrumbs is 5–50 KB), a bounded rate from everyone
 * together as well as per address, and keeps the newest `maxRows` events within `maxBytes`, dropping the oldest.
 */
export const LOCAL_INBOX = { maxEnvelopeBytes: 200 * 1024, perMinute: 600, maxRows: 1000, maxBytes: 50 * 1024 * 1024 }

const refuse = (c: Context, status: 400 | 403 | 413, reason: string) =>
  c.json({ error: { code: 'monitoring_refused', message: reason } }, status)

/** The envelope header: the first line of the body, JSON. Only it is read; the bytes stay untouched. */
function envelopeHeader(bytes: Uint8Array): { dsn?: unknown; event_id?: unknown } | null {
  const end = bytes.indexOf(0x0a)
  try {
    const header: unknown = JSON.parse(new TextDecoder().decode(end === -1 ? bytes : bytes.subarray(0, end)))
    return header && typeof header === 'object' ? header : null
  } catch {
    return null
  }
}

/** Item types and the first event message, for the inbox listing. */
function summarize(bytes: Uint8Array): { itemTypes: string; summary: string } {
  const lines = new TextDecoder('utf-8', { fatal: false }).decode(bytes).split('\n')
  const types: string[] = []
  let summary = ''
  for (let i = 1; i < lines.length; i += 2) {
    try {
      const item = JSON.parse(lines[i]!) as { type?: string }
      if (item.type) types.push(item.type)
      if (item.type === 'event' && !summary) {
        const event = JSON.parse(lines[i + 1] ?? '{}') as {
          message?: string
          exception?: { values?: { type?: string; value?: string }[] }
        }
        const ex = event.exception?.values?.[0]
        summary = ex ? `${ex.type ?? 'Error'}: ${ex.value ?? ''}` : (event.message ?? '')
      }
    } catch {
      // Binary items (compressed replays) are not lines of JSON; they are kept as they came.
    }
  }
  return { itemTypes: types.join(',') || 'unknown', summary: summary.slice(0, 500) }
}

/** A rate limit's refusal as the tunnel answers it (429, come back in a minute), or null when within it. */
async function limited(c: Context, hit: () => Promise<unknown>): Promise<Response | null> {
  try {
    await hit()
    return null
  } catch (error) {
    if (error instanceof DomainError && error.code === 'rate_limited') {
      c.header('Retry-After', '60')
      return c.json({ error: { code: 'rate_limited', message: error.message } }, 429)
    }
    throw error
  }
}

const sameDsn = (a: Dsn, b: Dsn) => a.host === b.host && a.publicKey === b.publicKey && a.projectId === b.projectId

/**
 * `POST /app/cash/monitoring?o={org}&p={project}`: a Sentry tunnel that is never an open relay. It forwards
 * the raw bytes only when `o`/`p` are numeric and the envelope's DSN matches the configured one; with no
 * DSN configured it keeps events in the local error inbox.
 */
export function mountTunnel(app: Hono, deps: Deps, forward: typeof fetch = fetch): void {
  const configured = parseDsn(deps.config.SENTRY_DSN ?? LOCAL_DSN, deps.config.SENTRY_ORG_ID)!
  const local = !deps.config.SENTRY_DSN
  app.post(
    TUNNEL_PATH,
    bodyLimit({ maxSize: MAX_ENVELOPE_BYTES, onError: (c) => refuse(c, 413, 'Envelope larger than 1 MB.') }),
    async (c) => {
      const o = c.req.query('o') ?? ''
      const p = c.req.query('p') ?? ''
      if (!/^\d{1,20}$/.test(o) || !/^\d{1,20}$/.test(p)) return refuse(c, 400, 'o and p must be numeric.')
      if (o !== configured.orgId || p !== configured.projectId)
        return refuse(c, 403, 'Unknown organisation or project.')
      const client = clientAddress(c, deps.config)
      const tooMany = await limited(c, () =>
        hitRateLimit(deps.db.kysely, `monitoring:${client}`, deps.config.MONITORING_RATE_LIMIT, 1, deps.now()),
      )
      if (tooMany) return tooMany
      const bytes = new Uint8Array(await c.req.arrayBuffer())
      const header = envelopeHeader(bytes)
      const dsn = typeof header?.dsn === 'string' ? parseDsn(header.dsn, configured.orgId) : null
      if (!dsn || !sameDsn(dsn, configured)) return refuse(c, 403, 'Envelope DSN does not match this project.')
      if (local) {
        const { itemTypes, summary } = summarize(bytes)
        // Only events are worth keeping; sessions and client reports are dropped on purpose, with a 2xx.
        if (!itemTypes.split(',').includes('event')) return c.json({ accepted: false, reason: 'not kept locally' }, 202)
        if (bytes.byteLength > LOCAL_INBOX.maxEnvelopeBytes)
          return refuse(
            c,
            413,
            `Envelope larger than ${LOCAL_INBOX.maxEnvelopeBytes / 1024} KB: the local inbox keeps error events only.`,
          )
        const everyone = await limited(c, () =>
          hitRateLimit(deps.db.kysely, 'monitoring:local-inbox', LOCAL_INBOX.perMinute, 1, deps.now()),
        )
        if (everyone) return everyone
        await deps.db.kysely.transaction().execute(async (tx) => {
          await tx
            .insertInto('error_inbox')
            .values({
              id: deps.newId(),
              event_id: typeof header?.event_id === 'string' ? header.event_id.slice(0, 64) : null,
              item_types: itemTypes,
              summary,
              size_bytes: bytes.byteLength,
              envelope: bytes,
            })
            .execute()
          await sql`DELETE FROM error_inbox WHERE id IN (
              SELECT id FROM (SELECT id, row_number() OVER w AS n, sum(size_bytes) OVER w AS total FROM error_inbox
                WINDOW w AS (ORDER BY received_at DESC, id DESC)) kept
              WHERE n > ${LOCAL_INBOX.maxRows} OR total > ${LOCAL_INBOX.maxBytes})`.execute(tx)
        })
        return c.json({ accepted: true }, 200)
      }
      const upstream = await forward(
        `${configured.protocol}//${configured.host}/api/${configured.projectId}/envelope/`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-sentry-envelope' },
          body: bytes,
        },
      )
      return c.body(null, upstream.ok ? 200 : (upstream.status as 400))
    },
  )
}
