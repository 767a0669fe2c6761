/**
 * `npm run backup`: a backup of the database the environment names (the same DATABASE_URL / DATA_DIR /
 * BACKUP_DIR the server reads), into BACKUP_DIR; prints the file. Run it from the folder the server runs in.
 * - PostgreSQL: `pg_dump --format=custom` while the servers keep running, as DATABASE_OWNER_URL's role when set.
 * - PGlite: the server that owns the folder writes it (SIGUSR2: one process per folder, between two
 *   transactions); with no server running, the folder is opened and dumped here.
 * `npm run restore -- <file>` puts one back into a new, empty database or folder (docs/operations.md, "Backups").
 */
import { resolve } from 'node:path'
import { loadConfig } from '../server/config'
import { folderHolder, isRunning } from '../server/db/folder-lock'
import { backupIdlePglite, backupPostgres, newestBackupSince } from '../server/ops/backup'

/** How long a running server may take to write its backup before the command gives up. */
const WAIT_MS = 10 * 60_000

export async function takeBackup(env: Record<string, string | undefined> = process.env): Promise<string> {
  const config = loadConfig(env)
  const dir = resolve(config.BACKUP_DIR)
  // As the owner when there is one: it reads every table, whatever the application role was granted.
  if (config.DATABASE_URL) return backupPostgres(config.DATABASE_OWNER_URL ?? config.DATABASE_URL, dir)
  const holder = folderHolder(config.DATA_DIR)
  if (!holder || !isRunning(holder)) return backupIdlePglite(config.DATA_DIR, dir)
  const since = Date.now() - 1000
  process.kill(holder.pid, 'SIGUSR2')
  const deadline = Date.now() + WAIT_MS
  while (Date.now() < deadline) {
    const file = newestBackupSince(dir, since)
    if (file) return file
    if (!isRunning(holder)) throw new Error(`the server (pid ${holder.pid}) stopped before writing the backup`)
    await new Promise((done) => setTimeout(done, 100))
  }
  throw new Error(
    `the server (pid ${holder.pid}) wrote no backup into ${dir} within ${WAIT_MS / 60_000} minutes: ` +
      `see its log ("backup failed"), and that it runs from this folder with the same BACKUP_DIR`,
  )
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  takeBackup().then(
    (file) => console.log(file),
    (error: unknown) => {
      console.error(`[cash] backup failed: ${error instanceof Error ? error.message : String(error)}`)
      process.exit(1)
    },
  )
}
