import { describe, expect, it } from 'vitest'
import { DEMO_PASSWORD, DEMO_PASSWORD_HASH, DEMO_PASSWORD_HASH_TEST } from '../../fixtures/personas'
import { loadConfig } from '../config'
import { hashPassword, PASSWORD_COST, PASSWORD_COSTS, verifyPassword } from './password'

describe('password hashing (production parameters)', () => {
  it('hashes with scrypt N=16384, r=8, p=1 and a fresh 16-byte salt each time', async () => {
    const one = await hashPassword('correct horse battery', PASSWORD_COSTS.standard)
    const two = await hashPassword('correct horse battery', PASSWORD_COSTS.standard)
    const [scheme, n, r, p, salt, key] = one.split('$')
    expect([scheme, n, r, p]).toEqual(['scrypt', '16384', '8', '1'])
    expect(Buffer.from(salt!, 'base64url')).toHaveLength(16)
    expect(Buffer.from(key!, 'base64url')).toHaveLength(64)
    expect(two).not.toBe(one)
  })

  it('verifies the right password, refuses a wrong one and a malformed hash', async () => {
    const stored = await hashPassword('correct horse battery')
    expect(await verifyPassword('correct horse battery', stored)).toBe(true)
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false)
    expect(await verifyPassword('correct horse battery', 'bcrypt$whatever')).toBe(false)
  })

  it('compares the NFKC form, so the same password typed on another keyboard still matches', async () => {
    expect(await verifyPassword('ﬁsh-and-chips', await hashPassword('fish-and-chips'))).toBe(true)
  })
})

it(
  'the demo personas’ precomputed hash is DEMO_PASSWORD ' +
    'under the production parameters (the seed derives nothing)',
  async () => {
    expect(DEMO_PASSWORD_HASH.split('$').slice(0, 4)).toEqual(['scrypt', '16384', '8', '1'])
    expect(await verifyPassword(DEMO_PASSWORD, DEMO_PASSWORD_HASH)).toBe(true)
    expect(await verifyPassword(`${DEMO_PASSWORD}x`, DEMO_PASSWORD_HASH)).toBe(false)
  },
)

describe('the test suites’ work factor', () => {
  it('is what the suites run with, seeds a demo hash of its own, and verifies like the standard one', async () => {
    expect(PASSWORD_COST).toBe('test')
    expect((await hashPassword('correct horse battery')).split('$').slice(0, 4)).toEqual(['scrypt', '1024', '8', '1'])
    expect(await verifyPassword(DEMO_PASSWORD, DEMO_PASSWORD_HASH_TEST)).toBe(true)
    expect(await verifyPassword(`${DEMO_PASSWORD}x`, DEMO_PASSWORD_HASH_TEST)).toBe(false)
  })

  it('is refused in production', () => {
    expect(() =>
      loadConfig({
        CASH_ENV: 'production',
        PASSWORD_COST: 'test',
        PUBLIC_ORIGIN: 'https://cash.example.com',
        WEBHOOK_SECRET: 'a-real-secret-of-enough-length-0123456789',
        SMTP_URL: 'smtp://127.0.0.1:2525',
        MAIL_FROM: 'Cash <cash@example.com>',
        DATA_KEYS: `k1:${Buffer.alloc(32, 7).toString('base64')}`,
      }),
    ).toThrow(/PASSWORD_COST: the test work factor is for test suites/)
  })
})
