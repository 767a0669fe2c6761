import { sql } from 'kysely'
import type { Db } from './connect'
import { keepMigrated } from './fresh-cluster'
import { migrationFiles } from './migration-files'

export { migrationFiles }
/** The advisory lock migrations (and the application role's grants: application-role.ts) run under. */
export const MIGRATION_LOCK = 727274

/**
 * Applies every migration not yet applied, each in its own transaction. An advisory lock keeps two server
 * processes starting at once from applying the same migration twice, or creating the migrations table twice.
 * A schema already up to date is only read: a role that may not create tables (the application's, when the owner
 * migrates: application-role.ts) starts on it. `keepIn`: where a database in memory migrated from nothing is kept
 * (fresh-cluster.ts; its own folder by default).
 */
export async function migrate(db: Db, keepIn?: string): Promise<string[]> {
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
  const files = migrationFiles()
  const applied: string[] = []
  for (const { version, sql: body } of files) {
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
  // A database in memory migrated from nothing: the copy new databases start from (fresh-cluster.ts), when the
  // migrations left nothing in it but their own record.
  if (db.memory && db.dump && applied.length === files.length && (await onlySchema(db)))
    keepMigrated(await db.dump(), keepIn)
  return applied
}

/** Whether every table but schema_migrations is empty: a migrated database holding rows is never kept as a copy. */
export async function onlySchema(db: Db): Promise<boolean> {
  const { rows: tables } = await sql<{ name: string }>`
    SELECT quote_ident(tablename) AS name FROM pg_tables
    WHERE schemaname = 'public' AND tablename <> 'schema_migrations'`.execute(db.kysely)
  if (tables.length === 0) return true
  const any = tables.map((t) => `EXISTS (SELECT 1 FROM public.${t.name})`).join(' OR ')
  const { rows } = await sql<{ held: boolean }>`SELECT ${sql.raw(any)} AS held`.execute(db.kysely)
  return rows[0]?.held === false
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
