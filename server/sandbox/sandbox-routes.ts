import { JournalResult, SandboxMovementBody } from '../../domain/api/ledger.schema'
import { defineRoute } from '../http/route-table'
import { moveCustody } from '../ledger/transfer-service'

/** The sandbox control API: makes provider events happen for QA and tests. Off in production mode. */
export const sandboxRoutes = [
  defineRoute({
    method: 'post',
    path: '/sandbox/deposits',
    summary: 'Credit an account as if a deposit of the asset had arrived',
    tag: 'sandbox',
    access: { kind: 'platform_admin' },
    sandbox: true,
    moneyMoving: true,
    status: 201,
    body: SandboxMovementBody,
    response: JournalResult,
    handler: ({ deps, db, body }) => moveCustody(deps, db, 'in', body),
  }),
  defineRoute({
    method: 'post',
    path: '/sandbox/debits',
    summary: 'Debit an account as if the asset had been sent out; refused when it would overdraw',
    tag: 'sandbox',
    access: { kind: 'platform_admin' },
    sandbox: true,
    moneyMoving: true,
    status: 201,
    body: SandboxMovementBody,
    response: JournalResult,
    handler: ({ deps, db, body }) => moveCustody(deps, db, 'out', body),
  }),
]
