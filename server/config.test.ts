import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { ConfigError, ConfigSchema, loadConfig } from './config'

describe('loadConfig', () => {
  it('has working defaults: port 3000, PGlite in ./.data, sandbox on', () => {
    expect(loadConfig({})).toMatchObject({ PORT: 3000, DATA_DIR: './.data', CASH_ENV: 'development', SIGNUPS_OPEN: true })
  })

  it('reads PORT and DATABASE_URL from the environment', () => {
    expect(loadConfig({ PORT: '8080', DATABASE_URL: 'postgres://u@h/db' })).toMatchObject({ PORT: 8080, DATABASE_URL: 'postgres://u@h/db' })
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
    const named = (error as Error).message.split('\n').slice(1).map((line) => line.trim().split(':')[0])
    expect(named).toEqual(['WEBHOOK_SECRET', 'PUBLIC_ORIGIN', 'COOKIE_SECURE'])
    expect(() => loadConfig({ CASH_ENV: 'production', WEBHOOK_SECRET: 'a-real-secret-of-some-length', PUBLIC_ORIGIN: 'http://cash.example.com' })).toThrow(/PUBLIC_ORIGIN: must be https:\/\/ in production/)
  })

  it('starts production with a real secret and its https address; cookies are Secure without saying so', () => {
    const config = loadConfig({ CASH_ENV: 'production', WEBHOOK_SECRET: 'a-real-secret-of-some-length', PUBLIC_ORIGIN: 'https://cash.example.com' })
    expect(config).toMatchObject({ CASH_ENV: 'production', COOKIE_SECURE: true, PUBLIC_ORIGIN: 'https://cash.example.com' })
    expect(loadConfig({}).COOKIE_SECURE).toBe(false)
  })
})

it('the README lists every variable the server reads', () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
  const rows = readme.split('\n').filter((line) => line.startsWith('| `'))
  const listed = (name: string) => rows.some((row) => row.split('|')[1]!.includes(`\`${name}\``))
  expect([...Object.keys(ConfigSchema.shape), 'NODE_ENV'].filter((name) => !listed(name))).toEqual([])
})
