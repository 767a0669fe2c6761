import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url))

/** The migration files in order: `NNNN_name.sql`. */
export function migrationFiles(): { version: string; sql: string }[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{4}_.+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: f.replace(/\.sql$/, ''), sql: readFileSync(join(MIGRATIONS_DIR, f), 'utf8') }))
}

/**
 * What the migrations are, as a short digest of every file's name and text: a copy of a migrated database is kept
 * under it (fresh-cluster.ts), so a migration added or changed makes a new one.
 */
export function migrationsDigest(): string {
  const hash = createHash('sha256')
  for (const m of migrationFiles()) hash.update(`${m.version}\u0000${m.sql}\u0000`)
  return hash.digest('hex').slice(0, 16)
}
