import { z } from 'zod'
import { LedgerCheckResponse } from '../../domain/api/ledger.schema'
import { ErrorInboxResponse } from '../../domain/api/meta.schema'
import { AuditQuery, AuditResponse } from '../../domain/api/admin.schema'
import { listAudit } from '../audit/audit'
import { defineRoute } from '../http/route-table'
import { checkLedger } from '../ledger/ledger-check'

export const adminRoutes = [
  defineRoute({
    method: 'get',
    path: '/admin/ledger/check',
    summary: 'Check the whole ledger: balanced journals, cached balances equal to their entries',
    tag: 'admin',
    access: { kind: 'platform_admin' },
    response: LedgerCheckResponse,
    handler: ({ deps }) => checkLedger(deps.db.kysely),
  }),
  defineRoute({
    method: 'get',
    path: '/admin/error-inbox',
    summary: 'Client error reports kept locally (when no Sentry DSN is configured), newest first',
    tag: 'admin',
    access: { kind: 'platform_admin' },
    query: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
    response: ErrorInboxResponse,
    handler: async ({ db, query }) => {
      const rows = await db
        .selectFrom('error_inbox')
        .select(['id', 'received_at', 'event_id', 'item_types', 'summary', 'size_bytes'])
        .orderBy('received_at', 'desc')
        .limit(query.limit)
        .execute()
      return {
        items: rows.map((r) => ({
          id: r.id,
          receivedAt: r.received_at.toISOString(),
          eventId: r.event_id,
          itemTypes: r.item_types,
          summary: r.summary,
          sizeBytes: r.size_bytes,
        })),
      }
    },
  }),
  defineRoute({
    method: 'get',
    path: '/admin/audit',
    summary: 'The append-only admin audit log, newest first; filter by subject (e.g. a card) or by actor',
    tag: 'admin',
    access: { kind: 'platform_admin' },
    query: AuditQuery,
    response: AuditResponse,
    handler: async ({ db, query }) => ({ items: await listAudit(db, query) }),
  }),
]
