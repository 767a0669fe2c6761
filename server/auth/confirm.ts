import { say } from '../../domain/error-message'
import type { z } from 'zod'
import type { ConfirmationSchema } from '../../domain/api/money-out.schema'
import { MAX_FAILED_CONFIRMATIONS } from '../../domain/auth-rules'
import { DomainError } from '../../domain/errors'
import { RefusalWithFollowUp } from '../http/refusal'
import type { Deps, Principal } from '../http/route-table'
import type { Tx } from '../db/connect'
import { sendMail } from '../mail/mail-service'
import { burnChallenge, consumeChallenge } from './confirmation-challenge'
import { claimPasswordAttempt } from './failure-streak'
import { verifyPassword } from './password'

/**
 * Checks how the holder approved a money movement: their password (the web), or the native host's
 * biometric confirm. `host` is accepted only on a native session (bearer token), and only with the host's answer
 * to a challenge of that session (server/auth/confirmation-challenge.ts): the bearer token alone (which the host
 * hands to its webviews) proves nothing about a biometric check; the confirm secret the host keeps behind it does.
 */
export type Confirmation = z.infer<typeof ConfirmationSchema>

/**
 * Passwords are limited like sign-in: after MAX_FAILED_CONFIRMATIONS wrong ones in a row (a streak forgotten after
 * LOCKOUT_MINUTES) confirming is paused for LOCKOUT_MINUTES, even with the right password (`confirmation_locked`,
 * with `retryAt`). A wrong password refuses the request, which rolls back; the failure is written after that
 * (RefusalWithFollowUp), so it counts. The right one clears the streak. The failure that pauses confirming also
 * e-mails the person (`confirmationsPaused`): whoever was guessing holds a session, not their mailbox.
 */
export async function verifyConfirmation(
  deps: Pick<Deps, 'now' | 'newId' | 'wallClock'>,
  db: Tx,
  principal: Principal,
  confirmation: Confirmation | undefined,
): Promise<void> {
  if (!confirmation)
    throw new DomainError('confirmation_required', undefined, { password: say('enter_password_confirm') })
  if (confirmation.method === 'host' && principal.transport !== 'bearer')
    throw new DomainError('confirmation_required', undefined, { password: say('enter_password_confirm') })
  const now = deps.now()
  // A password is counted before it is checked (claimPasswordAttempt), so guesses sent at once are held to
  // MAX_FAILED_CONFIRMATIONS like guesses sent one by one. In a request's transaction the refusal rolls the count
  // back, and the follow-up counts it again; a host answer is counted only when wrong (its challenge is single-use).
  const claim =
    confirmation.method === 'password'
      ? {
          ...(await claimPasswordAttempt(db, 'confirmation_failures', principal.userId, now, MAX_FAILED_CONFIRMATIONS)),
          counted: true,
          streak: true,
        }
      : await lockOf(db, principal.userId, now)
  if (claim.lockedUntil) throw locked(claim.lockedUntil)
  const user = await db
    .selectFrom('users')
    .select(['password_hash', 'email', 'language'])
    .where('id', '=', principal.userId)
    .executeTakeFirstOrThrow()
  // A host answer uses its challenge up in this transaction; a wrong one is burnt after the rollback (below).
  const verdict =
    confirmation.method === 'host'
      ? await consumeChallenge(deps, db, principal, confirmation)
      : (await verifyPassword(confirmation.password, user.password_hash))
        ? 'ok'
        : 'wrong'
  if (verdict === 'ok') {
    if (claim.counted || claim.streak)
      await db.deleteFrom('confirmation_failures').where('user_id', '=', principal.userId).execute()
    return
  }
  if (verdict === 'missing') throw new DomainError('confirmation_required', say('confirmation_expired'))
  const host = confirmation.method === 'host' ? confirmation : null
  const refusal = host
    ? { message: say('host_confirmation_failed'), fields: undefined }
    : { message: undefined, fields: { password: say('password_not_right') } }
  // Counted already, unless the count was in the transaction the refusal rolls back.
  const countedAlready = claim.counted && !db.isTransaction
  throw new RefusalWithFollowUp('confirmation_failed', refusal.message, refusal.fields, {}, async (tx) => {
    if (host) await burnChallenge(deps, tx, principal.sessionId, host.challengeId)
    const lockedUntil = countedAlready
      ? claim.lockStarted
      : (await claimPasswordAttempt(tx, 'confirmation_failures', principal.userId, now, MAX_FAILED_CONFIRMATIONS))
          .lockStarted
    // Someone holding the session may be guessing: the holder hears of it where the session cannot reach.
    if (lockedUntil)
      await sendMail(deps, tx, user.email, 'confirmationsPaused', {
        failures: MAX_FAILED_CONFIRMATIONS,
        until: lockedUntil,
        language: user.language ?? 'en',
      })
  })
}

/** The person's confirmation lock, if on, for a host answer (which is counted only once found wrong). */
async function lockOf(db: Tx, userId: string, now: Date) {
  const streak = await db
    .selectFrom('confirmation_failures')
    .select(['locked_until'])
    .where('user_id', '=', userId)
    .executeTakeFirst()
  const on = streak?.locked_until && streak.locked_until.getTime() > now.getTime()
  return { lockedUntil: on ? streak.locked_until : null, lockStarted: null, counted: false, streak: Boolean(streak) }
}

const locked = (until: Date) =>
  new DomainError(
    'confirmation_locked',
    undefined,
    { password: say('confirmation_locked') },
    { retryAt: until.toISOString() },
  )
