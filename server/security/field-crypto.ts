import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto'

/**
 * Sensitive identifiers at rest (issue 19): bank account numbers, IBANs, identity documents and KYC/KYB details are
 * stored sealed with AES-256-GCM under a key from the environment (DATA_KEYS), never in the database. A sealed text
 * is `v1.<keyId>.<base64url(iv | ciphertext | tag)>`; sealed bytes are the same parts as bytes
 * (`v1.<keyId>.` in ASCII, then iv | ciphertext | tag), so a 5 MB scan does not grow by a third. The key id inside
 * each value says which key opens it, so keys rotate: the first key of DATA_KEYS seals, every key opens.
 * Each value is bound to its column (`context`, the GCM additional data): a value copied into another column does
 * not open there.
 */

declare const sealedText: unique symbol
declare const sealedBytes: unique symbol
/** A sealed text as stored: not a string to show or compare; `openText` gives the value back. */
export type SealedText = { readonly [sealedText]: true }
/** Sealed bytes as stored; `openBytes` gives the bytes back. */
export type SealedBytes = { readonly [sealedBytes]: true }

/** The keys a server holds: `current` seals, all of them open (by the key id a value names). */
export type KeyRing = { readonly current: string; readonly keys: ReadonlyMap<string, DataKey> }
type DataKey = { readonly seal: Buffer; readonly index: Buffer }

/** A key ring that cannot be built, or a value it cannot open (unknown key, tampered, wrong column). */
export class DataKeyError extends Error {
  override readonly name = 'DataKeyError'
}

const VERSION = 'v1'
const IV_BYTES = 12
const TAG_BYTES = 16
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/
const PREFIX = Buffer.from(`${VERSION}.`)

/** One key's two working keys, each derived for its one use: sealing, and blind indexes for look-ups. */
function derive(material: Buffer): DataKey {
  const sub = (info: string) => Buffer.from(hkdfSync('sha256', material, Buffer.alloc(0), info, 32))
  return { seal: sub('cash field seal v1'), index: sub('cash blind index v1') }
}

/**
 * Reads `DATA_KEYS`: `k2:<base64 of 32 bytes>,k1:<base64>`, the first the current one. Throws on a key id that is
 * not letters, digits, `_` or `-`, a key that is not 32 bytes, or an id given twice.
 */
export function parseDataKeys(text: string): KeyRing {
  const keys = new Map<string, DataKey>()
  let current: string | undefined
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const colon = part.indexOf(':')
    const id = colon === -1 ? '' : part.slice(0, colon)
    if (!KEY_ID.test(id))
      throw new DataKeyError('each key is <id>:<base64 of 32 bytes>, the id letters, digits, _ or -')
    const material = Buffer.from(part.slice(colon + 1), 'base64')
    if (material.length !== 32)
      throw new DataKeyError(
        `key ${id} is not 32 bytes of base64 (make one with: node -e ` +
          `"console.log(require('crypto').randomBytes(32).toString('base64'))")`,
      )
    if (keys.has(id)) throw new DataKeyError(`key ${id} is given twice`)
    keys.set(id, derive(material))
    current ??= id
  }
  if (!current) throw new DataKeyError('no key given')
  return { current, keys }
}

/** A new key as DATA_KEYS writes it (`<id>:<base64>`). */
export const newDataKey = (id: string) => `${id}:${randomBytes(32).toString('base64')}`

function sealParts(ring: KeyRing, context: string, plain: Buffer): { keyId: string; body: Buffer } {
  const key = ring.keys.get(ring.current)!
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', key.seal, iv)
  cipher.setAAD(Buffer.from(context))
  const body = Buffer.concat([iv, cipher.update(plain), cipher.final(), cipher.getAuthTag()])
  return { keyId: ring.current, body }
}

function openParts(ring: KeyRing, context: string, keyId: string, body: Buffer): Buffer {
  const key = ring.keys.get(keyId)
  if (!key) throw new DataKeyError(`a value in ${context} is sealed with key ${keyId}, which DATA_KEYS does not hold`)
  if (body.length < IV_BYTES + TAG_BYTES) throw new DataKeyError(`a value in ${context} is cut short`)
  const decipher = createDecipheriv('aes-256-gcm', key.seal, body.subarray(0, IV_BYTES))
  decipher.setAAD(Buffer.from(context))
  decipher.setAuthTag(body.subarray(body.length - TAG_BYTES))
  try {
    return Buffer.concat([decipher.update(body.subarray(IV_BYTES, body.length - TAG_BYTES)), decipher.final()])
  } catch {
    throw new DataKeyError(
      `a value in ${context} does not open with key ${keyId}: changed, or copied from another column`,
    )
  }
}

/** Seals a text for `context` (its `table.column`) under the current key. */
export function sealText(ring: KeyRing, context: string, plain: string): SealedText {
  const { keyId, body } = sealParts(ring, context, Buffer.from(plain, 'utf8'))
  return `${VERSION}.${keyId}.${body.toString('base64url')}` as unknown as SealedText
}

/** Opens a sealed text of `context`; throws DataKeyError for an unknown key, a changed value or another column's. */
export function openText(ring: KeyRing, context: string, sealed: SealedText): string {
  const parsed = textParts(sealed as unknown as string)
  if (!parsed) throw new DataKeyError(`a value in ${context} is not sealed`)
  return openParts(ring, context, parsed.keyId, Buffer.from(parsed.body, 'base64url')).toString('utf8')
}

/** Seals bytes for `context` under the current key. */
export function sealBytes(ring: KeyRing, context: string, plain: Uint8Array): SealedBytes {
  const { keyId, body } = sealParts(ring, context, Buffer.from(plain))
  return Buffer.concat([PREFIX, Buffer.from(`${keyId}.`), body]) as unknown as SealedBytes
}

/** Opens sealed bytes of `context`. */
export function openBytes(ring: KeyRing, context: string, sealed: SealedBytes): Buffer {
  const bytes = Buffer.from(sealed as unknown as Uint8Array)
  const keyId = bytesKeyId(bytes)
  if (keyId === null) throw new DataKeyError(`a value in ${context} is not sealed`)
  return openParts(ring, context, keyId, bytes.subarray(PREFIX.length + keyId.length + 1))
}

function textParts(value: string): { keyId: string; body: string } | null {
  const [version, keyId, body, ...rest] = value.split('.')
  return version === VERSION && keyId !== undefined && KEY_ID.test(keyId) && body !== undefined && rest.length === 0
    ? { keyId, body }
    : null
}

function bytesKeyId(bytes: Uint8Array): string | null {
  const buffer = Buffer.from(bytes)
  if (!buffer.subarray(0, PREFIX.length).equals(PREFIX)) return null
  const dot = buffer.indexOf(0x2e, PREFIX.length)
  const keyId = dot === -1 ? '' : buffer.subarray(PREFIX.length, dot).toString('latin1')
  return KEY_ID.test(keyId) ? keyId : null
}

/**
 * The key id a stored value is sealed with, or null for plaintext (a value stored before sealing began). No
 * plaintext the columns hold starts like a sealed value: account numbers are digits, IBANs capitals and digits,
 * documents start with their file type's bytes, details with `{`.
 */
export function sealedKeyId(stored: string | Uint8Array): string | null {
  return typeof stored === 'string' ? (textParts(stored)?.keyId ?? null) : bytesKeyId(stored)
}

/**
 * The blind index of a normalised value for `context`: an HMAC-SHA256 under the key's own index key, for looking a
 * sealed value up by equality (and a unique index) without storing it. Under the current key unless another is named.
 */
export function blindIndex(ring: KeyRing, context: string, normalised: string, keyId: string = ring.current): string {
  const key = ring.keys.get(keyId)
  if (!key) throw new DataKeyError(`no key ${keyId} in DATA_KEYS`)
  return createHmac('sha256', key.index).update(`${context}\u0000${normalised}`).digest('base64url')
}

/**
 * The value's blind index under every key held: a look-up matches a row indexed under an older key too (a row the
 * startup pass has not re-sealed yet, or one sealed by a server still on the old DATA_KEYS during a rollout).
 */
export function blindIndexes(ring: KeyRing, context: string, normalised: string): string[] {
  return [...ring.keys.keys()].map((id) => blindIndex(ring, context, normalised, id))
}
