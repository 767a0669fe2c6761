import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { acceptList } from '../../domain/accept-header'

export type Encoding = 'br' | 'gzip'

/**
 * The encoding to send for an Accept-Encoding header: brotli when accepted, else gzip, else none. A coding
 * with `q=0` is refused; `*` stands for any coding not named.
 */
export function pickEncoding(header: string | undefined): Encoding | null {
  const q = new Map(acceptList(header).map((c) => [c.value.toLowerCase(), c.q]))
  const accepts = (coding: Encoding) => (q.get(coding) ?? q.get('*') ?? 0) > 0
  return accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : null
}

/** A text body with its brotli and gzip copies, made once. */
export function encodedCopies(text: string): Record<'identity' | Encoding, Uint8Array<ArrayBuffer>> {
  const raw = Buffer.from(text)
  const copy = (b: Buffer) => new Uint8Array(b)
  return {
    identity: copy(raw),
    br: copy(brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })),
    gzip: copy(gzipSync(raw, { level: 9 })),
  }
}

/** One body compressed for one response (a page with data of its own): fast settings, a few KB take well under 1 ms. */
export function encodeNow(text: string, encoding: Encoding | null): Uint8Array<ArrayBuffer> {
  const raw = Buffer.from(text)
  if (encoding === 'br')
    return new Uint8Array(brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }))
  if (encoding === 'gzip') return new Uint8Array(gzipSync(raw, { level: 6 }))
  return new Uint8Array(raw)
}
