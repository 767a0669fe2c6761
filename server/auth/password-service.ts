import { say } from '../../domain/error-message'
import type { PasswordChangeBody } from '../../domain/api/auth.schema'
import { DomainError } from '../../domain/errors'
import { RefusalWithFollowUp } from '../http/refusal'
import type { Deps, Principal } from '../http/route-table'
import type { Tx } from '../db/connect'
import { sendMail } from '../mail/mail-service'
import { verifyConfirmation } from './confirm'
import { hashPassword } from './password'
import { endSessionsOf } from './session-service'

/** Where "ask for a new reset link" leads: a view of the sign-in page (no route beyond the spec). */
export const forgotLink = (origin: string) => `${origin}/app/cash/sign-in?step=forgot-password`

/**
 * What every new password brings, in the caller's transaction: the hash is replaced; every session of the user ends
 * but `keep` (a change keeps the session it was made from; a reset keeps none), so whoever knew the old password
 * and signed in with it is out; every linked wallet is unlinked, since whoever knew the old password (or, before
 * linking was confirmed, held a session) may have linked one, which would go on signing them in; the wrong-password
 * streaks and lock-outs of the person (sign-in, by e-mail, and confirmations) are cleared, since the person has just
 * proved who they are; and a notice is mailed, naming the wallets unlinked. Answers how many sessions ended.
 */
export async function setNewPassword(
  deps: Pick<Deps, 'now' | 'newId'>,
  tx: Tx,
  user: { id: string; email: string; language: 'en' | 'pt-BR' | null },
  passwordHash: string,
  change: { how: 'reset' | 'change'; origin: string; keep?: string; language?: 'en' | 'pt-BR' | undefined },
): Promise<number> {
  await tx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', user.id).execute()
  const signedOut = await endSessionsOf(tx, user.id, change.keep)
  const unlinked = await tx
    .deleteFrom('linked_wallets')
    .where('user_id', '=', user.id)
    .returning(['address', 'created_at'])
    .execute()
  await tx.deleteFrom('sign_in_failures').where('email', '=', user.email).execute()
  await tx.deleteFrom('confirmation_failures').where('user_id', '=', user.id).execute()
  // A change while signed in ends any reset link still open: the password it would replace is gone.
  await tx
    .updateTable('password_resets')
    .set({ superseded_at: deps.now() })
    .where('user_id', '=', user.id)
    .where('used_at', 'is', null)
    .where('superseded_at', 'is', null)
    .execute()
  await sendMail(deps, tx, user.email, 'passwordChanged', {
    at: deps.now(),
    how: change.how,
    resetLink: forgotLink(change.origin),
    walletsUnlinked: unlinked
      .sort((a, b) => a.created_at.getTime() - b.created_at.getTime())
      .map((wallet) => wallet.address),
    language: user.language ?? change.language ?? 'en',
  })
  return signedOut
}

/**
 * Changes the password of the signed-in person: the current one is checked like a confirmation (wrong ones count
 * towards the same pause, so a stolen session cannot guess it), then setNewPassword keeps this session and ends
 * every other.
 */
export async function changePassword(
  deps: Deps,
  db: Tx,
  principal: Principal,
  body: PasswordChangeBody,
  origin: string,
): Promise<{ signedOutOthers: number }> {
  try {
    await verifyConfirmation(deps, db, principal, { method: 'password', password: body.password })
  } catch (error) {
    // The confirmation's words speak of money not sent: here the current-password field says what happened.
    if (error instanceof RefusalWithFollowUp)
      throw new RefusalWithFollowUp(
        error.code,
        say('password_not_right_unchanged'),
        { password: say('password_not_right') },
        {},
        error.afterRollback,
      )
    if (error instanceof DomainError && error.code === 'confirmation_locked')
      throw new DomainError(
        'confirmation_locked',
        say('too_many_wrong_passwords'),
        { password: say('too_many_wrong_passwords') },
        error.details,
      )
    throw error
  }
  const passwordHash = await hashPassword(body.newPassword)
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'language'])
    .where('id', '=', principal.userId)
    .executeTakeFirstOrThrow()
  const signedOutOthers = await deps.db.kysely.transaction().execute((tx) =>
    setNewPassword(deps, tx, user, passwordHash, {
      how: 'change',
      origin,
      keep: principal.sessionId,
      language: body.language,
    }),
  )
  return { signedOutOthers }
}
