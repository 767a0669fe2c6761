import { z } from 'zod'
import { JournalResult, SandboxMovementBody } from '../../domain/api/ledger.schema'
import { SandboxJobsResult, SandboxSettings, SandboxSettingsBody, SandboxTarget } from '../../domain/api/sandbox.schema'
import { defineRoute, type Deps } from '../http/route-table'
import { perServer } from '../db/group-commit'
import { idempotentBatcher } from '../http/idempotent-batch'
import { moveCustody, moveCustodyMany } from '../ledger/transfer-service'
import { settleDueJobs } from '../jobs/sandbox-clock'
import { sandboxSettings, sandboxTarget, setSandboxSettings } from './sandbox-target'

/** A sandbox call that moves an asset into (`in`) or out of (`out`) a holder's cash through the ledger. */
function custodyRoute(direction: 'in' | 'out', path: string, summary: string) {
  // Deposits and debits share commits: a burst of them is one transaction (the bench's postings).
  const batch = perServer((deps: Deps) =>
    idempotentBatcher(deps, 201, (d, tx, inputs: z.output<typeof SandboxMovementBody>[]) =>
      moveCustodyMany(d, tx, direction, inputs),
    ),
  )
  return defineRoute({
    method: 'post',
    path,
    summary,
    tag: 'sandbox',
    access: { kind: 'platform_admin' },
    sandbox: true,
    moneyMoving: true,
    // The account named does not exist.
    errorStatuses: [404],
    status: 201,
    body: SandboxMovementBody,
    response: JournalResult,
    batch,
    handler: ({ deps, db, body }) => moveCustody(deps, db, direction, body),
  })
}

/** The sandbox control API: makes provider events happen for QA and tests. Off in production mode. */
export const sandboxRoutes = [
  custodyRoute('in', '/sandbox/deposits', 'Credit an account as if a deposit of the asset had arrived'),
  custodyRoute(
    'out',
    '/sandbox/debits',
    'Debit an account as if the asset had been sent out; refused when it would overdraw',
  ),
  defineRoute({
    method: 'get',
    path: '/sandbox/targets/:who',
    summary:
      'What the sandbox controls can act on for an account (by a member’s e-mail or the account id): ' +
      'cards, deposit address, pending PIX charges, recent purchases, open identity applications',
    tag: 'sandbox',
    access: { kind: 'platform_admin' },
    sandbox: true,
    params: z.object({ who: z.string().min(1).max(254) }),
    response: SandboxTarget,
    handler: ({ db, params }) => sandboxTarget(db, params.who),
  }),
  defineRoute({
    method: 'post',
    path: '/sandbox/jobs/run',
    summary: 'Run every job due now (provider events, settlements, mail) and answer once none is left',
    tag: 'sandbox',
    access: { kind: 'platform_admin' },
    sandbox: true,
    response: SandboxJobsResult,
    handler: async ({ deps }) => ({ ranJobs: await settleDueJobs(deps.runDueJobs!, deps.db, deps.now) }),
  }),
  defineRoute({
    method: 'get',
    path: '/sandbox/settings',
    summary: 'The sandbox’s settings (whether the identity provider decides applications itself)',
    tag: 'sandbox',
    access: { kind: 'platform_admin' },
    sandbox: true,
    response: SandboxSettings,
    handler: ({ db }) => sandboxSettings(db),
  }),
  defineRoute({
    method: 'put',
    path: '/sandbox/settings',
    summary: 'Change the sandbox’s settings: `identityDecisions: manual` leaves new applications pending for an admin',
    tag: 'sandbox',
    access: { kind: 'platform_admin' },
    sandbox: true,
    body: SandboxSettingsBody,
    response: SandboxSettings,
    handler: ({ deps, db, body }) => setSandboxSettings(deps, db, body),
  }),
]
