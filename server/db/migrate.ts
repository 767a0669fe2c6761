import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'
import type { Db } from './connect'

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url))

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
 */
export async function migrate(db: Db): Promise<string[]> {
  // Under the same lock: two servers creating the table at once on an empty PostgreSQL database collide even
  // with IF NOT EXISTS (duplicate key in pg_type), and one of them failed to start.
  await db.execScript(`BEGIN;
    SELECT pg_advisory_xact_lock(727274);
    CREATE TABLE IF NOT EXISTS schema_migrations (version TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now());
    COMMIT;`)
  const applied: string[] = []
  for (const { version, sql } of migrationFiles()) {
    const script = `BEGIN;
      SELECT pg_advisory_xact_lock(727274);
      DO $$ BEGIN
        IF EXISTS (SELECT 1 FROM schema_migrations WHERE version = '${version}') THEN
          RAISE EXCEPTION 'already_applied';
        END IF;
      END $$;
      ${sql}
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
