import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { ownServerEntry } from '../../scripts/build-server'

/** The environment every browser-test server runs with (plus its own PORT). */
export const SERVER_ENV = {
  HOST: '127.0.0.1',
  DATA_DIR: ':memory:',
  CASH_ENV: 'test',
  LOG_LEVEL: 'warn',
  AUTH_RATE_LIMIT: '1000',
  // scrypt at N=1024 (server/auth/password.ts): the walks sign up, sign in and confirm hundreds of times.
  PASSWORD_COST: 'test',
  // Long enough that no delay passes by itself on a slow machine: the specs move the clock (POST /sandbox/clock).
  WITHDRAWAL_DELAY_SECONDS: '60',
  CONVERT_QUOTE_TTL_SECONDS: '30',
  EARN_SETTLEMENT_SECONDS: '120',
}

/**
 * The port a worker's server listens on: E2E_PORT + the worker's index when E2E_PORT is set, else a port the
 * system has free, so two test runs on one machine (two clones, say) never meet on a port.
 */
export async function workerPort(parallelIndex: number): Promise<number> {
  if (process.env.E2E_PORT) return Number(process.env.E2E_PORT) + parallelIndex
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}
const HEALTH = '/app/cash/api/v1/health'
const BOOT_TIMEOUT_MS = 120_000

export type CashServer = {
  baseURL: string
  /** How far the server's clock is ahead of the machine's (moved by POST /sandbox/clock). */
  offsetMs: number
  stop(): Promise<void>
}

const answers = async (url: string) => {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok
  } catch {
    return false
  }
}

/**
 * Starts the server as production does (`node main.mjs` of a bundle of the current sources) on `port` with a fresh
 * seeded in-memory database and waits until its health check answers. Refuses to start on a port something already
 * answers on (a server left behind).
 */
export async function startCashServer(port: number): Promise<CashServer> {
  const baseURL = `http://127.0.0.1:${port}`
  if (await answers(`${baseURL}${HEALTH}`))
    throw new Error(`Port ${port} already serves Cash (a server left from another run?). Stop it, or set E2E_PORT.`)
  const child: ChildProcess = spawn(process.execPath, [await ownServerEntry()], {
    env: { ...process.env, ...SERVER_ENV, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'pipe'],
  })
  let stderr = ''
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4_000)
    process.stderr.write(chunk)
  })
  const kill = () => child.kill('SIGKILL')
  process.once('exit', kill)
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  let gone = false
  void exited.then(() => (gone = true))

  const started = Date.now()
  while (!(await answers(`${baseURL}${HEALTH}`))) {
    if (gone) throw new Error(`The Cash server on port ${port} exited before it answered:\n${stderr}`)
    if (Date.now() - started > BOOT_TIMEOUT_MS) {
      kill()
      throw new Error(
        `The Cash server on port ${port} did not answer ${HEALTH} within ${BOOT_TIMEOUT_MS / 1000} s:\n${stderr}`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }

  return {
    baseURL,
    offsetMs: 0,
    async stop() {
      process.off('exit', kill)
      if (gone) return
      child.kill('SIGTERM')
      const timer = setTimeout(kill, 10_000)
      await exited
      clearTimeout(timer)
    },
  }
}
