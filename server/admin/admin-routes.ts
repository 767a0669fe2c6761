import { LedgerCheckResponse } from '../../domain/api/ledger.schema'
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
]
