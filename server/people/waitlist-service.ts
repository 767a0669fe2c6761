import { AUTH_WINDOW_MINUTES } from '../../domain/auth-rules'
import type { Deps } from '../http/route-table'
import type { Tx } from '../db/connect'
import { hitRateLimit } from '../security/rate-limit'

/**
 * Puts an e-mail on the waitlist once. A second time changes nothing and answers the same, so the answer
 * never tells whether an address was already there. Rate-limited per client like sign-in.
 */
export async function joinWaitlist(deps: Deps, db: Tx, email: string, client: string): Promise<{ onList: true }> {
  await hitRateLimit(db, `waitlist:${client}`, deps.config.AUTH_RATE_LIMIT, AUTH_WINDOW_MINUTES, deps.now())
  await db
    .insertInto('waitlist')
    .values({ email, created_at: deps.now() })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute()
  return { onList: true }
}
