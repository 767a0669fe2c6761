import { say } from '../../domain/error-message'
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import type { VaultEmailView } from '../../domain/api/settings.schema'
import { DomainError } from '../../domain/errors'
import {
  newVaultCode,
  VAULT_CODE_MAX_TRIES,
  VAULT_CODE_MINUTES,
  VAULT_CODE_REQUESTS_PER_WINDOW,
  VAULT_CODE_WINDOW_MINUTES,
} from '../../domain/vault-email'
import { hitRateLimit } from '../security/rate-limit'
import type { Deps } from '../http/route-table'
import type { Tx } from '../db/connect'
import { sendMail } from '../mail/mail-service'
import { dataKeys } from '../security/data-keys'
import { openText, sealText } from '../security/field-crypto'
import { mailLanguage } from '../mail/templates'

/** Only a keyed hash of a code is stored: a database reader cannot read live codes. */
const hashCode = (deps: Pick<Deps, 'config'>, userId: string, code: string) =>
  createHmac('sha256', deps.config.WEBHOOK_SECRET).update(`vault-email:${userId}:${code}`).digest('hex')

/** The verified address in use and the one waiting for its code, if any. */
export async function getVaultEmail(
  deps: Pick<Deps, 'now' | 'config'>,
  db: Tx,
  userId: string,
): Promise<VaultEmailView> {
  const keys = dataKeys(deps.config)
  const user = await db
    .selectFrom('users')
    .select(['vault_email', 'vault_email_verified_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  const pending = await db.selectFrom('vault_email_codes').selectAll().where('user_id', '=', userId).executeTakeFirst()
  return {
    verified:
      user.vault_email && user.vault_email_verified_at
        ? {
            email: openText(keys, 'users.vault_email', user.vault_email),
            verifiedAt: user.vault_email_verified_at.toISOString(),
          }
        : null,
    pending: pending
      ? {
          email: openText(keys, 'vault_email_codes.email', pending.email),
          expiresAt: pending.expires_at.toISOString(),
          codeUsable: pending.wrong_tries < VAULT_CODE_MAX_TRIES && pending.expires_at.getTime() > deps.now().getTime(),
        }
      : null,
  }
}

/**
 * Sends a 6-digit code to `email` (in the caller's transaction, with the mail) and replaces any earlier code.
 * The verified address stays in use until the new one is verified.
 */
export async function requestVaultCode(deps: Deps, db: Tx, userId: string, email: string): Promise<void> {
  const now = deps.now()
  await hitRateLimit(db, `vault-code:${userId}`, VAULT_CODE_REQUESTS_PER_WINDOW, VAULT_CODE_WINDOW_MINUTES, now)
  const user = await db
    .selectFrom('users')
    .select(['vault_email', 'language'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  const keys = dataKeys(deps.config)
  if (user.vault_email !== null && openText(keys, 'users.vault_email', user.vault_email) === email)
    throw new DomainError('invalid_request', say('vault_email_already_verified'), {
      email: say('vault_email_already_verified'),
    })
  const code = newVaultCode(randomInt)
  const row = {
    email: sealText(keys, 'vault_email_codes.email', email),
    code_hash: hashCode(deps, userId, code),
    wrong_tries: 0,
    expires_at: new Date(now.getTime() + VAULT_CODE_MINUTES * 60_000),
    created_at: now,
  }
  await db
    .insertInto('vault_email_codes')
    .values({ user_id: userId, ...row })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
    .execute()
  await sendMail(deps, db, email, 'vaultEmailCode', {
    code,
    minutes: VAULT_CODE_MINUTES,
    language: mailLanguage(user.language),
  })
}

/**
 * Checks a code against the waiting one. Each statement commits on its own so a wrong try is counted even
 * though the call fails; the 5th wrong try ends the code. The right code makes the address the vault e-mail.
 */
export async function verifyVaultCode(deps: Deps, userId: string, code: string): Promise<void> {
  const db = deps.db.kysely
  const keys = dataKeys(deps.config)
  const now = deps.now()
  const pending = await db.selectFrom('vault_email_codes').selectAll().where('user_id', '=', userId).executeTakeFirst()
  if (!pending) throw new DomainError('vault_code_missing', undefined, { code: say('vault_code_missing') })
  const dead = () => new DomainError('vault_code_expired', undefined, { code: say('code_no_longer_works') })
  if (pending.wrong_tries >= VAULT_CODE_MAX_TRIES || pending.expires_at.getTime() <= now.getTime()) throw dead()
  const given = Buffer.from(hashCode(deps, userId, code))
  if (timingSafeEqual(given, Buffer.from(pending.code_hash))) {
    const verified = await db.transaction().execute(async (tx) => {
      const taken = await tx
        .deleteFrom('vault_email_codes')
        .where('user_id', '=', userId)
        .where('code_hash', '=', pending.code_hash)
        .where('wrong_tries', '<', VAULT_CODE_MAX_TRIES)
        .where('expires_at', '>', now)
        .returning('email')
        .executeTakeFirst()
      if (taken)
        await tx
          .updateTable('users')
          .set({
            // Sealed again for where it now lives: a sealed value opens only under its own column's name.
            vault_email: sealText(keys, 'users.vault_email', openText(keys, 'vault_email_codes.email', taken.email)),
            vault_email_verified_at: now,
          })
          .where('id', '=', userId)
          .execute()
      return Boolean(taken)
    })
    if (!verified) throw dead()
    return
  }
  // Counted against this code only: a replacement sent meanwhile starts from zero.
  const counted = await db
    .updateTable('vault_email_codes')
    .set((eb) => ({ wrong_tries: eb('wrong_tries', '+', 1) }))
    .where('user_id', '=', userId)
    .where('code_hash', '=', pending.code_hash)
    .where('wrong_tries', '<', VAULT_CODE_MAX_TRIES)
    .returning('wrong_tries')
    .executeTakeFirst()
  const left = VAULT_CODE_MAX_TRIES - (counted?.wrong_tries ?? VAULT_CODE_MAX_TRIES)
  if (left <= 0) throw dead()
  const message = say('code_wrong_tries_left', { left })
  throw new DomainError('vault_code_wrong', message, { code: message })
}
