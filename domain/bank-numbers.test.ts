import { describe, expect, it } from 'vitest'
import { formatIban, parseBic, parseIban, parseRoutingNumber } from './bank-numbers'
import { isCnpj, isCpf, parsePixKey } from './pix-key'

describe('bank numbers', () => {
  it('checks ABA routing numbers by their weighted checksum', () => {
    expect(parseRoutingNumber('011000015')).toBe('011000015')
    expect(parseRoutingNumber('101 019 644')).toBe('101019644')
    expect(() => parseRoutingNumber('011000016')).toThrowError(
      expect.objectContaining({ code: 'routing_number_checksum', fields: { routingNumber: expect.any(String) } }),
    )
    expect(() => parseRoutingNumber('12345')).toThrowError(expect.objectContaining({ code: 'routing_number_invalid' }))
  })

  it('checks IBANs by country length and mod-97', () => {
    expect(parseIban('de89 3704 0044 0532 0130 00')).toBe('DE89370400440532013000')
    expect(formatIban('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00')
    expect(parseIban('GB82 WEST 1234 5698 7654 32')).toBe('GB82WEST12345698765432')
    expect(() => parseIban('DE88370400440532013000')).toThrowError(expect.objectContaining({ code: 'iban_checksum' }))
    expect(() => parseIban('DE8937040044053201300')).toThrowError(expect.objectContaining({ code: 'iban_length' }))
    expect(() => parseIban('US12345678901234567890')).toThrowError(expect.objectContaining({ code: 'iban_country' }))
    expect(() => parseIban('hello')).toThrowError(
      expect.objectContaining({ code: 'iban_invalid', fields: { iban: expect.any(String) } }),
    )
  })

  it('checks the shape of a BIC', () => {
    expect(parseBic('cobadeffxxx')).toBe('COBADEFFXXX')
    expect(parseBic('DEUTDEFF')).toBe('DEUTDEFF')
    expect(() => parseBic('DEUT1EFF')).toThrowError(expect.objectContaining({ code: 'bic_invalid' }))
  })
})

describe('PIX keys', () => {
  it('checks CPF and CNPJ mod-11 digits and refuses repeated digits', () => {
    expect(isCpf('529.982.247-25')).toBe(true)
    expect(isCpf('529.982.247-26')).toBe(false)
    expect(isCpf('111.111.111-11')).toBe(false)
    expect(isCnpj('11.222.333/0001-81')).toBe(true)
    expect(isCnpj('11.222.333/0001-82')).toBe(false)
  })

  it('tells key types apart and normalises them', () => {
    expect(parsePixKey('529.982.247-25')).toEqual({ type: 'cpf', value: '52998224725' })
    expect(parsePixKey('11.222.333/0001-81')).toEqual({ type: 'cnpj', value: '11222333000181' })
    expect(parsePixKey('Fulano@Example.com')).toEqual({ type: 'email', value: 'fulano@example.com' })
    expect(parsePixKey('+55 11 98765-4321')).toEqual({ type: 'phone', value: '+5511987654321' })
    expect(parsePixKey('123E4567-E12B-12D1-A456-426655440000')).toEqual({
      type: 'evp',
      value: '123e4567-e12b-12d1-a456-426655440000',
    })
  })

  it('says which kind of key is wrong', () => {
    expect(() => parsePixKey('529.982.247-26')).toThrowError(expect.objectContaining({ code: 'pix_key_cpf' }))
    expect(() => parsePixKey('11.222.333/0001-82')).toThrowError(expect.objectContaining({ code: 'pix_key_cnpj' }))
    expect(() => parsePixKey('+1 415 555 0100')).toThrowError(expect.objectContaining({ code: 'pix_key_phone' }))
    expect(() => parsePixKey('a@b')).toThrowError(expect.objectContaining({ code: 'pix_key_email' }))
    expect(() => parsePixKey('hello')).toThrowError(
      expect.objectContaining({ code: 'pix_key_invalid', fields: { key: expect.any(String) } }),
    )
  })
})
