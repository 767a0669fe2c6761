import { say } from '../../domain/error-message'
import { DomainError } from '../../domain/errors'
import type { Deps } from '../http/route-table'
import type { Tx } from '../db/connect'
import { recordAudit } from '../audit/audit'
import { refuseOwnAccount } from './own-account'

/** Whether a frozen account refuses this call: as the route declares (`whenFrozen`, server/http/route-table.ts). */
/**
 * Refuses money out of a frozen account, with the reason the admin gave. With `lock`, inside the movement's
 * transaction, the account's row is locked as money-out locks it (FOR NO KEY UPDATE, which a freeze's update waits
 * on and waits for): the check and the movement see one state of the account.
 */
export async function assertNotFrozen(db: Tx, accountId: string, options = { lock: false }): Promise<void> {
  const read = db.selectFrom('accounts').select(['frozen_at', 'frozen_reason']).where('id', '=', accountId)
  const account = await (options.lock ? read.forNoKeyUpdate() : read).executeTakeFirst()
  if (account?.frozen_at)
    throw new DomainError(
      'account_frozen',
      account.frozen_reason ? say('account_frozen_because', { reason: account.frozen_reason }) : undefined,
    )
}

const freezeView = (a: { id: string; frozen_at: Date | null; frozen_reason: string | null }) => ({
  id: a.id,
  frozen: a.frozen_at !== null,
  frozenAt: a.frozen_at ? a.frozen_at.toISOString() : null,
  frozenReason: a.frozen_reason,
})

/**
 * Freezes (reason required) or unfreezes an account, with its audit line in the same transaction; never by an admin
 * who belongs to it.
 */
export async function setAccountFrozen(
  deps: Deps,
  tx: Tx,
  actorId: string,
  accountId: string,
  frozen: boolean,
  reason: string | undefined,
) {
  const account = await tx
    .selectFrom('accounts')
    .select(['id', 'frozen_at', 'frozen_reason'])
    .where('id', '=', accountId)
    .forNoKeyUpdate()
    .executeTakeFirst()
  if (!account) throw new DomainError('not_found', say('no_such_account'))
  await refuseOwnAccount(deps, tx, actorId, accountId, {
    action: frozen ? 'account.freeze' : 'account.unfreeze',
    subjectType: 'account',
    subjectId: accountId,
  })
  if (frozen === (account.frozen_at !== null))
    throw new DomainError('invalid_request', say(frozen ? 'account_already_frozen' : 'account_not_frozen'))
  const after = {
    id: account.id,
    frozen_at: frozen ? deps.now() : null,
    frozen_reason: frozen ? (reason ?? null) : null,
  }
  await tx
    .updateTable('accounts')
    .set({ frozen_at: after.frozen_at, frozen_reason: after.frozen_reason })
    .where('id', '=', accountId)
    .execute()
  const view = freezeView(after)
  await recordAudit(deps, tx, {
    actorId,
    action: frozen ? 'account.freeze' : 'account.unfreeze',
    subjectType: 'account',
    subjectId: accountId,
    reason: reason ?? null,
    before: freezeView(account),
    after: view,
  })
  return view
}
