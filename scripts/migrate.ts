/**
 * `npm run migrate`: applies the migrations to the database the environment names and, with DATABASE_OWNER_URL,
 * grants DATABASE_URL's role what the application needs (server/db/application-role.ts); prints what it applied.
 * A release step run with the owner's credentials, so the servers can start with DATABASE_URL alone and never hold
 * them (docs/operations.md, "Database roles"). A server start does the same when it is given DATABASE_OWNER_URL.
 */
import { resolve } from 'node:path'
import { loadConfig } from '../server/config'
import { migrateAsOwner } from '../server/db/application-role'
import { connect } from '../server/db/connect'

export async function runMigrations(env: Record<string, string | undefined> = process.env): Promise<string[]> {
  const config = loadConfig(env)
  const db = await connect({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR })
  try {
    return await migrateAsOwner(db, config.DATABASE_OWNER_URL)
  } finally {
    await db.close()
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  runMigrations().then(
    (applied) => console.log(`[cash] migrations applied: ${applied.length ? applied.join(', ') : 'none (up to date)'}`),
    (error: unknown) => {
      console.error(`[cash] migrate failed: ${error instanceof Error ? error.message : String(error)}`)
      process.exit(1)
    },
  )
}
