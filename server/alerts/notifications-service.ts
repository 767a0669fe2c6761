import { say } from '../../domain/error-message'
import { sql } from 'kysely'
import type { AlertFiring } from '../../domain/alerts'
import type { NotificationsResponse } from '../../domain/api/alerts.schema'
import { DomainError } from '../../domain/errors'
import { toDecimal } from '../../domain/money'
import { bpsToRatio } from '../../domain/spendable'
import type { Deps } from '../http/route-table'
import type { Tx } from '../db/connect'

/** Writes one in-app notification; one with a dedupe key is written at most once per user. */
export async function notify(
  deps: Pick<Deps, 'newId' | 'now'>,
  db: Tx,
  to: { userId: string; accountId: string },
  firing:
    | AlertFiring
    | { kind: 'purchase_above'; amount: bigint; threshold: bigint; merchant: string; dedupeKey: string },
) {
  await db
    .insertInto('notifications')
    .values({
      id: deps.newId(),
      user_id: to.userId,
      account_id: to.accountId,
      kind: firing.kind,
      amount: 'amount' in firing ? firing.amount : null,
      threshold: 'threshold' in firing ? firing.threshold : null,
      merchant: 'merchant' in firing ? firing.merchant : null,
      health_bps: 'healthBps' in firing ? firing.healthBps : null,
      dedupe_key: 'dedupeKey' in firing ? firing.dedupeKey : null,
      created_at: deps.now(),
    })
    .onConflict((oc) => oc.columns(['user_id', 'dedupe_key']).where('dedupe_key', 'is not', null).doNothing())
    .execute()
}

/**
 * The user's notifications they may still see: those about accounts they belong to now. A person removed from a
 * company sees none of its notifications any longer (and those written after, by an alert decided just before
 * the removal committed), without their other accounts' going.
 */
const visible = (db: Tx, userId: string) =>
  db
    .selectFrom('notifications as n')
    .innerJoin('account_members as m', (join) =>
      join.onRef('m.account_id', '=', 'n.account_id').onRef('m.user_id', '=', 'n.user_id'),
    )
    .where('n.user_id', '=', userId)

/** The caller's own notifications on the accounts they belong to, newest first, with how many are unread. */
export async function listNotifications(db: Tx, userId: string, limit: number): Promise<NotificationsResponse> {
  const rows = await visible(db, userId)
    .innerJoin('accounts as a', 'a.id', 'n.account_id')
    .select([
      'n.id',
      'n.account_id',
      'a.name as account_name',
      'n.kind',
      'n.amount',
      'n.threshold',
      'n.merchant',
      'n.health_bps',
      'n.read_at',
      'n.created_at',
    ])
    .orderBy('n.created_at', 'desc')
    .orderBy('n.seq', 'desc')
    .limit(limit)
    .execute()
  const unread = await visible(db, userId)
    .select(sql<number>`count(*)::int`.as('n'))
    .where('n.read_at', 'is', null)
    .executeTakeFirstOrThrow()
  const usd = (v: bigint | null) => (v === null ? null : toDecimal(v, 'USDC'))
  return {
    items: rows.map((r) => ({
      id: r.id,
      accountId: r.account_id,
      accountName: r.account_name,
      kind: r.kind,
      amount: usd(r.amount),
      threshold: usd(r.threshold),
      merchant: r.merchant,
      health: r.health_bps === null ? null : bpsToRatio(r.health_bps),
      read: r.read_at !== null,
      createdAt: r.created_at.toISOString(),
    })),
    unread: Number(unread.n),
  }
}

/** Marks one of the caller's notifications read; another user's, or one they may no longer see, is "not found". */
export async function markNotificationRead(db: Tx, userId: string, notificationId: string, now: Date, limit = 20) {
  const found = await visible(db, userId).select('n.read_at').where('n.id', '=', notificationId).executeTakeFirst()
  if (!found) throw new DomainError('not_found', say('no_such_notification'))
  if (found.read_at === null)
    await db
      .updateTable('notifications')
      .set({ read_at: now })
      .where('id', '=', notificationId)
      .where('user_id', '=', userId)
      .execute()
  return listNotifications(db, userId, limit)
}

/** Marks every one of the caller's notifications they may see read. */
export async function markAllNotificationsRead(db: Tx, userId: string, now: Date, limit = 20) {
  await db
    .updateTable('notifications')
    .set({ read_at: now })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .where('account_id', 'in', db.selectFrom('account_members').select('account_id').where('user_id', '=', userId))
    .execute()
  return listNotifications(db, userId, limit)
}
