/**
 * `npm run restore -- <backup file>`: puts a backup made by `npm run backup` into the database the environment names,
 * which must be new and empty (DATABASE_URL: a database with no tables; DATA_DIR: a folder that does not exist yet or
 * is empty; as DATABASE_OWNER_URL's role when set). Then start the server on it: migrations newer than the backup run
 * as on any start, and with DATABASE_OWNER_URL the application role is granted again (a backup carries no grants).
 */
import { resolve } from 'node:path'
import { loadConfig } from '../server/config'
import { restorePglite, restorePostgres } from '../server/ops/backup'

export async function restoreBackup(
  file: string,
  env: Record<string, string | undefined> = process.env,
): Promise<void> {
  const config = loadConfig(env)
  if (config.DATABASE_URL) {
    if (!file.endsWith('.dump')) throw new Error(`${file} is not a PostgreSQL backup (cash-postgres-….dump)`)
    // The tables are made by, and belong to, the owner role when there is one; its next migration run grants the
    // application's.
    return restorePostgres(file, config.DATABASE_OWNER_URL ?? config.DATABASE_URL)
  }
  if (!file.endsWith('.tar.gz')) throw new Error(`${file} is not a PGlite backup (cash-pglite-….tar.gz)`)
  return restorePglite(file, config.DATA_DIR)
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const file = process.argv[2]
  if (!file) {
    console.error('[cash] usage: npm run restore -- <backup file>')
    process.exit(2)
  }
  restoreBackup(resolve(file)).then(
    () => console.log(`[cash] restored ${file}`),
    (error: unknown) => {
      console.error(`[cash] restore failed: ${error instanceof Error ? error.message : String(error)}`)
      process.exit(1)
    },
  )
}
