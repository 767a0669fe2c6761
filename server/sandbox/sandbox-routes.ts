import { JournalResult, SandboxMovementBody } from '../../domain/api/ledger.schema'
import { defineRoute } from '../http/route-table'
import { moveCustody } from '../ledger/transfer-service'

/** A sandbox call that moves an asset into (`in`) or out of (`out`) a holder's cash through the ledger. */
function custodyRoute(direction: 'in' | 'out', path: string, summary: string) {
  return defineRoute({
    method: 'post',
    path,
    summary,
    tag: 'sandbox',
    access: { kind: 'platform_admin' },
    sandbox: true,
    moneyMoving: true,
    status: 201,
    body: SandboxMovementBody,
    response: JournalResult,
    handler: ({ deps, db, body }) => moveCustody(deps, db, direction, body),
  })
}

/** The sandbox control API: makes provider events happen for QA and tests. Off in production mode. */
export const sandboxRoutes = [
  custodyRoute('in', '/sandbox/deposits', 'Credit an account as if a deposit of the asset had arrived'),
  custodyRoute('out', '/sandbox/debits', 'Debit an account as if the asset had been sent out; refused when it would overdraw'),
]
