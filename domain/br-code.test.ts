import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { crc16, decodeBrCode, encodeBrCode, type BrCode } from './br-code'
import { toPlainText } from './plain-name'

const MANUAL_EXAMPLE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano ' +
  'de Tal6008BRASILIA62070503***63041D3D'

describe('BR Code', () => {
  it('decodes the Central Bank manual’s example with a valid checksum', () => {
    expect(decodeBrCode(MANUAL_EXAMPLE)).toEqual({
      kind: 'static',
      key: '123e4567-e12b-12d1-a456-426655440000',
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
      txid: '***',
    })
    expect(crc16(MANUAL_EXAMPLE.slice(0, -4))).toBe('1D3D')
  })

  it('re-encodes the manual’s example to the same text', () => {
    expect(
      encodeBrCode({
        kind: 'static',
        key: '123e4567-e12b-12d1-a456-426655440000',
        merchantName: 'Fulano de Tal',
        merchantCity: 'BRASILIA',
        txid: '***',
      }),
    ).toBe(MANUAL_EXAMPLE)
  })

  it('refuses a code whose checksum is wrong, and text that is not a code', () => {
    expect(() => decodeBrCode(MANUAL_EXAMPLE.replace('Fulano', 'Fulana'))).toThrowError(
      expect.objectContaining({ code: 'pix_code_checksum' }),
    )
    expect(() => decodeBrCode('hello')).toThrowError(expect.objectContaining({ code: 'pix_code_invalid' }))
    expect(() => decodeBrCode(MANUAL_EXAMPLE.slice(0, -1))).toThrow()
  })

  it('reads a code whose checksum itself is 6304, the CRC tag', () => {
    // One code in 65,536 has a CRC equal to its tag; found by the property below on CI.
    const code =
      '00020101021226380014br.gov.bcb.pix2516yr6rbhyc.0q7.smn5204000053039865409951613.915802BR5906PivxF"' +
      '6003key62050501363046304'
    expect(decodeBrCode(code)).toEqual({
      kind: 'dynamic',
      url: 'yr6rbhyc.0q7.smn',
      amount: '951613.91',
      merchantName: 'PivxF"',
      merchantCity: 'key',
      txid: '3',
    })
  })

  it('counts lengths in bytes, so accented names survive', () => {
    const code = encodeBrCode({
      kind: 'dynamic',
      url: 'pix.cash.example/qr/v2/abc',
      amount: '100.00',
      merchantName: 'Padaria São João',
      merchantCity: 'SÃO PAULO',
      txid: 'CASH123',
    })
    expect(decodeBrCode(code)).toMatchObject({
      kind: 'dynamic',
      merchantName: 'Padaria São João',
      merchantCity: 'SÃO PAULO',
      amount: '100.00',
    })
  })

  it('reads the names a code’s maker wrote on one plain line: no line break or bidi override forges a payee', () => {
    const code = encodeBrCode({
      kind: 'static',
      key: 'k',
      description: 'Pedido\n\nPAGO ✓',
      merchantName: 'Loja \u202Eetoved\u202C',
      merchantCity: 'SAO\tPAULO',
      txid: '***',
    })
    expect(decodeBrCode(code)).toMatchObject({
      merchantName: 'Loja etoved',
      merchantCity: 'SAO PAULO',
      description: 'Pedido PAGO ✓',
    })
  })

  it('refuses a merchant name over 25 bytes or a city over 15', () => {
    expect(() =>
      encodeBrCode({ kind: 'static', key: 'k', merchantName: 'A'.repeat(26), merchantCity: 'X', txid: '***' }),
    ).toThrow(/25 bytes/)
    expect(() =>
      encodeBrCode({ kind: 'static', key: 'k', merchantName: 'A', merchantCity: 'Ç'.repeat(8), txid: '***' }),
    ).toThrow(/15 bytes/)
  })

  it('decodes whatever it encodes to the same fields (property)', () => {
    const name = fc
      .string({ minLength: 1, maxLength: 12 })
      .filter((s) => toPlainText(s) === s && new TextEncoder().encode(s).length <= 25)
    const city = fc
      .string({ minLength: 1, maxLength: 7 })
      .filter((s) => toPlainText(s) === s && new TextEncoder().encode(s).length <= 15)
    const code: fc.Arbitrary<BrCode> = fc.record({
      kind: fc.constantFrom('static' as const, 'dynamic' as const),
      key: fc.uuid(),
      url: fc.webUrl().map((u) => u.replace(/^https?:\/\//, '').slice(0, 70)),
      amount: fc.option(
        fc
          .integer({ min: 1, max: 99_999_999 })
          .map((c) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`),
        { nil: undefined },
      ),
      merchantName: name,
      merchantCity: city,
      txid: fc.oneof(fc.constant('***'), fc.stringMatching(/^[A-Za-z0-9]{1,25}$/)),
    })
    fc.assert(
      fc.property(code, (c) => {
        const input: BrCode = c.kind === 'static' ? { ...c, url: undefined } : { ...c, key: undefined }
        const { url: _u, key: _k, ...rest } = input
        const expected = { ...rest, ...(c.kind === 'static' ? { key: c.key } : { url: c.url }) }
        if (expected.amount === undefined) delete expected.amount
        expect(decodeBrCode(encodeBrCode(input))).toEqual(expected)
      }),
    )
  })
})
