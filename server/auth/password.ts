import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

/**
 * scrypt's work factor. `standard` (N=16384, about 40 ms a hash here) is what every deployment uses; `test` (N=1024,
 * about 2 ms) is for the test suites, which sign in and confirm with a password thousands of times: a quarter of the
 * server tests' CPU went into key derivation. Chosen by PASSWORD_COST (server/config.ts refuses `test` in
 * production); a stored hash carries its own parameters, so either verifies anywhere.
 */
export const PASSWORD_COSTS = {
  standard: { N: 16_384, r: 8, p: 1 },
  test: { N: 1_024, r: 8, p: 1 },
} as const
export const PASSWORD_COST: keyof typeof PASSWORD_COSTS = process.env.PASSWORD_COST === 'test' ? 'test' : 'standard'
const PARAMS = PASSWORD_COSTS[PASSWORD_COST]
const KEY_LENGTH = 64

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))),
  )
}

/** Hashes a password with scrypt: `scrypt$N$r$p$salt$hash` (base64url). */
export async function hashPassword(
  password: string,
  params: (typeof PASSWORD_COSTS)[keyof typeof PASSWORD_COSTS] = PARAMS,
): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, params)
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

/** True when `password` matches `stored`, compared in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64url')
  const key = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) })
  return key.length === expected.length && timingSafeEqual(key, expected)
}

/** A hash of a random password: verified against when the e-mail is unknown, so timing reveals nothing. */
export const DUMMY_HASH_PROMISE = hashPassword(randomBytes(16).toString('hex'))
