import { say } from '../../domain/error-message'
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { sql } from 'kysely'
import { ConfirmationChallengeResponse } from '../../domain/api/auth.schema'
import { DomainError } from '../../domain/errors'
import { HOST_CONFIRM_PREFIX } from '../../domain/host-confirmation'
import { defineRoute, type Deps, type Principal } from '../http/route-table'
import type { Tx } from '../db/connect'
import { sessionClock } from './session-service'

/**
 * Host confirmations are answers to a server-issued challenge (issue 19; docs/architecture-notes.md,
 * "Confirmation"). A native session gets a confirm secret at sign-in; a challenge is 32 random bytes, for that
 * session only, answered once within CHALLENGE_TTL_MS by base64url(HMAC-SHA256(secret, "cash-confirm:" + challenge))
 * (domain/host-confirmation.ts). The tables are read with plain SQL (migration 0040).
 */
export const CHALLENGE_TTL_MS = 2 * 60_000

/** A fresh confirm secret for a native session, stored on it; the caller hands it to the app once. */
export async function issueConfirmSecret(db: Tx, sessionId: string): Promise<string> {
  const secret = randomBytes(32).toString('base64url')
  await sql`UPDATE sessions SET confirm_secret = ${secret} WHERE id = ${sessionId}`.execute(db)
  return secret
}

/**
 * Real time, like sessions (never the sandbox clock): moving the sandbox clock neither expires nor extends a challenge.
 */
export async function issueChallenge(
  deps: Pick<Deps, 'wallClock' | 'newId'>,
  db: Tx,
  principal: Principal,
): Promise<ConfirmationChallengeResponse> {
  if (principal.transport !== 'bearer') throw new DomainError('forbidden', say('biometrics_native_only'))
  const now = sessionClock(deps)
  const id = deps.newId()
  const challenge = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now.getTime() + CHALLENGE_TTL_MS)
  await sql`INSERT INTO confirmation_challenges (id, session_id, challenge, created_at, expires_at)
      VALUES (${id}, ${principal.sessionId}, ${challenge}, ${now}, ${expiresAt})`.execute(db)
  return { challengeId: id, challenge, expiresAt: expiresAt.toISOString() }
}

export type HostAnswer = { challengeId: string; signature: string }

/**
 * Uses up the session's challenge `answer.challengeId` (whatever the outcome: a challenge is answered once) and
 * says whether the answer is right. 'missing': no such open challenge of this session (unknown, another session's,
 * already used, expired); 'wrong': the HMAC does not match.
 */
export async function consumeChallenge(
  deps: Pick<Deps, 'wallClock'>,
  db: Tx,
  principal: Principal,
  answer: HostAnswer,
): Promise<'ok' | 'missing' | 'wrong'> {
  const now = sessionClock(deps)
  const { rows } = await sql<{ challenge: string; confirm_secret: string | null }>`
    UPDATE confirmation_challenges c SET used_at = ${now}
    FROM sessions s
    WHERE c.id = ${answer.challengeId} AND c.session_id = ${principal.sessionId} AND s.id = c.session_id
      AND c.used_at IS NULL AND c.expires_at > ${now}
    RETURNING c.challenge, s.confirm_secret`.execute(db)
  const row = rows[0]
  if (!row?.confirm_secret) return 'missing'
  const expected = createHmac('sha256', Buffer.from(row.confirm_secret, 'base64url'))
    .update(HOST_CONFIRM_PREFIX + row.challenge)
    .digest()
  const given = Buffer.from(answer.signature, 'base64url')
  return given.length === expected.length && timingSafeEqual(given, expected) ? 'ok' : 'wrong'
}

/** Marks a challenge used on its own, after a refusal rolled the request (and its marking) back. */
export async function burnChallenge(
  deps: Pick<Deps, 'wallClock'>,
  db: Tx,
  sessionId: string,
  challengeId: string,
): Promise<void> {
  await sql`UPDATE confirmation_challenges SET used_at = ${sessionClock(deps)} WHERE id = ${challengeId}
      AND session_id = ${sessionId} AND used_at IS NULL`.execute(db)
}

export const confirmationRoutes = [
  defineRoute({
    method: 'post',
    path: '/auth/confirmations/challenge',
    summary:
      'A challenge for the app to answer after its biometric check (native sessions only; ' +
      '32 random bytes, single use, 2 minutes); a cookie session is refused (forbidden)',
    tag: 'auth',
    access: { kind: 'user' },
    response: ConfirmationChallengeResponse,
    status: 201,
    handler: ({ deps, db, principal }) => issueChallenge(deps, db, principal!),
  }),
]
