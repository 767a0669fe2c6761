import type { AuditSubject } from '../../domain/api/admin.schema'
import { say } from '../../domain/error-message'
import type { Tx } from '../db/connect'
import { recordAudit } from '../audit/audit'
import type { Deps } from '../http/route-table'
import { RefusalWithFollowUp } from '../http/refusal'

/**
 * What the admin tried, as the audit line of its success would name it: a refusal is audited as
 * `<action>_refused` on the same subject, so staff reviewing the log see every attempt at their own accounts.
 */
export type Attempt = { action: string; subjectType: AuditSubject; subjectId: string }

/** The refusal, with its audit line written once the request has rolled back (server/http/refusal.ts). */
export const ownAccountRefusal = (deps: Pick<Deps, 'newId' | 'now'>, actorId: string, attempt: Attempt) =>
  new RefusalWithFollowUp('admin_own_account', undefined, undefined, {}, (tx) =>
    recordAudit(deps, tx, {
      actorId,
      action: `${attempt.action}_refused`,
      subjectType: attempt.subjectType,
      subjectId: attempt.subjectId,
      reasonMessage: say('admin_own_account'),
      before: null,
      after: null,
    }),
  )

/**
 * Refuses an admin's action on an account they belong to, in any role: money paid into it (a manual refund asked
 * for or approved, a failed recon refunded to it), its freeze, tier, cards, holds, verification, a recovery of its
 * safe approved as Cash's signer and a liquidation run by hand are decided by another admin, or one admin could pay
 * themselves, lift a freeze put on them, pass their own checks or hand their company's safe to a key they hold. The
 * refusal is audited.
 */
export async function refuseOwnAccount(
  deps: Pick<Deps, 'newId' | 'now'>,
  db: Tx,
  actorId: string,
  accountId: string,
  attempt: Attempt,
): Promise<void> {
  const member = await db
    .selectFrom('account_members')
    .select('user_id')
    .where('account_id', '=', accountId)
    .where('user_id', '=', actorId)
    .executeTakeFirst()
  if (member) throw ownAccountRefusal(deps, actorId, attempt)
}

/**
 * Refuses an admin's action aimed at a person: themselves, or someone who shares an account with them (a feature
 * flag forced for one person reaches every account they use), for the same reason as refuseOwnAccount; audited.
 */
export async function refuseOwnPerson(
  deps: Pick<Deps, 'newId' | 'now'>,
  db: Tx,
  actorId: string,
  userId: string,
  attempt: Attempt,
): Promise<void> {
  if (userId === actorId) throw ownAccountRefusal(deps, actorId, attempt)
  const shared = await db
    .selectFrom('account_members as mine')
    .innerJoin('account_members as theirs', 'theirs.account_id', 'mine.account_id')
    .select('mine.account_id')
    .where('mine.user_id', '=', actorId)
    .where('theirs.user_id', '=', userId)
    .executeTakeFirst()
  if (shared) throw ownAccountRefusal(deps, actorId, attempt)
}
