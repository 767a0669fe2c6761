import { say } from '../../domain/error-message'
import {
  FEEDBACK_PER_HOUR,
  type AdminFeedbackItem,
  type FeedbackBody,
  type FeedbackView,
} from '../../domain/api/support.schema'
import { DomainError } from '../../domain/errors'
import { recordAudit } from '../audit/audit'
import type { Deps, Principal } from '../http/route-table'
import type { Tx } from '../db/connect'

const HOUR_MS = 3_600_000

/**
 * Stores a holder's feedback against the account they act on (their first membership, if any). At most
 * FEEDBACK_PER_HOUR in any rolling hour: the sender's row is locked first, so two sends at once cannot both
 * slip under the limit. The refusal says when the next one will be accepted (`details.retryAt`).
 */
export async function sendFeedback(deps: Deps, principal: Principal, body: FeedbackBody): Promise<FeedbackView> {
  return deps.db.kysely.transaction().execute(async (tx) => {
    const now = deps.now()
    await tx
      .selectFrom('users')
      .select('id')
      .where('id', '=', principal.userId)
      .forNoKeyUpdate()
      .executeTakeFirstOrThrow()
    const recent = await tx
      .selectFrom('feedback')
      .select('created_at')
      .where('user_id', '=', principal.userId)
      .where('created_at', '>', new Date(now.getTime() - HOUR_MS))
      .orderBy('created_at', 'asc')
      .execute()
    if (recent.length >= FEEDBACK_PER_HOUR) {
      const retryAt = new Date(recent[recent.length - FEEDBACK_PER_HOUR]!.created_at.getTime() + HOUR_MS)
      throw new DomainError(
        'rate_limited',
        say('feedback_per_hour', { max: FEEDBACK_PER_HOUR, retryAt: retryAt.toISOString() }),
        undefined,
        {
          retryAt: retryAt.toISOString(),
          limit: FEEDBACK_PER_HOUR,
        },
      )
    }
    const row = {
      id: deps.newId(),
      user_id: principal.userId,
      account_id: principal.memberships[0]?.accountId ?? null,
      rating: body.rating,
      message: body.message,
      page: body.page ?? null,
      created_at: now,
    }
    await tx.insertInto('feedback').values(row).execute()
    return { id: row.id, rating: row.rating, message: row.message, page: row.page, createdAt: now.toISOString() }
  })
}

function inboxQuery(db: Tx) {
  return db
    .selectFrom('feedback as f')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .leftJoin('accounts as a', 'a.id', 'f.account_id')
    .select([
      'f.id',
      'f.rating',
      'f.message',
      'f.page',
      'f.created_at',
      'f.read_at',
      'u.id as user_id',
      'u.email',
      'u.name as user_name',
      'a.id as account_id',
      'a.name as account_name',
    ])
}
type InboxRow = Awaited<ReturnType<ReturnType<typeof inboxQuery>['executeTakeFirstOrThrow']>>

const toItem = (r: InboxRow): AdminFeedbackItem => ({
  id: r.id,
  rating: r.rating,
  message: r.message,
  page: r.page,
  createdAt: r.created_at.toISOString(),
  readAt: r.read_at ? r.read_at.toISOString() : null,
  user: { id: r.user_id, email: r.email, name: r.user_name },
  account: r.account_id && r.account_name !== null ? { id: r.account_id, name: r.account_name } : null,
})

async function unreadCount(db: Tx): Promise<number> {
  const row = await db
    .selectFrom('feedback')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** The admin inbox: newest first, optionally unread only, with the count of unread messages. */
export async function listFeedback(
  db: Tx,
  filter: { limit: number; unreadOnly: boolean },
): Promise<{ items: AdminFeedbackItem[]; unread: number }> {
  let q = inboxQuery(db)
  if (filter.unreadOnly) q = q.where('f.read_at', 'is', null)
  const rows = await q.orderBy('f.created_at', 'desc').orderBy('f.id').limit(filter.limit).execute()
  return { items: rows.map(toItem), unread: await unreadCount(db) }
}

/**
 * Marks one message read, with its audit line in the same transaction. Already read: nothing changes and
 * nothing is audited (the first reader and time stay).
 */
export async function markFeedbackRead(
  deps: Deps,
  adminId: string,
  id: string,
): Promise<{ item: AdminFeedbackItem; unread: number }> {
  return deps.db.kysely.transaction().execute(async (tx) => {
    const current = await tx
      .selectFrom('feedback')
      .select(['id', 'read_at'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst()
    if (!current) throw new DomainError('not_found', say('no_feedback_id'))
    if (!current.read_at) {
      const now = deps.now()
      await tx.updateTable('feedback').set({ read_at: now }).where('id', '=', id).execute()
      await recordAudit(deps, tx, {
        actorId: adminId,
        action: 'feedback.read',
        subjectType: 'feedback',
        subjectId: id,
        before: { readAt: null },
        after: { readAt: now.toISOString() },
      })
    }
    const item = toItem(await inboxQuery(tx).where('f.id', '=', id).executeTakeFirstOrThrow())
    return { item, unread: await unreadCount(tx) }
  })
}
