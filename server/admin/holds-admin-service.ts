import { say } from '../../domain/error-message'
import { WITHDRAWAL_HOLD_KIND } from '../../domain/activity-kinds'
import { isHeldAsset } from '../../domain/asset'
import { DomainError } from '../../domain/errors'
import { toDecimal } from '../../domain/money'
import type { Deps } from '../http/route-table'
import { releaseHold } from '../ledger/hold-service'
import type { Tx } from '../db/connect'
import { recordAudit } from '../audit/audit'
import { refuseOwnAccount } from './own-account'
import { reason as movementReason, storedReason } from '../../domain/movement-reason'

const amountOf = (units: bigint, asset: string) => (isHeldAsset(asset) ? toDecimal(units, asset) : units.toString())

/** Every pending hold with its account, soonest to expire first. */
export async function listPendingHolds(db: Tx) {
  const rows = await db
    .selectFrom('holds as h')
    .leftJoin('accounts as a', 'a.id', 'h.account_id')
    .select([
      'h.id',
      'h.kind',
      'h.title',
      'h.reference',
      'h.account_id',
      'a.name as account_name',
      'h.amount',
      'h.asset',
      'h.created_at',
      'h.expires_at',
    ])
    .where('h.status', '=', 'pending')
    .orderBy('h.expires_at')
    .orderBy('h.id')
    .limit(500)
    .execute()
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    title: r.title,
    reference: r.reference,
    account: r.account_id && r.account_name ? { id: r.account_id, name: r.account_name } : null,
    amount: amountOf(r.amount, r.asset),
    asset: r.asset,
    createdAt: r.created_at.toISOString(),
    expiresAt: r.expires_at.toISOString(),
  }))
}

async function snapshot(db: Tx, id: string) {
  const h = await db
    .selectFrom('holds')
    .select([
      'id',
      'kind',
      'status',
      'amount',
      'asset',
      'account_id',
      'reference',
      'expires_at',
      'resolved_at',
      'admin_action',
    ])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  return {
    ...h,
    amount: amountOf(h.amount, h.asset),
    expires_at: h.expires_at.toISOString(),
    resolved_at: h.resolved_at ? new Date(h.resolved_at).toISOString() : null,
  }
}

/**
 * Lets a pending hold go before its time, the money available again at once: `release` voids it (as a
 * reversal would), `force_expire` expires it (as the expiry job would), marked as forced. What the hold
 * reserved for follows: a card authorization becomes reversed or expired (a later clearing is then a failed
 * recon), a withdrawal in its delay is cancelled. A posted hold is never touched.
 */
export async function adminReleaseHold(
  deps: Deps,
  db: Tx,
  actor: { userId: string },
  holdId: string,
  action: 'release' | 'force_expire',
  reason: string,
) {
  // What the hold reserved for first, then the hold (docs/architecture-notes.md, "Lock order"), as a withdrawal's
  // release and a card clearing take them: hold first, a release at the same moment as either deadlocked.
  const kind = await db.selectFrom('holds').select(['kind', 'account_id']).where('id', '=', holdId).executeTakeFirst()
  if (!kind) throw new DomainError('not_found', say('no_such_hold'))
  // Never on an account the admin belongs to: releasing their own purchase's hold would free money the merchant
  // has yet to take.
  if (kind.account_id)
    await refuseOwnAccount(deps, db, actor.userId, kind.account_id, {
      action: action === 'release' ? 'hold.release' : 'hold.force_expire',
      subjectType: 'hold',
      subjectId: holdId,
    })
  if (kind.kind === WITHDRAWAL_HOLD_KIND)
    await db.selectFrom('withdrawals').select('id').where('hold_id', '=', holdId).forUpdate().execute()
  else if (kind.kind === 'card_authorization')
    await db.selectFrom('card_authorizations').select('id').where('hold_id', '=', holdId).forUpdate().execute()
  const hold = await db.selectFrom('holds').selectAll().where('id', '=', holdId).forUpdate().executeTakeFirstOrThrow()
  if (hold.status !== 'pending') {
    throw new DomainError(
      'hold_not_pending',
      hold.status === 'posted'
        ? say('hold_posted_refund_instead')
        : say('hold_already_nothing_to_release', { status: hold.status }),
    )
  }
  const before = await snapshot(db, holdId)
  const now = deps.now()
  const status = action === 'release' ? 'voided' : 'expired'
  if (hold.kind === 'card_authorization') {
    await db
      .updateTable('card_authorizations')
      .set({ status: action === 'release' ? 'reversed' : 'expired', updated_at: now })
      .where('hold_id', '=', holdId)
      .where('status', '=', 'approved')
      .execute()
  } else if (hold.kind === WITHDRAWAL_HOLD_KIND) {
    await db
      .updateTable('withdrawals')
      .set({
        status: 'cancelled',
        failure_reason: storedReason(movementReason('support_cancelled', { reason })),
        updated_at: now,
      })
      .where('hold_id', '=', holdId)
      .where('status', '=', 'delayed')
      .execute()
  }
  await releaseHold(db, holdId, status, now)
  const adminAction = action === 'release' ? 'released' : 'force_expired'
  await db
    .updateTable('holds')
    .set({ admin_action: adminAction, admin_id: actor.userId, admin_reason: reason })
    .where('id', '=', holdId)
    .execute()
  const after = await snapshot(db, holdId)
  await recordAudit(deps, db, {
    actorId: actor.userId,
    action: action === 'release' ? 'hold.release' : 'hold.force_expire',
    subjectType: 'hold',
    subjectId: holdId,
    reason,
    before,
    after,
  })
  return { id: holdId, status, adminAction } as const
}
