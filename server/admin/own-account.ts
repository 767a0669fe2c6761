import { DomainError } from '../../domain/errors'
import type { Tx } from '../db/connect'

/**
 * Refuses an admin's action on an account they belong to, in any role: money paid into it (a manual refund asked
 * for or approved, a failed recon refunded to it), its freeze, tier, cards, holds, verification, a recovery of its
 * safe approved as Cash's signer and a liquidation run by hand are decided by another admin, or one admin could pay
 * themselves, lift a freeze put on them, pass their own checks or hand their company's safe to a key they hold.
 */
export async function refuseOwnAccount(db: Tx, actorId: string, accountId: string): Promise<void> {
  const member = await db
    .selectFrom('account_members')
    .select('user_id')
    .where('account_id', '=', accountId)
    .where('user_id', '=', actorId)
    .executeTakeFirst()
  if (member) throw new DomainError('admin_own_account')
}

/**
 * Refuses an admin's action aimed at a person: themselves, or someone who shares an account with them (a feature
 * flag forced for one person reaches every account they use), for the same reason as refuseOwnAccount.
 */
export async function refuseOwnPerson(db: Tx, actorId: string, userId: string): Promise<void> {
  if (userId === actorId) throw new DomainError('admin_own_account')
  const shared = await db
    .selectFrom('account_members as mine')
    .innerJoin('account_members as theirs', 'theirs.account_id', 'mine.account_id')
    .select('mine.account_id')
    .where('mine.user_id', '=', actorId)
    .where('theirs.user_id', '=', userId)
    .executeTakeFirst()
  if (shared) throw new DomainError('admin_own_account')
}
