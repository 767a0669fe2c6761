import { z } from 'zod'
import { AccountParams } from '../../domain/api/account.schema'
import {
  ApproveRecoveryBody,
  CancelRecoveryBody,
  CreateSafeBody,
  OnboardingView,
  RecoverySignerBody,
  SafeView,
  StartRecoveryBody,
} from '../../domain/api/safe.schema'
import { defineRoute } from '../http/route-table'
import { onboardingState } from './onboarding-service'
import {
  adminApproveRecovery,
  approveRecovery,
  cancelRecovery,
  createSafe,
  getSafe,
  setHolderRecoverySigner,
  startRecovery,
} from './safe-service'

const owners = { kind: 'account', roles: ['holder', 'owner'] } as const
const RecoveryParams = z.object({ recoveryId: z.uuid() })

export const safeRoutes = [
  defineRoute({
    method: 'get',
    path: '/onboarding/:kind',
    summary: 'Where you are in onboarding (profile → KYC/KYB → safe → first card), from the account’s real state',
    tag: 'onboarding',
    access: { kind: 'user' },
    params: z.object({ kind: z.enum(['personal', 'corporate']) }),
    response: OnboardingView,
    handler: ({ db, params, principal }) => onboardingState(db, principal!, params.kind),
  }),
  defineRoute({
    method: 'get',
    path: '/accounts/:accountId/safe',
    summary:
      'The account’s safe: address, owners, threshold, recovery, pending security ' +
      'operations; before creation, the plan and its counterfactual address',
    tag: 'safe',
    access: { kind: 'account', roles: ['holder', 'owner', 'admin', 'member'] },
    params: AccountParams,
    response: SafeView,
    handler: ({ deps, db, params }) => getSafe(deps, db, params.accountId),
  }),
  defineRoute({
    method: 'post',
    path: '/accounts/:accountId/safe',
    whenFrozen: 'allow',
    summary: 'Create the safe (verified accounts; holder or owners): the address is fixed now, the chain deploys it',
    tag: 'safe',
    access: owners,
    status: 201,
    params: AccountParams,
    body: CreateSafeBody,
    response: SafeView,
    handler: ({ deps, params, body, principal }) =>
      deps.db.kysely.transaction().execute((tx) => createSafe(deps, tx, principal!, params.accountId, body.threshold)),
  }),
  defineRoute({
    method: 'put',
    path: '/accounts/:accountId/safe/recovery-signer',
    whenFrozen: 'refuse',
    summary: 'Set your own recovery signer, the third of three (confirmed)',
    tag: 'safe',
    access: owners,
    params: AccountParams,
    body: RecoverySignerBody,
    response: SafeView,
    handler: ({ deps, params, body, principal }) =>
      deps.db.kysely
        .transaction()
        .execute((tx) => setHolderRecoverySigner(deps, tx, principal!, params.accountId, body)),
  }),
  defineRoute({
    method: 'post',
    path: '/accounts/:accountId/safe/recoveries',
    whenFrozen: 'refuse',
    summary:
      'Start a recovery naming the incoming owner (confirmed); 2 ' +
      'of 3 recovery signers must approve, then it waits 3 days',
    tag: 'safe',
    access: owners,
    status: 201,
    params: AccountParams,
    body: StartRecoveryBody,
    response: SafeView,
    handler: ({ deps, params, body, principal }) =>
      deps.db.kysely.transaction().execute((tx) => startRecovery(deps, tx, principal!, params.accountId, body)),
  }),
  defineRoute({
    method: 'post',
    path: '/accounts/:accountId/safe/recoveries/cancel',
    whenFrozen: 'allow',
    summary: 'Cancel the recovery in progress (confirmed) before it executes',
    tag: 'safe',
    access: owners,
    params: AccountParams,
    body: CancelRecoveryBody,
    response: SafeView,
    handler: ({ deps, params, body, principal }) =>
      deps.db.kysely
        .transaction()
        .execute((tx) => cancelRecovery(deps, tx, principal!, params.accountId, body.confirmation)),
  }),
  defineRoute({
    method: 'post',
    path: '/accounts/:accountId/safe/recoveries/:recoveryId/approve',
    whenFrozen: 'refuse',
    summary: 'Your recovery key approves: a signature (personal_sign) of the recovery message',
    tag: 'safe',
    access: owners,
    params: AccountParams.extend(RecoveryParams.shape),
    body: ApproveRecoveryBody,
    response: SafeView,
    handler: ({ deps, params, body }) =>
      deps.db.kysely.transaction().execute(async (tx) => {
        await approveRecovery(deps, tx, params.recoveryId, 'holder', body.signature as `0x${string}`, params.accountId)
        return getSafe(deps, tx, params.accountId)
      }),
  }),
  defineRoute({
    method: 'post',
    path: '/admin/recoveries/:recoveryId/approve',
    summary: 'The platform’s recovery signer approves a recovery (admins, after checking who asks)',
    tag: 'admin',
    access: { kind: 'platform_admin' },
    params: RecoveryParams,
    response: z.object({ accountId: z.uuid() }),
    handler: ({ deps, params, principal }) =>
      deps.db.kysely
        .transaction()
        .execute((tx) => adminApproveRecovery(deps, tx, principal!.userId, params.recoveryId)),
  }),
  defineRoute({
    method: 'post',
    path: '/sandbox/recoveries/:recoveryId/partner-approve',
    summary: 'The third-party recovery partner approves a recovery',
    tag: 'sandbox',
    access: { kind: 'platform_admin' },
    sandbox: true,
    params: RecoveryParams,
    response: z.object({ accountId: z.uuid() }),
    handler: ({ deps, params }) =>
      deps.db.kysely.transaction().execute((tx) => approveRecovery(deps, tx, params.recoveryId, 'third_party')),
  }),
]
