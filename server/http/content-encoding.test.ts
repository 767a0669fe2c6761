import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { encodedCopies, pickEncoding } from './content-encoding'

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, and sends plain text to a client that names neither', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(pickEncoding('gzip;q=0.8, deflate')).toBe('gzip')
    expect(pickEncoding('deflate')).toBeNull()
    expect(pickEncoding('identity')).toBeNull()
    expect(pickEncoding(undefined)).toBeNull()
    expect(pickEncoding('')).toBeNull()
  })

  it('honours q=0 as a refusal and * as any coding not named', () => {
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip')
    expect(pickEncoding('BR;Q=0, GZIP;q=0')).toBeNull()
    expect(pickEncoding('*')).toBe('br')
    expect(pickEncoding('br;q=0, *;q=0.5')).toBe('gzip')
    expect(pickEncoding('*;q=0')).toBeNull()
  })
})

it('encodedCopies: each copy decodes to the same text', () => {
  const text = '<!doctype html><title>Olá, R$ 1.234,56</title>'.repeat(40)
  const copies = encodedCopies(text)
  expect(Buffer.from(copies.identity).toString()).toBe(text)
  expect(brotliDecompressSync(copies.br).toString()).toBe(text)
  expect(gunzipSync(copies.gzip).toString()).toBe(text)
  expect(copies.br.length).toBeLessThan(copies.identity.length / 4)
})
