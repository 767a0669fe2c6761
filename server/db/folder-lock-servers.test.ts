import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest'
import { ACCOUNT_IDS, DEMO_PASSWORD } from '../../fixtures/personas'
import { buildSnapshot } from '../testing/test-database'
import { connectPglite } from './connect'
import { folderHolder } from './folder-lock'
import { freePort } from '../testing/free-port'
import { ownServerEntry } from '../../scripts/build-server'

// Real servers (`node --import tsx server/main.ts`) on one PGlite folder. Starting one takes 5–50 s on a loaded
// 2-core machine (tsx, PGlite, and on a fresh folder initdb and migrations), so each test waits for health checks
// and exits under a long limit: a hang fails it, a slow machine does not.
const ROOT = resolve(import.meta.dirname, '../..')
const API = '/app/cash/api/v1'
const START_LIMIT_MS = 240_000
const TEST_LIMIT_MS = 600_000

const temp = mkdtempSync(join(tmpdir(), 'cash-folder-lock-servers-'))
const started: CashProcess[] = []
afterEach(async () => {
  await Promise.all(started.splice(0).map((server) => server.kill()))
})
afterAll(() => rmSync(temp, { recursive: true, force: true }))

type CashProcess = {
  pid: number
  base: string
  output(): string
  /** Up once its health check answers; otherwise the exit code it stopped with first. */
  outcome(): Promise<'up' | { exitCode: number | null }>
  /** SIGTERM: finish, close the database, exit. Resolves to the exit code. */
  stop(): Promise<number | null>
  /** SIGKILL: no cleanup runs. */
  kill(): Promise<void>
}

async function startServer(dataDir: string, env: Record<string, string> = {}): Promise<CashProcess> {
  const port = await freePort()
  const child: ChildProcess = spawn(process.execPath, [await ownServerEntry()], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      CASH_ENV: 'test',
      LOG_LEVEL: 'warn',
      JOBS: 'off',
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)))
  let exitCode: number | null | undefined
  void exited.then((code) => (exitCode = code))
  const base = `http://127.0.0.1:${port}${API}`
  const server: CashProcess = {
    pid: child.pid!,
    base,
    output: () => output,
    async outcome() {
      const deadline = Date.now() + START_LIMIT_MS
      while (Date.now() < deadline) {
        if (exitCode !== undefined) return { exitCode }
        const health = await fetch(`${base}/health`, { signal: AbortSignal.timeout(5_000) }).catch(() => null)
        if (health?.ok) return 'up'
        await Promise.race([exited, new Promise((done) => setTimeout(done, 200))])
      }
      throw new Error(
        `The server on ${dataDir} neither answered nor exited within ${START_LIMIT_MS / 1000} s:\n${output}`,
      )
    },
    async stop() {
      if (exitCode === undefined) child.kill('SIGTERM')
      return exited
    },
    async kill() {
      if (exitCode === undefined) child.kill('SIGKILL')
      await exited
    },
  }
  started.push(server)
  return server
}

/** A folder holding the run's migrated, seeded snapshot (the demo personas), as a server left it. */
async function seededFolder(name: string): Promise<string> {
  const dataDir = join(temp, name)
  const snapshot = inject('cashSnapshot')
  if ('pgliteFile' in snapshot) {
    const client = new PGlite({ dataDir, loadDataDir: new Blob([readFileSync(snapshot.pgliteFile)]) })
    await client.waitReady
    await client.close()
  } else {
    const db = await connectPglite(dataDir)
    await buildSnapshot(db)
    await db.close()
  }
  return dataDir
}

async function call<T>(
  server: CashProcess,
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
  key?: string,
) {
  const res = await fetch(`${server.base}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(key ? { 'idempotency-key': key } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return { status: res.status, body: (await res.json()) as T }
}

const signIn = async (server: CashProcess, email: string) =>
  (
    await call<{ token: string }>(server, 'POST', '/auth/sign-in', null, {
      email,
      password: DEMO_PASSWORD,
      client: 'native',
    })
  ).body.token

const usdcBalance = async (server: CashProcess, token: string) => {
  const { body } = await call<{ balances: { asset: string; balance: string }[] }>(
    server,
    'GET',
    `/accounts/${ACCOUNT_IDS.personal}/balances`,
    token,
  )
  return body.balances.find((line) => line.asset === 'USDC')?.balance
}

const refusal = (dataDir: string, pid: number) =>
  `The database folder ${dataDir} is in use by another Cash server (pid ${pid}).`

/** Every line the server wrote is a JSON log line; the refused start is one of them, with its reason and no stack. */
function startFailure(output: string): { reason: string; stack?: string } {
  const lines = output
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      try {
        return JSON.parse(line) as { msg: string; reason: string; stack?: string }
      } catch {
        throw new Error(`a log line that is not JSON: ${line}`)
      }
    })
  const failure = lines.find((line) => line.msg === 'Cash server failed to start')
  if (!failure) throw new Error(`no start failure in:\n${output}`)
  return failure
}

describe('one server per PGlite folder', () => {
  it(
    'refuses a second server on a folder a live server holds, and no acknowledged deposit is lost',
    async () => {
      const dataDir = await seededFolder('held')
      const first = await startServer(dataDir)
      expect(await first.outcome(), first.output()).toBe('up')
      const admin = await signIn(first, 'admin@demo.cash')
      const deposit = await call<{ balance: string }>(
        first,
        'POST',
        '/sandbox/deposits',
        admin,
        { accountId: ACCOUNT_IDS.personal, asset: 'USDC', amount: '500' },
        'folder-lock-deposit-1',
      )
      expect(deposit.status).toBe(201)

      const second = await startServer(dataDir)
      expect(await second.outcome(), second.output()).toEqual({ exitCode: 1 })
      const failure = startFailure(second.output())
      expect(failure.reason).toContain(refusal(dataDir, first.pid))
      expect(failure.stack, 'what to do, no stack trace').toBeUndefined()
      expect((await fetch(`${first.base}/health`)).ok, 'the first server still serves').toBe(true)

      expect(await first.stop()).toBe(0)
      const restarted = await startServer(dataDir)
      expect(await restarted.outcome(), restarted.output()).toBe('up')
      const holder = await signIn(restarted, 'personal@demo.cash')
      expect(await usdcBalance(restarted, holder)).toBe(deposit.body.balance)
      const check = await call<{ ok: boolean; problems: unknown[] }>(
        restarted,
        'GET',
        '/admin/ledger/check',
        await signIn(restarted, 'admin@demo.cash'),
      )
      expect(check.body).toMatchObject({ ok: true, problems: [] })
      expect(await restarted.stop()).toBe(0)
    },
    TEST_LIMIT_MS,
  )

  it(
    'starts on a folder whose server was killed (SIGKILL), taking over the lock it left, and frees it on a clean stop',
    async () => {
      const dataDir = await seededFolder('killed')
      const killed = await startServer(dataDir)
      expect(await killed.outcome(), killed.output()).toBe('up')
      await killed.kill()
      expect(folderHolder(dataDir)?.pid, 'the killed server left its lock behind').toBe(killed.pid)

      const next = await startServer(dataDir)
      expect(await next.outcome(), next.output()).toBe('up')
      expect(folderHolder(dataDir)?.pid).toBe(next.pid)
      expect(await next.stop()).toBe(0)
      expect(folderHolder(dataDir), 'released on a clean stop').toBeNull()
    },
    TEST_LIMIT_MS,
  )

  it(
    'lets exactly one of two servers racing to start on a fresh folder win',
    async () => {
      const dataDir = join(temp, 'fresh')
      const racers = await Promise.all([
        startServer(dataDir, { SEED: 'never' }),
        startServer(dataDir, { SEED: 'never' }),
      ])
      const outcomes = await Promise.all(racers.map((server) => server.outcome()))
      const winners = racers.filter((_, i) => outcomes[i] === 'up')
      expect(winners, racers.map((server) => server.output()).join('\n')).toHaveLength(1)
      const winner = winners[0]!
      const loser = racers.find((server) => server !== winner)!
      expect(outcomes[racers.indexOf(loser)]).toEqual({ exitCode: 1 })
      expect(startFailure(loser.output()).reason).toContain(refusal(dataDir, winner.pid))
      expect(await winner.stop()).toBe(0)
    },
    TEST_LIMIT_MS,
  )
})
