import { createHmac, timingSafeEqual } from 'node:crypto'
import { DomainError } from '../../domain/errors'

/** Webhooks older or newer than this are refused: a captured request cannot be replayed later. */
export const REPLAY_WINDOW_SECONDS = 300

const derived = new Map<string, Buffer>()

/**
 * Each provider signs with its own key, derived from the one secret. Derived once per secret and provider: the card
 * webhook checked every decision with a key it derived again (an HMAC per request, a few per cent of the server's
 * time under the bench). The secret is the server's configuration; the map holds one key per provider.
 */
export function providerKey(secret: string, provider: string): Buffer {
  const id = `${provider}\u0000${secret}`
  let key = derived.get(id)
  if (!key) {
    key = createHmac('sha256', secret).update(`cash-webhook:${provider}`).digest()
    derived.set(id, key)
  }
  return key
}

const mac = (key: Buffer, timestamp: number, body: string) =>
  createHmac('sha256', key).update(`${timestamp}.${body}`).digest('hex')

/** The `Cash-Signature` header for a body: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export function signWebhook(key: Buffer, body: string, timestamp: number): string {
  return `t=${timestamp},v1=${mac(key, timestamp, body)}`
}

/** Checks a signature header against the raw body; throws `webhook_signature` or `webhook_timestamp`. */
export function verifyWebhook(key: Buffer, header: string | undefined, body: string, nowSeconds: number): void {
  const parts = Object.fromEntries((header ?? '').split(',').map((p) => p.split('=', 2) as [string, string]))
  const timestamp = Number(parts.t)
  const given = Buffer.from(parts.v1 ?? '', 'hex')
  const expected = Buffer.from(mac(key, timestamp, body), 'hex')
  if (!Number.isInteger(timestamp) || given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new DomainError('webhook_signature')
  if (Math.abs(nowSeconds - timestamp) > REPLAY_WINDOW_SECONDS) throw new DomainError('webhook_timestamp')
}
