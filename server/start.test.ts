import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { expect, it } from 'vitest'
import { Server } from '../scripts/cash-process'
import { SANDBOX_SECRET } from './config'
import { connectPglite } from './db/connect'
import { freePort } from './testing/free-port'
import { providerKey, signWebhook } from './webhooks/signature'
import { ownServerEntry } from '../scripts/build-server'

const ROOT = resolve(import.meta.dirname, '..')
/** Production needs a mail server; these starts send no mail, so none listens there. */
const PRODUCTION_MAIL = { SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'Cash <no-reply@cash.example.com>' }
/** Production seals personal data with keys from the environment (config.ts). */
const PRODUCTION_KEYS = { PASSWORD_COST: 'standard', DATA_KEYS: `k1:${Buffer.alloc(32, 1).toString('base64')}` }

/** Runs the server as production starts it (its bundle) with `env` until it exits; what it wrote to each stream. */
async function run(env: Record<string, string>) {
  const entry = await ownServerEntry()
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((done) => {
    const child = spawn(process.execPath, [entry], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: ':memory:', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.once('exit', (code) => done({ code, stdout, stderr }))
  })
}

it('a production start without its secrets and address refuses ' +
  'before opening anything, in one JSON log line naming each', async () => {
  const { code, stdout, stderr } = await run({ CASH_ENV: 'production', WEBHOOK_SECRET: '', PUBLIC_ORIGIN: '' })
  expect(code).toBe(1)
  expect(stdout).toBe('')
  const lines = stderr.trim().split('\n')
  expect(lines, stderr).toHaveLength(1)
  const line = JSON.parse(lines[0]!) as { level: string; msg: string; reason: string; stack?: string }
  expect(line).toMatchObject({ level: 'error', msg: 'Cash server failed to start' })
  expect(line.reason).toMatch(
    new RegExp(
      /^Invalid configuration for production:\n {2}WEBHOOK_SECRET: .+/.source +
        /\n {2}PUBLIC_ORIGIN: set the https:\/\/ address.+\n {2}SMTP_URL: set the SMTP server/.source,
    ),
  )
  expect(line.stack, 'a refusal says what to do, not where in the code').toBeUndefined()
}, 120_000)

it('production serves a build made beforehand: without one it refuses and says to run the build', async () => {
  const { code, stderr } = await run({
    CASH_ENV: 'production',
    WEBHOOK_SECRET: 'a-real-secret-of-some-length',
    PUBLIC_ORIGIN: 'https://cash.example.com',
    ...PRODUCTION_MAIL,
    ...PRODUCTION_KEYS,
    DIST_DIR: 'no-such-build',
  })
  expect(code).toBe(1)
  const line = JSON.parse(stderr.trim()) as { msg: string; reason: string }
  expect(line.msg).toBe('Cash server failed to start')
  expect(line.reason).toBe(
    'Invalid configuration for production:\n  DIST_DIR: no built ' +
      'pages in no-such-build: run `npm run build` before starting',
  )
}, 120_000)

it('production with its settings serves the build it is given and seeds no demo data', async () => {
  // A build as `npm run build` leaves it, reduced to the shell page: `npm run serve` only serves what it finds.
  const dist = mkdtempSync(join(tmpdir(), 'cash-prod-dist-'))
  mkdirSync(join(dist, 'host'))
  writeFileSync(
    join(dist, 'host/index.html'),
    '<!doctype html><html><head><title>Cash</title></head><body><div id="root">release 2026.11</div></body></html>',
  )
  const port = await freePort()
  const server = new Server(
    {
      CASH_ENV: 'production',
      WEBHOOK_SECRET: 'a-real-secret-of-some-length',
      PUBLIC_ORIGIN: 'https://cash.example.com',
      ...PRODUCTION_MAIL,
      ...PRODUCTION_KEYS,
      DIST_DIR: dist,
      DATA_DIR: ':memory:',
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    port,
  )
  try {
    await server.start()
    const base = `http://127.0.0.1:${port}/app/cash`
    const page = await fetch(`${base}/home`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('release 2026.11')
    // No demo personas: the seeded password signs nobody in.
    const signIn = await fetch(`${base}/api/v1/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.cash', password: 'cash-demo-2026', client: 'native' }),
    })
    expect(signIn.status).toBe(401)
    expect((await fetch(`${base}/api/v1/health/ready`)).status).toBe(200)
  } finally {
    await server.stop()
    rmSync(dist, { recursive: true, force: true })
  }
}, 240_000)

it('a development install without WEBHOOK_SECRET makes a webhook key of ' +
  'its own, keeps it across restarts, and refuses the key in the source', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'cash-install-key-'))
  const port = await freePort()
  const env = {
    CASH_ENV: 'development',
    WEBHOOK_SECRET: '',
    DATA_DIR: join(folder, 'data'),
    DATABASE_URL: '',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    JOBS: 'off',
  }
  // A well-formed event with no data: a correct signature gets 400 for the data, a wrong one 401 before reading it.
  const body = JSON.stringify({
    id: 'evt_install_key',
    type: 'transfer.detected',
    created: new Date().toISOString(),
    data: {},
  })
  const post = (secret: string) =>
    fetch(`http://127.0.0.1:${port}/app/cash/api/v1/webhooks/chain`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'cash-signature': signWebhook(providerKey(secret, 'chain'), body, Math.floor(Date.now() / 1000)),
      },
      body,
    })
  const readKey = async () => {
    const db = await connectPglite(join(folder, 'data'))
    try {
      return (
        await db.kysely
          .selectFrom('install_secrets')
          .select('value')
          .where('name', '=', 'webhook')
          .executeTakeFirstOrThrow()
      ).value
    } finally {
      await db.close()
    }
  }
  try {
    let server = new Server(env, port)
    await server.start()
    expect((await post(SANDBOX_SECRET)).status).toBe(401)
    await server.stop()
    const key = await readKey()
    expect(key).toMatch(/^[0-9a-f]{64}$/)
    server = new Server(env, port)
    await server.start()
    expect((await post(key)).status).toBe(400)
    expect((await post(SANDBOX_SECRET)).status).toBe(401)
    await server.stop()
    expect(await readKey()).toBe(key)
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}, 240_000)
