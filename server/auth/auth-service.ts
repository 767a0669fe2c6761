import { say } from '../../domain/error-message'
import { isFlagOn } from '../flags/feature-flag-service'
import { recordReferral, resolveReferralCode } from '../membership/referral-service'
import { AUTH_WINDOW_MINUTES, MAX_FAILED_SIGN_INS } from '../../domain/auth-rules'
import type { SignInBody, SignUpBody } from '../../domain/api/auth.schema'
import { DomainError } from '../../domain/errors'
import type { Deps } from '../http/route-table'
import type { Tx } from '../db/connect'
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from './password'
import { invitationAllowsSignUp } from '../people/invitation-service'
import { claimPasswordAttempt } from './failure-streak'
import { hitRateLimit } from '../security/rate-limit'

/**
 * Checks an e-mail and password. Every failure says the same `invalid_credentials`, whether or not the
 * e-mail exists; after MAX_FAILED_SIGN_INS failures in a row the e-mail is paused (`account_locked`).
 */
export async function authenticate(
  deps: Deps,
  db: Tx,
  input: Pick<SignInBody, 'email' | 'password'>,
  client: string,
): Promise<string> {
  const now = deps.now()
  await hitRateLimit(db, `sign-in:${client}`, deps.config.AUTH_RATE_LIMIT, AUTH_WINDOW_MINUTES, now)
  // Counted before the password is checked (claimPasswordAttempt), so a burst of guesses sent at once is held to
  // MAX_FAILED_SIGN_INS like guesses sent one after another.
  const claim = await claimPasswordAttempt(db, 'sign_in_failures', input.email, now, MAX_FAILED_SIGN_INS)
  if (claim.lockedUntil)
    throw new DomainError('account_locked', undefined, undefined, { retryAt: claim.lockedUntil.toISOString() })
  const user = await db
    .selectFrom('users')
    .select(['id', 'password_hash'])
    .where('email', '=', input.email)
    .executeTakeFirst()
  const ok = await verifyPassword(input.password, user?.password_hash ?? (await DUMMY_HASH_PROMISE))
  if (user && ok) {
    await db.deleteFrom('sign_in_failures').where('email', '=', input.email).execute()
    return user.id
  }
  throw new DomainError('invalid_credentials', undefined, {
    password: say('invalid_credentials'),
  })
}

/** Creates a user with a hashed password. The account itself is made during onboarding. */
export async function registerUser(deps: Deps, db: Tx, input: SignUpBody, client: string): Promise<string> {
  // With sign-ups closed, an invitation for this very e-mail is the permission to sign up.
  if (
    !(await isFlagOn(deps, db, 'signups', null)) &&
    !(input.inviteToken && (await invitationAllowsSignUp(deps, db, input.inviteToken, input.email)))
  )
    throw new DomainError('signups_closed')
  await hitRateLimit(db, `sign-up:${client}`, deps.config.AUTH_RATE_LIMIT, AUTH_WINDOW_MINUTES, deps.now())
  const taken = await db.selectFrom('users').select('id').where('email', '=', input.email).executeTakeFirst()
  if (taken)
    throw new DomainError('email_taken', undefined, {
      email: say('email_taken'),
    })
  const link = input.referralCode ? await resolveReferralCode(deps, db, input.referralCode) : null
  const id = deps.newId()
  await db
    .insertInto('users')
    .values({
      id,
      email: input.email,
      name: input.name,
      password_hash: await hashPassword(input.password),
      platform_role: 'user',
    })
    .execute()
  if (link) await recordReferral(deps, db, link, id)
  return id
}
