import { randomBytes } from 'node:crypto'
import type { Config } from '../config'
import type { Db } from '../db/connect'
import type { Logger } from '../log'

/**
 * The webhook signing key of a development server started without WEBHOOK_SECRET. The source's sandbox key is
 * known to anyone who reads it, and with it anyone who reaches the server can sign provider events (a deposit, a
 * card decision). So an install makes its own key, 32 random bytes, on its first start and keeps it in the
 * database: every process on the database and every restart use the same one. The key also derives the sandbox
 * safe signers' addresses and the vault e-mail code hashes, so an install that already has people keeps the
 * sandbox key (changing it would strand their safes and codes) and says so in the log at every start.
 * Production never gets here (WEBHOOK_SECRET is required); test servers keep the sandbox key their tests sign with.
 */
export async function withInstallSecret(
  config: Config,
  env: Record<string, string | undefined>,
  db: Db,
  log: Logger,
): Promise<Config> {
  if (env.WEBHOOK_SECRET || config.CASH_ENV !== 'development') return config
  const kept = async () =>
    (await db.kysely.selectFrom('install_secrets').select('value').where('name', '=', 'webhook').executeTakeFirst())
      ?.value
  let secret = await kept()
  if (!secret) {
    const existing = await db.kysely.selectFrom('users').select('id').limit(1).executeTakeFirst()
    const made = existing ? config.WEBHOOK_SECRET : randomBytes(32).toString('hex')
    // Two processes starting at once on one database: the first insert wins and both read it back.
    await db.kysely
      .insertInto('install_secrets')
      .values({ name: 'webhook', value: made })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute()
    secret = (await kept())!
  }
  if (secret === config.WEBHOOK_SECRET)
    log.warn(
      'this install signs webhooks with the sandbox key from the source (it had people ' +
        'before installs made their own); set WEBHOOK_SECRET, or start on a new database',
    )
  return { ...config, WEBHOOK_SECRET: secret }
}
