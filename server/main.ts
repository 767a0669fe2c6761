import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Hono } from 'hono'
import type { PageSource } from './http/static-pages'
import { createApp } from './app'
import { ConfigError, loadConfig } from './config'
import { connect } from './db/connect'
import { FolderLockedError } from './db/folder-lock'
import { migrateAsOwner, warnAboutRolePowers } from './db/application-role'
import { startStatisticsRefresh } from './db/refresh-statistics'
import { closeGracefully, listen } from './http/listen'
import type { Deps } from './http/route-table'
import { createLogger } from './log'
import { seedIfEmpty } from './seed'
import { withInstallSecret } from './webhooks/install-secret'
import { dataKeys, withDataKeys } from './security/data-keys'
import { sealStoredPii } from './security/seal-stored-pii'
import { backupPglite } from './ops/backup'
import { startJobLoop } from './jobs/job-queue'
import { createPriceBook, PRICE_REFRESH_MS } from './prices/price-book'
import { scheduleRecurringJobs } from './borrow/interest-service'
import { scheduleMembershipJobs } from './membership/membership-service'
import { scheduleVaultSnapshots } from './grow/earn-service'
import { POSITION_CHECK_SECONDS } from '../domain/borrow'

/** Before the configuration is read, and for a failed start: JSON lines on stderr like every other log line. */
const startLog = createLogger('info', (line) => process.stderr.write(line))

/** What `npm run dev` (server/dev.ts) adds to a server: its page source and what runs before every route. */
export type ServerExtras = {
  pages?: PageSource
  before?: (app: Hono) => void
  onListening?: (server: ReturnType<typeof listen>) => void
}

export async function runServer(extras: ServerExtras = {}) {
  const config = loadConfig()
  // Production serves a build made beforehand (`npm run build`, then `npm run serve`); it never builds.
  if (config.CASH_ENV === 'production' && !existsSync(join(config.DIST_DIR, 'host/index.html'))) {
    throw new ConfigError(
      `Invalid configuration for production:\n  DIST_DIR: no built pages ` +
        `in ${config.DIST_DIR}: run \`npm run build\` before starting`,
    )
  }
  const log = createLogger(config.LOG_LEVEL)
  // DATA_KEYS, or outside production the install's own key, kept outside the database (security/data-keys.ts).
  const keyed = withDataKeys(config, log)
  // Whatever escapes a handler ends the process, as Node would, but as one JSON line an operator's tools can read.
  const crash = (kind: string) => (error: unknown) => {
    log.error('Cash server crashed', {
      kind,
      reason: error instanceof Error ? error.message : String(error),
      stack: error instanceof Error ? error.stack : undefined,
    })
    process.exit(1)
  }
  process.on('uncaughtException', crash('uncaught exception'))
  process.on('unhandledRejection', crash('unhandled rejection'))
  const db = await connect({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    onIdleError: (error) =>
      log.warn('an idle PostgreSQL connection was closed by the server; the pool opens a new one', {
        error: error.message,
      }),
  })
  // As the owner role when DATABASE_OWNER_URL is set; the server itself works as DATABASE_URL's role
  // (docs/operations.md).
  const applied = await migrateAsOwner(db, config.DATABASE_OWNER_URL)
  if (config.CASH_ENV === 'production' && db.driver === 'postgres') await warnAboutRolePowers(db, log)
  const priceBook = createPriceBook()
  await priceBook.load(db.kysely)
  // A price an admin set through another server process reaches this one within PRICE_REFRESH_MS.
  const stopPrices = priceBook.follow(db.kysely, PRICE_REFRESH_MS, (error) =>
    log.warn('prices not read again', { error: String(error) }),
  )
  // A development install without WEBHOOK_SECRET signs with a key of its own, kept in its database.
  const settings = await withInstallSecret(keyed, process.env, db, log)
  // Before any traffic: values stored before sealing began, or under an older key, sealed under the current one.
  await sealStoredPii(db, dataKeys(settings), log)
  const deps: Deps = {
    db,
    config: settings,
    log,
    now: () => new Date(),
    newId: randomUUID,
    prices: () => priceBook.current(),
    priceBook,
  }
  const seeded = await seedIfEmpty(deps)
  const { app, jobs } = createApp(deps, { pages: extras.pages, before: extras.before })
  if (config.JOBS === 'on') await scheduleRecurringJobs(deps, POSITION_CHECK_SECONDS)
  if (config.JOBS === 'on') await scheduleMembershipJobs(deps)
  if (config.JOBS === 'on') await scheduleVaultSnapshots(deps)
  const stopStatistics = startStatisticsRefresh(db, log)
  const stopJobs = config.JOBS === 'on' ? startJobLoop(deps, jobs) : async () => undefined
  const server = listen({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
    log.info('listening', {
      url: `http://localhost:${info.port}/app/cash`,
      database: db.driver,
      migrationsApplied: applied,
      seeded,
    })
  })

  extras.onListening?.(server)
  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    log.info('shutting down', { signal })
    // Stop accepting, let requests in flight finish, then close the database.
    const force = setTimeout(() => process.exit(1), 10_000)
    force.unref()
    closeGracefully(server, async () => {
      await stopJobs()
      stopPrices()
      await stopStatistics()
      await db.close()
      log.info('stopped')
      process.exit(0)
    })
  }
  // A backup of the PGlite folder, taken by the one process that owns it (`npm run backup` sends the signal).
  if (db.dump) {
    let backingUp = false
    process.on('SIGUSR2', () => {
      if (backingUp || stopping) return
      backingUp = true
      const started = performance.now()
      backupPglite(db, config.BACKUP_DIR)
        .then((file) => log.info('backup written', { file, ms: Math.round(performance.now() - started) }))
        .catch((error: unknown) =>
          log.error('backup failed', { error: error instanceof Error ? error.message : String(error) }),
        )
        .finally(() => (backingUp = false))
    })
  }
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))
}

const isEntry = process.argv[1] !== undefined && resolve(process.argv[1]) === resolve(import.meta.filename)
if (isEntry) runServer().catch(failedToStart)

/** A failed start as one JSON line on stderr, and exit 1. */
export function failedToStart(error: unknown): never {
  // An expected refusal (settings, a held folder) says what to do; anything else keeps its stack.
  const expected = error instanceof FolderLockedError || error instanceof ConfigError
  startLog.error('Cash server failed to start', {
    reason: error instanceof Error ? error.message : String(error),
    ...(!expected && error instanceof Error ? { stack: error.stack } : {}),
  })
  process.exit(1)
}
