import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { connectPglite, type Db } from '../db/connect'
import { lockFolder } from '../db/folder-lock'
import { flushFolder, onDisk, renameFlushed } from '../db/flushed-files'
import { pgliteParsers } from '../db/pglite-parsers'

/**
 * Backups and restores, for both databases (docs/operations.md, "Backups"):
 * - PGlite: the data folder as a gzipped tarball taken by the process that owns the folder, between two
 *   transactions (a running server writes one when it gets SIGUSR2; `npm run backup` sends it, or opens the
 *   folder itself when no server holds it). Restored into a new, empty folder.
 * - PostgreSQL: `pg_dump --format=custom`, a consistent snapshot while the servers keep running; restored with
 *   `pg_restore` into a new, empty database.
 */

const run = promisify(execFile)

/** A backup file's name: the database kind and the moment, sortable. */
export const backupName = (kind: 'pglite' | 'postgres', at: Date) =>
  `cash-${kind}-${at.toISOString().replaceAll(':', '-')}.${kind === 'pglite' ? 'tar.gz' : 'dump'}`

/**
 * Writes `bytes` to `file` whole or not at all, on the disk before it carries the final name: a half-written backup,
 * or one a power cut just after it could leave short, never has the final name.
 */
export function writeWhole(file: string, bytes: Uint8Array, flush?: (fd: number) => void) {
  const partial = `${file}.partial`
  writeFileSync(partial, bytes)
  renameFlushed(partial, file, flush)
}

/** Backs up an open PGlite database into `dir`; the file written. */
export async function backupPglite(db: Db, dir: string, at = new Date()): Promise<string> {
  if (!db.dump) throw new Error('backupPglite needs a PGlite database')
  mkdirSync(dir, { recursive: true })
  const file = join(dir, backupName('pglite', at))
  writeWhole(file, await db.dump())
  return file
}

/** Backs up the PGlite folder no server holds: opens it (taking its lock), dumps, closes. */
export async function backupIdlePglite(dataDir: string, dir: string): Promise<string> {
  const db = await connectPglite(dataDir)
  try {
    return await backupPglite(db, dir)
  } finally {
    await db.close()
  }
}

/** The newest backup in `dir` written after `since` (ms since epoch), or null. */
export function newestBackupSince(dir: string, since: number): string | null {
  if (!existsSync(dir)) return null
  const found = readdirSync(dir)
    .filter((name) => name.startsWith('cash-pglite-') && name.endsWith('.tar.gz'))
    .map((name) => join(dir, name))
    .filter((file) => statSync(file).mtimeMs >= since)
    .sort()
  return found.at(-1) ?? null
}

/** Restores a PGlite backup into `dataDir`, which must not exist yet or be empty (a restore never overwrites). */
export async function restorePglite(file: string, dataDir: string): Promise<void> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0)
    throw new Error(`${dataDir} is not empty: restore into a new folder, then point DATA_DIR at it`)
  mkdirSync(dataDir, { recursive: true })
  const lock = lockFolder(dataDir)
  try {
    const client = new PGlite(
      onDisk(dataDir, {
        loadDataDir: new Blob([readFileSync(file)], { type: 'application/x-gzip' }),
        parsers: pgliteParsers,
      }),
    )
    await client.waitReady
    await client.query('select 1')
    await client.close()
    flushFolder(dataDir) // the restored files were written without fsync
  } finally {
    lock.release()
  }
}

/** A PostgreSQL client program: on PATH, or in Debian's versioned folders (newest first). */
export function postgresTool(name: 'pg_dump' | 'pg_restore'): string {
  for (const dir of (process.env.PATH ?? '').split(':')) if (dir && existsSync(join(dir, name))) return join(dir, name)
  const versions = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a))
    : []
  for (const version of versions) {
    const tool = join('/usr/lib/postgresql', version, 'bin', name)
    if (existsSync(tool)) return tool
  }
  throw new Error(
    `${name} is not installed: install PostgreSQL's client programs (Debian: apt-get install postgresql-client)`,
  )
}

/**
 * `pg_dump --format=custom` of the database at `url` into `dir`; the file written. Without owners or grants: a
 * restore belongs to whoever restores it (the owner role), and the migration run after it grants the application
 * role, whatever its name on the new server.
 */
export async function backupPostgres(url: string, dir: string, at = new Date()): Promise<string> {
  mkdirSync(dir, { recursive: true })
  const file = join(dir, backupName('postgres', at))
  await run(postgresTool('pg_dump'), [
    '--format=custom',
    '--no-owner',
    '--no-privileges',
    `--file=${file}.partial`,
    `--dbname=${url}`,
  ])
  renameFlushed(`${file}.partial`, file)
  return file
}

/**
 * `pg_restore` of `file` into the database at `url`, which must exist and hold no tables yet; grants in older backups
 * are skipped.
 */
export async function restorePostgres(file: string, url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ n: string }>(
      "SELECT count(*) AS n FROM pg_tables WHERE schemaname = 'public'",
    )
    if (Number(rows[0]!.n) > 0)
      throw new Error('the target database is not empty: restore into a new database, then point DATABASE_URL at it')
  } finally {
    await client.end()
  }
  await run(postgresTool('pg_restore'), ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${url}`, file])
}
