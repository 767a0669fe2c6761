import { describe, expect, it } from 'vitest'
import {
  blindIndex,
  blindIndexes,
  DataKeyError,
  openBytes,
  openText,
  parseDataKeys,
  sealBytes,
  sealedKeyId,
  sealText,
  type SealedBytes,
  type SealedText,
} from './field-crypto'

const key = (id: string, fill: number) => `${id}:${Buffer.alloc(32, fill).toString('base64')}`
const K1 = parseDataKeys(key('k1', 1))
const K2_K1 = parseDataKeys(`${key('k2', 2)},${key('k1', 1)}`)
const IBAN = 'DE89370400440532013000'
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4])

/** A sealed text with one character of its body changed. */
function tampered(sealed: SealedText): SealedText {
  const text = sealed as unknown as string
  const at = text.length - 10
  return `${text.slice(0, at)}${text[at] === 'A' ? 'B' : 'A'}${text.slice(at + 1)}` as unknown as SealedText
}

describe('sealed values', () => {
  it('seal a text as v1.<key id>.<base64url>, a fresh IV each time, and open it back', () => {
    const a = sealText(K1, 'bank_recipients.iban', IBAN)
    const b = sealText(K1, 'bank_recipients.iban', IBAN)
    expect(a as unknown as string).toMatch(/^v1\.k1\.[A-Za-z0-9_-]+$/)
    expect(a as unknown as string).not.toContain(IBAN)
    expect(a, 'the same number seals differently each time').not.toBe(b)
    expect(openText(K1, 'bank_recipients.iban', a)).toBe(IBAN)
    expect(openText(K1, 'bank_recipients.iban', b)).toBe(IBAN)
  })

  it('seal bytes with the same parts and open them back', () => {
    const sealed = sealBytes(K1, 'identity_documents.content', PNG)
    const bytes = Buffer.from(sealed as unknown as Uint8Array)
    expect(bytes.subarray(0, 6).toString('latin1')).toBe('v1.k1.')
    expect(bytes.includes(PNG)).toBe(false)
    expect(openBytes(K1, 'identity_documents.content', sealed)).toEqual(PNG)
    expect(sealedKeyId(bytes)).toBe('k1')
    expect(sealedKeyId(PNG), 'a stored file is plaintext').toBeNull()
  })

  it('refuse a value sealed with a key the ring does not hold, naming the key', () => {
    const sealed = sealText(K2_K1, 'bank_recipients.iban', IBAN)
    expect(() => openText(K1, 'bank_recipients.iban', sealed)).toThrow(DataKeyError)
    expect(() => openText(K1, 'bank_recipients.iban', sealed)).toThrow(/key k2, which DATA_KEYS does not hold/)
    // The same id with other key material (a lost key file replaced) does not open either.
    expect(() => openText(parseDataKeys(key('k2', 9)), 'bank_recipients.iban', sealed)).toThrow(
      /does not open with key k2/,
    )
  })

  it('refuse a changed byte, in text and in bytes, and a value copied from another column', () => {
    const sealed = sealText(K1, 'bank_recipients.iban', IBAN)
    expect(() => openText(K1, 'bank_recipients.iban', tampered(sealed))).toThrow(/does not open with key k1/)
    const file = Buffer.from(sealBytes(K1, 'identity_documents.content', PNG) as unknown as Uint8Array)
    file[file.length - 20]! ^= 1
    expect(() => openBytes(K1, 'identity_documents.content', file as unknown as SealedBytes)).toThrow(DataKeyError)
    expect(() => openText(K1, 'virtual_bank_accounts.iban', sealed)).toThrow(/does not open/)
    expect(() => openText(K1, 'bank_recipients.iban', IBAN as unknown as SealedText)).toThrow(/is not sealed/)
  })

  it('rotate: a new first key seals, the older key still opens what it sealed', () => {
    const old = sealText(K1, 'bank_recipients.account_number', '123456789')
    expect(openText(K2_K1, 'bank_recipients.account_number', old)).toBe('123456789')
    const fresh = sealText(K2_K1, 'bank_recipients.account_number', '123456789')
    expect(sealedKeyId(fresh as unknown as string)).toBe('k2')
    expect(sealedKeyId(old as unknown as string)).toBe('k1')
  })

  it('tell plaintext from sealed values by the envelope alone', () => {
    for (const plain of ['123456789', IBAN, '{"birthDate":"1990-01-01"}', 'v1.', 'v1.k1', 'v1.k 1.abc'])
      expect(sealedKeyId(plain), plain).toBeNull()
  })
})

describe('DATA_KEYS', () => {
  it('takes the first key as current and refuses short keys, bad ids and repeats', () => {
    expect(K2_K1.current).toBe('k2')
    expect([...K2_K1.keys.keys()]).toEqual(['k2', 'k1'])
    expect(() => parseDataKeys(`k1:${Buffer.alloc(16).toString('base64')}`)).toThrow(/not 32 bytes/)
    expect(() => parseDataKeys(`k.1:${Buffer.alloc(32).toString('base64')}`)).toThrow(DataKeyError)
    expect(() => parseDataKeys(`${key('k1', 1)},${key('k1', 2)}`)).toThrow(/given twice/)
    expect(() => parseDataKeys('')).toThrow(/no key/)
  })
})

describe('blind indexes', () => {
  it('are equal for equal values under one key, and differ by key and by column', () => {
    const index = blindIndex(K1, 'virtual_bank_accounts.iban', IBAN)
    expect(index).toBe(blindIndex(K2_K1, 'virtual_bank_accounts.iban', IBAN, 'k1'))
    expect(index).not.toContain(IBAN)
    expect(blindIndex(K2_K1, 'virtual_bank_accounts.iban', IBAN)).not.toBe(index)
    expect(blindIndex(K1, 'virtual_bank_accounts.usd_account_number', IBAN)).not.toBe(index)
    expect(blindIndexes(K2_K1, 'virtual_bank_accounts.iban', IBAN)).toEqual([
      blindIndex(K2_K1, 'virtual_bank_accounts.iban', IBAN),
      index,
    ])
  })
})
