import { describe, expect, it } from 'vitest'
import { parseSiweMessage, validateSiweMessage } from 'viem/siwe'
import { parseAddress } from './address'
import { buildSiweMessage } from './siwe'
import { newVaultCode, isVaultCode } from './vault-email'

const address = parseAddress('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266')
const issuedAt = new Date('2026-11-21T12:00:00Z')

describe('the SIWE message Cash asks a wallet to sign', () => {
  it('names this site, the checksummed address, chain 1, the statement and a 10-minute window', () => {
    const message = buildSiweMessage({
      origin: 'https://cash.example',
      address,
      nonce: 'a1b2c3d4e5f6a7b8',
      issuedAt,
      purpose: 'link',
    })
    expect(message.split('\n').slice(0, 4)).toEqual([
      'cash.example wants you to sign in with your Ethereum account:',
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      '',
      'Link this wallet to your Cash account',
    ])
    expect(parseSiweMessage(message)).toMatchObject({
      domain: 'cash.example',
      uri: 'https://cash.example/app/cash',
      chainId: 1,
      version: '1',
      nonce: 'a1b2c3d4e5f6a7b8',
      issuedAt,
      expirationTime: new Date('2026-11-21T12:10:00Z'),
    })
  })
  it('is valid inside its window for its domain only', () => {
    const parsed = parseSiweMessage(
      buildSiweMessage({
        origin: 'http://localhost:3000',
        address,
        nonce: 'a1b2c3d4e5f6a7b8',
        issuedAt,
        purpose: 'sign_in',
      }),
    )
    expect(parsed.statement).toBe('Sign in to Cash with this wallet')
    expect(
      validateSiweMessage({ message: parsed, domain: 'localhost:3000', time: new Date('2026-11-21T12:09:00Z') }),
    ).toBe(true)
    expect(
      validateSiweMessage({ message: parsed, domain: 'localhost:3000', time: new Date('2026-11-21T12:11:00Z') }),
    ).toBe(false)
    expect(validateSiweMessage({ message: parsed, domain: 'evil.example', time: issuedAt })).toBe(false)
  })
})

describe('vault e-mail codes', () => {
  it('are 6 digits, zero-padded', () => {
    expect(newVaultCode(() => 42)).toBe('000042')
    expect(isVaultCode('000042')).toBe(true)
    expect(isVaultCode('12345')).toBe(false)
    expect(isVaultCode('12345a')).toBe(false)
  })
})
