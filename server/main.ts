import { randomUUID } from 'node:crypto'
import { createApp } from './app'
import { ConfigError, loadConfig } from './config'
import { connect } from './db/connect'
import { FolderLockedError } from './db/folder-lock'
import { migrate } from './db/migrate'
import { startStatisticsRefresh } from './db/refresh-statistics'
import { closeGracefully, listen } from './http/listen'
import type { Deps } from './http/route-table'
import { createLogger } from './log'
import { seedIfEmpty } from './seed'
import { startJobLoop } from './jobs/job-queue'
import { createPriceBook } from './borrow/price-book'
import { scheduleRecurringJobs } from './borrow/interest-service'
import { scheduleMembershipJobs } from './membership/membership-service'
import { scheduleVaultSnapshots } from './grow/earn-service'
import { POSITION_CHECK_SECONDS } from '../domain/borrow'

async function main() {
  let config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`)
      process.exit(1)
    }
    throw error
  }
  const log = createLogger(config.LOG_LEVEL)
  const db = await connect({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, onIdleError: (error) => log.warn('an idle PostgreSQL connection was closed by the server; the pool opens a new one', { error: error.message }) })
  const applied = await migrate(db)
  const priceBook = createPriceBook()
  await priceBook.load(db.kysely)
  const deps: Deps = { db, config, log, now: () => new Date(), newId: randomUUID, prices: () => priceBook.current(), priceBook }
  const seeded = await seedIfEmpty(deps)
  const { app, jobs } = createApp(deps)
  if (config.JOBS === 'on') await scheduleRecurringJobs(deps, POSITION_CHECK_SECONDS)
  if (config.JOBS === 'on') await scheduleMembershipJobs(deps)
  if (config.JOBS === 'on') await scheduleVaultSnapshots(deps)
  const stopStatistics = startStatisticsRefresh(db, log)
  const stopJobs = config.JOBS === 'on' ? startJobLoop(deps, jobs) : async () => undefined
  const server = listen({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
    log.info('listening', { url: `http://localhost:${info.port}/app/cash`, database: db.driver, migrationsApplied: applied, seeded })
  })

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
      await stopStatistics()
      await db.close()
      log.info('stopped')
      process.exit(0)
    })
  }
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))
}

main().catch((error) => {
  // An expected refusal is one line for the operator; anything else keeps its stack.
  const detail = error instanceof FolderLockedError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)
  process.stderr.write(`Cash server failed to start: ${detail}\n`)
  process.exit(1)
})
