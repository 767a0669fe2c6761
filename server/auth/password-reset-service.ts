import { say } from '../../domain/error-message'
import { createHash, randomBytes } from 'node:crypto'
import type { PasswordResetBody, PasswordResetRequestBody } from '../../domain/api/auth.schema'
import {
  AUTH_WINDOW_MINUTES,
  PASSWORD_RESET_ANSWER_MS,
  PASSWORD_RESET_MINUTES,
  PASSWORD_RESET_WINDOW_MINUTES,
  PASSWORD_RESETS_PER_ADDRESS,
} from '../../domain/auth-rules'
import { DomainError } from '../../domain/errors'
import type { Deps } from '../http/route-table'
import type { Tx } from '../db/connect'
import { sendMail } from '../mail/mail-service'
import { hashPassword } from './password'
import { setNewPassword } from './password-service'
import { hitRateLimit } from '../security/rate-limit'

/** Only the SHA-256 of a reset token is stored; the token itself lives in the e-mail. */
const resetTokenHash = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * Where a reset link leads: a view of the sign-in page (no route beyond the spec), which takes the token out of the
 * address.
 */
const resetLink = (origin: string, token: string) => `${origin}/app/cash/sign-in?step=reset-password&token=${token}`

/**
 * Asks for a reset link. Counted per client address (AUTH_RATE_LIMIT, like sign-in) and per e-mail address
 * (PASSWORD_RESETS_PER_ADDRESS an hour), both before anyone is looked up, so a refusal says nothing about whether an
 * account has the address. With one, the person's earlier open links are superseded and a new one is mailed, in one
 * transaction; without one, nothing is written. Either way the answer is the same, and comes no sooner than
 * PASSWORD_RESET_ANSWER_MS after the request, so its timing tells nothing either.
 */
export async function requestPasswordReset(
  deps: Deps,
  body: PasswordResetRequestBody,
  client: string,
  origin: string,
): Promise<{ requested: true }> {
  const started = performance.now()
  const now = deps.now()
  const db = deps.db.kysely
  await hitRateLimit(db, `password-reset:${client}`, deps.config.AUTH_RATE_LIMIT, AUTH_WINDOW_MINUTES, now)
  try {
    await hitRateLimit(
      db,
      `password-reset-address:${body.email}`,
      PASSWORD_RESETS_PER_ADDRESS,
      PASSWORD_RESET_WINDOW_MINUTES,
      now,
    )
  } catch (error) {
    if (error instanceof DomainError && error.code === 'rate_limited')
      throw new DomainError('reset_rate_limited', undefined, {
        email: say('reset_rate_limited'),
      })
    throw error
  }
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'language'])
    .where('email', '=', body.email)
    .executeTakeFirst()
  if (user) {
    await db.transaction().execute(async (tx) => {
      await tx
        .updateTable('password_resets')
        .set({ superseded_at: now })
        .where('user_id', '=', user.id)
        .where('used_at', 'is', null)
        .where('superseded_at', 'is', null)
        .execute()
      const token = randomBytes(32).toString('base64url')
      await tx
        .insertInto('password_resets')
        .values({
          id: deps.newId(),
          user_id: user.id,
          token_hash: resetTokenHash(token),
          created_at: now,
          expires_at: new Date(now.getTime() + PASSWORD_RESET_MINUTES * 60_000),
        })
        .execute()
      await sendMail(deps, tx, user.email, 'passwordReset', {
        link: resetLink(origin, token),
        minutes: PASSWORD_RESET_MINUTES,
        language: user.language ?? body.language ?? 'en',
      })
    })
  }
  const left = PASSWORD_RESET_ANSWER_MS - (performance.now() - started)
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left))
  return { requested: true }
}

/**
 * The link behind a token if it still works; otherwise why not, each with its own code (a bad token says nothing more).
 */
async function usableReset(deps: Pick<Deps, 'now'>, db: Tx, token: string, lock: boolean) {
  let query = db
    .selectFrom('password_resets')
    .innerJoin('users', 'users.id', 'password_resets.user_id')
    .select([
      'password_resets.id',
      'password_resets.user_id',
      'password_resets.expires_at',
      'password_resets.used_at',
      'password_resets.superseded_at',
      'users.email',
      'users.language',
    ])
    .where('token_hash', '=', resetTokenHash(token))
  if (lock) query = query.forUpdate()
  const reset = await query.executeTakeFirst()
  if (!reset) throw new DomainError('reset_link_not_found')
  if (reset.used_at) throw new DomainError('reset_link_used')
  if (reset.superseded_at) throw new DomainError('reset_link_replaced')
  if (reset.expires_at.getTime() <= deps.now().getTime()) throw new DomainError('reset_link_expired')
  return reset
}

/** Whether a reset link still works, and for whom (the page says so before the person types a new password). */
export async function lookupPasswordReset(
  deps: Deps,
  db: Tx,
  token: string,
): Promise<{ email: string; expiresAt: string }> {
  const reset = await usableReset(deps, db, token, false)
  return { email: reset.email, expiresAt: reset.expires_at.toISOString() }
}

/**
 * Sets the new password through a reset link: the link is used up, every session of the account ends (whoever held
 * one, on any device, is out) and its wrong-password streaks and lock-outs are cleared (setNewPassword). Nobody is
 * signed in by it: the person signs in with the new password, on the device of their choosing (docs/api.md says why).
 */
export async function completePasswordReset(
  deps: Deps,
  body: PasswordResetBody,
  origin: string,
): Promise<{ email: string; signedOut: number }> {
  // scrypt before the transaction: the link's row stays locked only for the writes.
  const passwordHash = await hashPassword(body.password)
  return deps.db.kysely.transaction().execute(async (tx) => {
    const reset = await usableReset(deps, tx, body.token, true)
    await tx.updateTable('password_resets').set({ used_at: deps.now() }).where('id', '=', reset.id).execute()
    const signedOut = await setNewPassword(
      deps,
      tx,
      { id: reset.user_id, email: reset.email, language: reset.language },
      passwordHash,
      { how: 'reset', origin },
    )
    return { email: reset.email, signedOut }
  })
}
