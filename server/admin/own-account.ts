import { DomainError } from '../../domain/errors'
import type { Tx } from '../db/connect'

/**
 * Refuses an admin's action on an account they belong to, in any role: money paid into it (a manual refund asked
 * for or approved, a failed recon refunded to it), its freeze, tier, cards, holds and verification are decided by
 * another admin, or one admin could pay themselves, lift a freeze put on them or pass their own checks.
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
