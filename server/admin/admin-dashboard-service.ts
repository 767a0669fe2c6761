import type { AdminDashboard } from '../../domain/api/admin-people.schema'
import type { Deps } from '../http/route-table'
import { checkLedger } from '../ledger/ledger-check'

/** The back office's front page: what waits for staff, and whether the books and the clients are healthy. */
export async function adminDashboard(deps: Deps): Promise<AdminDashboard> {
  const db = deps.db.kysely
  const count = (n: { n: string | number | bigint } | undefined) => Number(n?.n ?? 0)
  const open = ['submitted', 'in_review'] as const
  const kyc = await db
    .selectFrom('identity_applications')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('kind', '=', 'kyc')
    .where('parent_id', 'is', null)
    .where('status', 'in', open)
    .executeTakeFirst()
  const kyb = await db
    .selectFrom('identity_applications')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('kind', '=', 'kyb')
    .where('status', 'in', open)
    .executeTakeFirst()
  const recons = await db
    .selectFrom('failed_recons')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', '=', 'open')
    .executeTakeFirst()
  const holds = await db
    .selectFrom('holds')
    .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.min('created_at').as('oldest')])
    .where('status', '=', 'pending')
    .executeTakeFirst()
  const inbox = await db
    .selectFrom('error_inbox')
    .select(['id', 'received_at', 'event_id', 'item_types', 'summary', 'size_bytes'])
    .orderBy('received_at', 'desc')
    .limit(5)
    .execute()
  const oldest = holds?.oldest ? new Date(holds.oldest as unknown as string) : null
  return {
    pendingKyc: count(kyc),
    pendingKyb: count(kyb),
    openFailedRecons: count(recons),
    pendingHolds: { count: count(holds), oldestAt: oldest ? oldest.toISOString() : null },
    ledger: await checkLedger(db),
    errorInbox: {
      items: inbox.map((r) => ({
        id: r.id,
        receivedAt: r.received_at.toISOString(),
        eventId: r.event_id,
        itemTypes: r.item_types,
        summary: r.summary,
        sizeBytes: r.size_bytes,
      })),
    },
  }
}
