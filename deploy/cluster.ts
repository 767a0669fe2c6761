/**
 * N Cash servers on one PostgreSQL database behind HAProxy (Debian's package), as production runs them:
 * migrations once, the servers started together (seeding, where allowed, runs once under its lock), the
 * balancer in front sending traffic only to servers whose readiness check passes. `deploy/cluster.sh` runs it
 * in the foreground (Ctrl-C stops everything); scripts/cluster-test.ts is the scale test built on it.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { connect } from '../server/db/connect'
import { migrateAsOwner } from '../server/db/application-role'
import { freePort } from '../server/testing/free-port'
import { Server } from '../scripts/cash-process'

const READY = '/app/cash/api/v1/health/ready'

/**
 * The balancer's configuration: round robin over `servers`, each health-checked on readiness every 300 ms (down
 * after 2 failures, up after 1 success). A request that could not be sent to a server (connection refused or
 * reset before sending) goes to another; one already sent is never resent by the balancer, since it may move
 * money: clients retry those with their Idempotency-Key. `extra` frontends get backends of their own (the scale
 * test's one-server baseline). `option forwardfor` passes the client's address on; the servers believe it from
 * the balancer's address only (TRUSTED_PROXIES), so rate limits count each client, not the balancer.
 */
export function haproxyConfig(options: {
  port: number
  servers: number[]
  extra?: { name: string; port: number; servers: number[] }[]
}): string {
  const backend = (name: string, servers: number[]) => [
    `backend ${name}`,
    '  balance roundrobin',
    `  option httpchk GET ${READY}`,
    '  http-check expect status 200',
    '  default-server inter 300ms fall 2 rise 1',
    ...servers.map((port, i) => `  server s${i + 1} 127.0.0.1:${port} check`),
  ]
  const frontend = (name: string, port: number) => [
    `frontend ${name}`,
    `  bind 127.0.0.1:${port}`,
    `  default_backend ${name}_servers`,
  ]
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  retries 3',
    '  option redispatch',
    '  retry-on conn-failure',
    // The client's address for the servers' rate limits (they trust it from the balancer alone: TRUSTED_PROXIES).
    '  option forwardfor',
    ...frontend('cash', options.port),
    ...backend('cash_servers', options.servers),
    ...(options.extra ?? []).flatMap((e) => [...frontend(e.name, e.port), ...backend(`${e.name}_servers`, e.servers)]),
    '',
  ].join('\n')
}

/** HAProxy's binary; scripts/ensure-haproxy.sh installs Debian's package when it is missing (npm test runs it). */
export function ensureHaproxy(): string {
  const find = () =>
    ['/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy'].find((path) => existsSync(path))
  const found = find()
  if (found) return found
  execFileSync('bash', [resolve(import.meta.dirname, '../scripts/ensure-haproxy.sh')], { stdio: 'inherit' })
  const installed = find()
  if (!installed) throw new Error('HAProxy is not installed: apt-get install haproxy (Debian)')
  return installed
}

export type Cluster = {
  /** The balancer's base URL, and the extra frontends' by name. */
  url: string
  urls: Record<string, string>
  servers: Server[]
  ports: number[]
  /** Milliseconds from starting the servers together until every one answered. */
  startMs: number
  stop(): Promise<void>
}

/**
 * Starts `instances` servers together on `databaseUrl` (migrated once first) and HAProxy in front. With `ownerUrl`
 * the migrations run as the owner role, which grants `databaseUrl`'s role; the servers get only `databaseUrl`.
 */
export async function startCluster(options: {
  instances: number
  databaseUrl: string
  ownerUrl?: string | undefined
  env?: Record<string, string>
  extra?: { name: string; servers: number }[]
  log?: (line: string) => void
}): Promise<Cluster> {
  const log = options.log ?? (() => undefined)
  const haproxy = ensureHaproxy()
  const db = await connect({ databaseUrl: options.databaseUrl, dataDir: '' })
  try {
    const applied = await migrateAsOwner(db, options.ownerUrl)
    log(`[cluster] migrations applied once: ${applied.length}`)
  } finally {
    await db.close()
  }
  const ports = await Promise.all(Array.from({ length: options.instances }, freePort))
  // The servers never hold the owner's credentials: they find the schema up to date and only read it.
  const servers = ports.map(
    (port) =>
      new Server(
        {
          HOST: '127.0.0.1',
          LOG_LEVEL: 'warn',
          TRUSTED_PROXIES: '127.0.0.1',
          ...options.env,
          PORT: String(port),
          DATABASE_URL: options.databaseUrl,
          DATABASE_OWNER_URL: '',
        },
        port,
      ),
  )
  const temp = mkdtempSync(join(tmpdir(), 'cash-cluster-'))
  let balancer: ChildProcess | null = null
  const stop = async () => {
    balancer?.kill('SIGTERM')
    await Promise.all(servers.map((server) => server.stop()))
    rmSync(temp, { recursive: true, force: true })
  }
  try {
    const started = performance.now()
    await Promise.all(servers.map((server) => server.start()))
    const startMs = performance.now() - started
    log(
      `[cluster] ${options.instances} servers started together ` +
        `in ${Math.round(startMs)} ms on ports ${ports.join(', ')}`,
    )
    const port = await freePort()
    const extra = await Promise.all(
      (options.extra ?? []).map(async (e) => ({
        name: e.name,
        port: await freePort(),
        servers: ports.slice(0, e.servers),
      })),
    )
    const config = join(temp, 'haproxy.cfg')
    writeFileSync(config, haproxyConfig({ port, servers: ports, extra }))
    let output = ''
    balancer = spawn(haproxy, ['-f', config, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] })
    balancer.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    balancer.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const urls = Object.fromEntries([
      ['cash', `http://127.0.0.1:${port}`],
      ...extra.map((e) => [e.name, `http://127.0.0.1:${e.port}`]),
    ]) as Record<string, string>
    for (const url of Object.values(urls)) {
      const deadline = Date.now() + 60_000
      for (;;) {
        if (balancer.exitCode !== null) throw new Error(`HAProxy exited (${balancer.exitCode}):\n${output}`)
        const res = await fetch(`${url}${READY}`).catch(() => null)
        if (res?.ok) break
        if (Date.now() > deadline) throw new Error(`HAProxy at ${url} sent no request through within 60 s:\n${output}`)
        await new Promise((done) => setTimeout(done, 100))
      }
    }
    log(`[cluster] HAProxy on ${urls.cash}, checking each server's readiness every 300 ms`)
    return { url: urls.cash!, urls, servers, ports, startMs, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

/** `deploy/cluster.sh [instances]`: the cluster in the foreground until Ctrl-C. */
async function main() {
  const instances = Number(process.argv[2] ?? 3)
  const databaseUrl = process.env.DATABASE_URL
  if (!databaseUrl)
    throw new Error('DATABASE_URL names the PostgreSQL database (deploy/cluster.sh finds or starts a server)')
  const cluster = await startCluster({
    instances,
    databaseUrl,
    ownerUrl: process.env.DATABASE_OWNER_URL || undefined,
    env: { CASH_ENV: process.env.CASH_ENV ?? 'development' },
    log: (line) => console.log(line),
  })
  console.log(`[cluster] open ${cluster.url}/app/cash — Ctrl-C stops the balancer and every server`)
  const stop = () => void cluster.stop().then(() => process.exit(0))
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    console.error(`[cluster] ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  })
}
