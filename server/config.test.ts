import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { ConfigError, ConfigSchema, loadConfig } from './config'

const ORIGIN = { PUBLIC_ORIGIN: 'https://cash.example.com' }
const MAIL = { SMTP_URL: 'smtps://cash:secret@smtp.example.com:465', MAIL_FROM: 'Cash <no-reply@cash.example.com>' }
const KEYS = { DATA_KEYS: `k1:${Buffer.alloc(32, 1).toString('base64')}` }

describe('loadConfig', () => {
  it('has working defaults: port 3000, PGlite in ./.data, sandbox on', () => {
    expect(loadConfig({})).toMatchObject({
      PORT: 3000,
      DATA_DIR: './.data',
      CASH_ENV: 'development',
      SIGNUPS_OPEN: true,
    })
  })

  it('reads PORT and DATABASE_URL from the environment', () => {
    expect(loadConfig({ PORT: '8080', DATABASE_URL: 'postgres://u@h/db' })).toMatchObject({
      PORT: 8080,
      DATABASE_URL: 'postgres://u@h/db',
    })
  })

  it('fails fast naming every bad variable and what it got', () => {
    let error: unknown
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', CASH_ENV: 'prod' })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(ConfigError)
    const message = (error as Error).message
    expect(message).toMatch(/PORT: .*"eighty"/)
    expect(message).toMatch(/DATABASE_URL: must start with postgres/)
    expect(message).toMatch(/CASH_ENV: /)
  })

  it('refuses a production start missing what production needs, naming each at once', () => {
    let error: unknown
    try {
      loadConfig({ CASH_ENV: 'production', COOKIE_SECURE: 'false' })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(ConfigError)
    const named = (error as Error).message
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(':')[0])
    expect(named).toEqual(['WEBHOOK_SECRET', 'PUBLIC_ORIGIN', 'COOKIE_SECURE', 'SMTP_URL', 'DATA_KEYS'])
    expect(() =>
      loadConfig({
        CASH_ENV: 'production',
        WEBHOOK_SECRET: 'a-real-secret-of-some-length',
        PUBLIC_ORIGIN: 'http://cash.example.com',
      }),
    ).toThrow(/PUBLIC_ORIGIN: must be https:\/\/ in production/)
  })

  it('takes DATABASE_OWNER_URL beside DATABASE_URL only: PGlite has no owner role to migrate as', () => {
    expect(
      loadConfig({ DATABASE_URL: 'postgres://cash_app@h/cash', DATABASE_OWNER_URL: 'postgres://cash_owner@h/cash' }),
    ).toMatchObject({ DATABASE_OWNER_URL: 'postgres://cash_owner@h/cash' })
    expect(() => loadConfig({ DATABASE_OWNER_URL: 'postgres://cash_owner@h/cash' })).toThrow(
      /^Invalid configuration:\n {2}DATABASE_OWNER_URL: needs DATABASE_URL/,
    )
  })

  it(
    'starts production with a real secret, its https address, a ' +
      'mail server and data keys; cookies are Secure without saying so',
    () => {
      const config = loadConfig({
        CASH_ENV: 'production',
        WEBHOOK_SECRET: 'a-real-secret-of-some-length',
        PUBLIC_ORIGIN: 'https://cash.example.com',
        ...MAIL,
        ...KEYS,
      })
      expect(config).toMatchObject({
        CASH_ENV: 'production',
        COOKIE_SECURE: true,
        PUBLIC_ORIGIN: 'https://cash.example.com',
      })
      expect(loadConfig({}).COOKIE_SECURE).toBe(false)
    },
  )

  it('sends mail through SMTP_URL from MAIL_FROM; without SMTP_URL outside production mail stays in the outbox', () => {
    expect(loadConfig({ ...MAIL, ...ORIGIN })).toMatchObject(MAIL)
    const local = { SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'no-reply@cash.example.com', ...ORIGIN }
    expect(loadConfig(local)).toMatchObject({
      SMTP_URL: 'smtp://127.0.0.1:2525',
    })
    expect(loadConfig({}).SMTP_URL).toBeUndefined()
  })

  it('refuses SMTP_URL without PUBLIC_ORIGIN: a mailed reset link would be made from the Host a request names', () => {
    expect(() => loadConfig(MAIL)).toThrow(/^Invalid configuration:\n {2}PUBLIC_ORIGIN: set the address people open/)
    expect(loadConfig({ ...MAIL, PUBLIC_ORIGIN: 'http://localhost:3000' }).PUBLIC_ORIGIN).toBe('http://localhost:3000')
    expect(loadConfig({}).PUBLIC_ORIGIN).toBeUndefined()
  })

  it('refuses SMTP_URL without MAIL_FROM, or not an smtp:// or smtps:// URL, without printing its password', () => {
    expect(() => loadConfig({ SMTP_URL: MAIL.SMTP_URL })).toThrow(
      /^Invalid configuration:\n {2}MAIL_FROM: set the address mail is sent from/,
    )
    let error: unknown
    try {
      loadConfig({ SMTP_URL: 'https://cash:hunter2-secret@smtp.example.com', MAIL_FROM: 'Cash no-reply' })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(ConfigError)
    const message = (error as Error).message
    expect(message).toMatch(
      /SMTP_URL: must be smtp:\/\/user:password@host:port or smtps:\/\/.* \(got "https:\/\/…@smtp\.example\.com"\)/,
    )
    expect(message).toMatch(/MAIL_FROM: must be an address/)
    expect(message).not.toContain('hunter2')
    expect(() => loadConfig({ SMTP_URL: 'smtp://', MAIL_FROM: MAIL.MAIL_FROM })).toThrow(/SMTP_URL: must be/)
  })

  it('takes DATA_KEYS as id:32 bytes of base64, the current key first, and never prints one it refuses', () => {
    const two = `k2:${Buffer.alloc(32, 2).toString('base64')},${KEYS.DATA_KEYS}`
    expect(loadConfig({ DATA_KEYS: two }).DATA_KEYS).toBe(two)
    const short = `k1:${Buffer.alloc(16, 9).toString('base64')}`
    let error: unknown
    try {
      loadConfig({ DATA_KEYS: short })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as Error).message).toMatch(/DATA_KEYS: must be <id>:<base64 of 32 bytes>/)
    expect((error as Error).message).not.toContain(short.slice(3))
    expect(() => loadConfig({ DATA_KEYS: `${KEYS.DATA_KEYS},${KEYS.DATA_KEYS}` })).toThrow(/DATA_KEYS/)
  })
})

it('docs/operations.md lists every variable the server reads', () => {
  const operations = readFileSync(new URL('../docs/operations.md', import.meta.url), 'utf8')
  const rows = operations.split('\n').filter((line) => line.startsWith('| `'))
  const listed = (name: string) => rows.some((row) => row.split('|')[1]!.includes(`\`${name}\``))
  expect([...Object.keys(ConfigSchema.shape), 'NODE_ENV'].filter((name) => !listed(name))).toEqual([])
})
