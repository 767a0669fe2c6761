/**
 * A new PGlite database starts as a copy of a freshly created one instead of running initdb. PGlite's initdb runs
 * PostgreSQL's bootstrap in WebAssembly: about 3.5 s of CPU (2.2 s on the clock) on the 2-core machine, where loading
 * the same folder from a tarball (PGlite's `loadDataDir`, what its own `clone` does) takes 0.7 s. Every in-memory
 * server (QA, the browser tests, the bench) and every new folder paid it at each start, the test run some fifty
 * times.
 *
 * The copy is the folder exactly as PGlite's initdb leaves it, before any statement of ours: taken (`keepTemplate`)
 * the first time a database had to be created here in memory (never from a folder on disk: `PREFIX`), and kept under
 * node_modules/.cache, keyed by PGlite's version (a new PGlite makes a new one). Its name carries its SHA-256,
 * checked on every read: a file that is cut short or altered is removed and initdb runs. Where the folder cannot be
 * written (a read-only install), every start runs initdb, as before.
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { PGlite, type PGliteOptions } from '@electric-sql/pglite'
import { holdsDatabase } from './flushed-files'
import { migrationsDigest } from './migration-files'

/** PGlite's package folder (its package.json is not among its exports): up from its entry. */
function pgliteFolder(): string {
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'))
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir)
  return dir
}
const PGLITE = pgliteFolder()
const PGLITE_VERSION = (JSON.parse(readFileSync(join(PGLITE, 'package.json'), 'utf8')) as { version: string }).version
/** node_modules/.cache/cash-pglite, beside the PGlite that made the copy. */
export const TEMPLATE_DIR = join(PGLITE, '..', '..', '.cache', 'cash-pglite')
/**
 * `memory-`: copies taken only from databases in memory. A folder on disk holds files of ours beside PostgreSQL's (the
 * server's lock, naming its process; the install's data key, `data-key`), and a copy of one carried them into every
 * later folder: the lock named another process, and every install would have had the same data key. Copies named
 * otherwise (made before this rule) are never read.
 */
const PREFIX = `memory-initdb-${PGLITE_VERSION}-`
const SUFFIX = '.tar.gz'
/**
 * A copy of a database migrated from nothing, by these migrations (their digest: a migration added or changed makes
 * a new one), taken in memory before anything else was written (migrate.ts `keepMigrated`, only when every table but
 * schema_migrations is empty: the copy holds the schema, nothing of any install). Migrating a new database is about
 * 2 s of CPU here, at every start of a server on a new database.
 */
const MIGRATED = `memory-migrated-${PGLITE_VERSION}-`
const migratedPrefix = () => `${MIGRATED}${migrationsDigest()}-`

const digest = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/**
 * The kept copy of a new database for this PGlite (`prefix`: of a migrated one), when there is one whose bytes match
 * its name.
 */
export function freshClusterTemplate(dir = TEMPLATE_DIR, prefix = PREFIX): Blob | undefined {
  let names: string[]
  try {
    names = readdirSync(dir).filter((n) => n.startsWith(prefix) && n.endsWith(SUFFIX))
  } catch {
    return undefined // none kept yet
  }
  for (const name of names) {
    const file = join(dir, name)
    try {
      const bytes = readFileSync(file)
      if (digest(bytes) === name.slice(prefix.length, -SUFFIX.length))
        return new Blob([bytes], { type: 'application/x-gzip' })
      rmSync(file, { force: true })
    } catch {
      // Removed by another process meanwhile, or unreadable: the next one, or initdb.
    }
  }
  return undefined
}

/**
 * Keeps `client`'s folder as the copy new databases start from: call it right after PGlite created the database,
 * before any statement. Written under a temporary name and renamed, so a reader sees a whole file or none; another
 * process keeping its own at the same moment writes the same kind of file. Failing to keep it changes nothing.
 */
export async function keepTemplate(client: PGlite, dir = TEMPLATE_DIR): Promise<void> {
  try {
    keep(new Uint8Array(await (await client.dumpDataDir('gzip')).arrayBuffer()), PREFIX, dir)
  } catch {
    // A read-only install: every new database runs initdb.
  }
}

/**
 * Keeps a database in memory just migrated from nothing (its dump) as the copy new databases start from, in place of
 * any kept for other migrations. Called by migrate.ts; failing to keep it changes nothing.
 */
export function keepMigrated(bytes: Uint8Array, dir = TEMPLATE_DIR): void {
  try {
    const prefix = migratedPrefix()
    keep(bytes, prefix, dir)
    for (const name of readdirSync(dir))
      if (name.startsWith(MIGRATED) && !name.startsWith(prefix)) rmSync(join(dir, name), { force: true })
  } catch {
    // A read-only install: every new database is migrated.
  }
}

/** Written under a temporary name and renamed, so a reader sees a whole file or none. */
function keep(bytes: Uint8Array, prefix: string, dir: string) {
  mkdirSync(dir, { recursive: true })
  const partial = join(dir, `.${process.pid}-${Date.now()}.partial`)
  writeFileSync(partial, bytes)
  renameSync(partial, join(dir, `${prefix}${digest(bytes)}${SUFFIX}`))
}

/**
 * A PGlite database with `options`, ready: a new one (in memory, or in a folder without a database) from the kept
 * copy when there is one, else by initdb, kept for the next. The copy is taken before the caller's first statement.
 * `migrated`: a new database may start as the kept copy of one migrated by these migrations (a server's, which
 * migrates next); its migrations' record then says they were applied now.
 */
export async function newPglite(
  options: PGliteOptions = {},
  dir = TEMPLATE_DIR,
  { migrated = false } = {},
): Promise<PGlite> {
  const fresh = !options.loadDataDir && (!options.dataDir || !holdsDatabase(options.dataDir))
  const schema = fresh && migrated ? freshClusterTemplate(dir, migratedPrefix()) : undefined
  const template = schema ?? (fresh ? freshClusterTemplate(dir) : undefined)
  const client = new PGlite(template ? { ...options, loadDataDir: template } : options)
  await client.waitReady
  if (schema) await client.exec('UPDATE schema_migrations SET applied_at = now()')
  // Only a database in memory is kept: it holds PostgreSQL's files alone (PREFIX says why).
  if (fresh && !template && !options.dataDir) await keepTemplate(client, dir)
  return client
}
