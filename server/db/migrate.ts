import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'
import { sql } from 'kysely'
import type { Db } from './connect'

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url))
/** The advisory lock migrations (and the application role's grants: application-role.ts) run under. */
export const MIGRATION_LOCK = 727274

/** The migration files in order: `NNNN_name.sql`. */
export function migrationFiles(): { version: string; sql: string }[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{4}_.+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: f.replace(/\.sql$/, ''), sql: readFileSync(join(MIGRATIONS_DIR, f), 'utf8') }))
}

/**
 * Applies every migration not yet applied, each in its own transaction. An advisory lock keeps two server
 * processes starting at once from applying the same migration twice, or creating the migrations table twice.
 * A schema already up to date is only read: a role that may not create tables (the application's, when the owner
 * migrates: application-role.ts) starts on it.
 */
export async function migrate(db: Db): Promise<string[]> {
  if (await upToDate(db)) return []
  // Under the same lock: two servers creating the table at once on an empty PostgreSQL database collide even
  // with IF NOT EXISTS (duplicate key in pg_type), and one of them failed to start.
  await db.execScript(
    `BEGIN;
    SELECT pg_advisory_xact_lock(${MIGRATION_LOCK});
    CREATE TABLE IF NOT EXISTS schema_migrations (version TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT ` +
      `now());
    COMMIT;`,
  )
  const applied: string[] = []
  for (const { version, sql: body } of migrationFiles()) {
    const script = `BEGIN;
      SELECT pg_advisory_xact_lock(${MIGRATION_LOCK});
      DO $$ BEGIN
        IF EXISTS (SELECT 1 FROM schema_migrations WHERE version = '${version}') THEN
          RAISE EXCEPTION 'already_applied';
        END IF;
      END $$;
      ${body}
      ;INSERT INTO schema_migrations (version) VALUES ('${version}');
      COMMIT;`
    try {
      await db.execScript(script)
      applied.push(version)
    } catch (error) {
      if (error instanceof Error && error.message.includes('already_applied')) continue
      throw error
    }
  }
  return applied
}

/** Whether every migration file is recorded as applied; reads only, without the lock (versions are only ever added). */
async function upToDate(db: Db): Promise<boolean> {
  const { rows: table } = await sql<{
    found: string | null
  }>`SELECT to_regclass('public.schema_migrations')::text AS found`.execute(db.kysely)
  if (!table[0]?.found) return false
  const { rows } = await sql<{ version: string }>`SELECT version FROM schema_migrations`.execute(db.kysely)
  const applied = new Set(rows.map((r) => r.version))
  return migrationFiles().every((m) => applied.has(m.version))
}
