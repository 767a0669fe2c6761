import { sql } from 'kysely'
import { ConfigError } from '../config'
import type { Logger } from '../log'
import { connectPostgres, type Db } from './connect'
import { migrate, MIGRATION_LOCK } from './migrate'

/**
 * Two database roles on PostgreSQL (issue 19, F6; docs/operations.md, "Database roles"). The owner
 * (DATABASE_OWNER_URL) makes and owns every table and runs the migrations; the application (DATABASE_URL) owns
 * nothing and is granted, at every migration run, exactly what the code does: whoever holds its connection (an
 * injected statement, a leaked pool) cannot TRUNCATE the audit log or the ledger entries, turn their triggers off,
 * or drop them. Only the owner or a superuser can, and the audit log's hash chain names what they changed.
 */

/**
 * The tables the code deletes rows from (`deleteFrom`, `DELETE FROM`); application-role.test.ts keeps the list whole.
 */
export const APPLICATION_DELETES = [
  'account_members',
  'alert_checks',
  'alert_settings',
  'confirmation_failures',
  'error_inbox',
  'feature_flag_overrides',
  'idempotency_keys',
  'linked_wallets',
  'sessions',
  'sign_in_failures',
  'vault_email_codes',
] as const

/** Lines are added, never changed (their triggers refuse it too): the application may not UPDATE them either. */
export const APPEND_ONLY = ['admin_audit_log', 'entries'] as const

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`

/** The role a connection acts as. */
export async function currentRole(db: Db): Promise<string> {
  const { rows } = await sql<{ role: string }>`SELECT current_user AS role`.execute(db.kysely)
  return rows[0]!.role
}

/**
 * Grants `role` what the application needs on the schema `owner` made, and nothing else: what it had is revoked
 * first, in the same transaction, so a table dropped from APPLICATION_DELETES loses DELETE. SELECT on every table;
 * INSERT and UPDATE on all but schema_migrations (read only) and the append-only tables (INSERT only); DELETE on
 * APPLICATION_DELETES; sequences' USAGE and SELECT; EXECUTE on functions. Never TRUNCATE, never ownership. Default
 * privileges give tables a later migration makes SELECT, INSERT and UPDATE even before the next grant.
 */
export async function grantApplicationRole(owner: Db, role: string): Promise<void> {
  const to = quoteIdent(role)
  // Under the migrations' lock: two servers granting at once collide on the same catalog rows ("tuple concurrently
  // updated").
  await owner.execScript(`BEGIN;
    SELECT pg_advisory_xact_lock(${MIGRATION_LOCK});
    REVOKE ALL ON ALL TABLES IN SCHEMA public FROM ${to};
    REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM ${to};
    GRANT SELECT, INSERT, UPDATE ON ALL TABLES IN SCHEMA public TO ${to};
    REVOKE INSERT, UPDATE ON schema_migrations FROM ${to};
    REVOKE UPDATE ON ${APPEND_ONLY.join(', ')} FROM ${to};
    GRANT DELETE ON ${APPLICATION_DELETES.join(', ')} TO ${to};
    GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${to};
    GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public TO ${to};
    ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE ON TABLES TO ${to};
    ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO ${to};
    COMMIT;`)
}

/**
 * The server's migrations. With `ownerUrl` (DATABASE_OWNER_URL), they run on a connection of the owner's, which
 * then grants the application's role (the one `app` connects as) its privileges, every time (a restored backup
 * carries none), and is closed. Without it they run on `app` as before; an application role that may not apply
 * them (no CREATE, no read of schema_migrations) is refused with what to set.
 */
export async function migrateAsOwner(app: Db, ownerUrl: string | undefined): Promise<string[]> {
  if (!ownerUrl) {
    try {
      return await migrate(app)
    } catch (error) {
      if ((error as { code?: string }).code !== '42501') throw error
      const role = await currentRole(app).catch(() => 'of DATABASE_URL')
      throw new ConfigError(
        `The database role ${role} may not apply the migrations ` +
          `(${(error as Error).message}): set DATABASE_OWNER_URL to the owner role's URL, ` +
          'or run `npm run migrate` with it before starting (docs/operations.md, "Database roles")',
      )
    }
  }
  const role = await currentRole(app)
  const owner = await connectPostgres(ownerUrl, 1)
  try {
    const applied = await migrate(owner)
    // The same role on both URLs: nothing to grant (and revoking would strip the owner).
    if (role !== (await currentRole(owner))) await grantApplicationRole(owner, role)
    return applied
  } finally {
    await owner.close()
  }
}

/** What the connection's role can do to the tables that only their owner should: empty when it owns nothing. */
export type RolePowers = { role: string; superuser: boolean; owns: string[]; truncates: string[] }

/** Whether `db`'s role is a superuser, owns (or may act as the owner of) a table in `public`, or may TRUNCATE one. */
export async function rolePowers(db: Db): Promise<RolePowers> {
  const { rows: roles } = await sql<{
    role: string
    superuser: boolean
  }>`SELECT current_user AS role, rolsuper AS superuser FROM pg_roles WHERE rolname = current_user`.execute(db.kysely)
  const { rows: tables } = await sql<{ name: string; owns: boolean; truncates: boolean }>`
    SELECT c.relname AS name, pg_has_role(c.relowner, 'MEMBER') AS owns, has_table_privilege(c.oid, 'TRUNCATE')
      AS truncates
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY c.relname`.execute(db.kysely)
  const superuser = roles[0]?.superuser ?? false
  return {
    role: roles[0]?.role ?? '',
    superuser,
    owns: superuser ? [] : tables.filter((t) => t.owns).map((t) => t.name),
    truncates: superuser ? [] : tables.filter((t) => t.truncates).map((t) => t.name),
  }
}

/**
 * A production start on PostgreSQL warns when its role could empty the audit log or the ledger or turn their
 * triggers off (a superuser, a table's owner, TRUNCATE): the setup of a single role, which keeps working.
 */
export async function warnAboutRolePowers(db: Db, log: Logger): Promise<RolePowers> {
  const powers = await rolePowers(db)
  if (powers.superuser || powers.owns.length || powers.truncates.length) {
    log.warn(
      'the application database role can truncate the audit log and the ledger or turn their triggers off: ' +
        'run the server as a role that owns nothing (DATABASE_OWNER_URL, docs/operations.md "Database roles")',
      {
        role: powers.role,
        superuser: powers.superuser,
        tablesOwned: powers.owns.length,
        tablesTruncatable: powers.truncates.length,
      },
    )
  }
  return powers
}
