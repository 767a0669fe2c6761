import {
  CreateManualRefundRequest,
  FailedRecon,
  FailedReconsResponse,
  HoldActionRequest,
  HoldActionResponse,
  HoldParams,
  InvestigateQuery,
  InvestigateResponse,
  ManualRefund,
  ManualRefundsResponse,
  MatchReconRequest,
  PendingHoldsResponse,
  ReconCandidatesResponse,
  ReconParams,
  RefundParams,
  RefundReconRequest,
  RejectManualRefundRequest,
  WriteOffReconRequest,
} from '../../domain/api/admin-money.schema'
import { toDecimal } from '../../domain/money'
import { defineRoute, type Principal } from '../http/route-table'
import { adminReleaseHold, listPendingHolds } from './holds-admin-service'
import { investigate } from './investigate-service'
import { listFailedRecons, matchRecon, reconCandidates, refundRecon, writeOffRecon } from './recons-service'
import { REFUND_APPROVAL_THRESHOLD } from '../../domain/manual-refunds'
import { approveManualRefund, createManualRefund, listManualRefunds, rejectManualRefund } from './refunds-service'

const admin = { kind: 'platform_admin' } as const
/** The signed-in admin (platform_admin routes always have one). */
const actor = (p: Principal | null) => ({ userId: p!.userId })

/** Back office money (issue 9 part B): failed recons, investigate, manual refunds, pending holds. */
export const adminMoneyRoutes = [
  defineRoute({
    method: 'get',
    path: '/admin/failed-recons',
    summary: 'Failed recons, open first',
    tag: 'admin',
    access: admin,
    response: FailedReconsResponse,
    handler: async ({ db }) => ({ items: await listFailedRecons(db) }),
  }),
  defineRoute({
    method: 'get',
    path: '/admin/failed-recons/:reconId/candidates',
    summary: 'Approved authorizations (hold pending) a failed recon could be matched to',
    tag: 'admin',
    access: admin,
    params: ReconParams,
    response: ReconCandidatesResponse,
    handler: async ({ db, params }) => ({ items: await reconCandidates(db, params.reconId) }),
  }),
  defineRoute({
    method: 'post',
    path: '/admin/failed-recons/:reconId/match',
    summary: 'Match a failed recon to an authorization: its clearing is posted as a matched clearing would be',
    tag: 'admin',
    access: admin,
    moneyMoving: true,
    params: ReconParams,
    body: MatchReconRequest,
    response: FailedRecon,
    handler: ({ deps, db, params, body, principal }) => matchRecon(deps, db, actor(principal), params.reconId, body),
  }),
  defineRoute({
    method: 'post',
    path: '/admin/failed-recons/:reconId/write-off',
    summary: 'Write a failed recon off: the platform absorbs the amount (write_offs → card_settlement)',
    tag: 'admin',
    access: admin,
    moneyMoving: true,
    params: ReconParams,
    body: WriteOffReconRequest,
    response: FailedRecon,
    handler: ({ deps, db, params, body, principal }) => writeOffRecon(deps, db, actor(principal), params.reconId, body),
  }),
  defineRoute({
    method: 'post',
    path: '/admin/failed-recons/:reconId/refund',
    summary: 'Refund a failed recon to the holder (card_settlement → their USDC cash)',
    tag: 'admin',
    access: admin,
    moneyMoving: true,
    params: ReconParams,
    body: RefundReconRequest,
    response: FailedRecon,
    handler: ({ deps, db, params, body, principal }) => refundRecon(deps, db, actor(principal), params.reconId, body),
  }),
  defineRoute({
    method: 'get',
    path: '/admin/investigate',
    // Nothing matches what was searched.
    errorStatuses: [404],
    summary:
      'Investigate a transaction by id, on-chain hash or reference: its lifecycle, journals with entries, and holds',
    tag: 'admin',
    access: admin,
    query: InvestigateQuery,
    response: InvestigateResponse,
    handler: ({ db, query }) => investigate(db, query.q),
  }),
  defineRoute({
    method: 'get',
    path: '/admin/manual-refunds',
    summary: 'Manual refunds, those waiting for a second admin first',
    tag: 'admin',
    access: admin,
    response: ManualRefundsResponse,
    handler: async ({ db }) => ({
      items: await listManualRefunds(db),
      approvalThreshold: toDecimal(REFUND_APPROVAL_THRESHOLD, 'USDC'),
    }),
  }),
  defineRoute({
    method: 'post',
    path: '/admin/manual-refunds',
    // The authorization named does not exist.
    errorStatuses: [404],
    summary:
      'Create a manual refund: paid at once while the admin’s and the account’s refunds paid at once over 24 hours ' +
      'stay within $1,000, otherwise it waits for a second admin; at most $10,000 asked per admin per 24 hours',
    tag: 'admin',
    access: admin,
    moneyMoving: true,
    status: 201,
    body: CreateManualRefundRequest,
    response: ManualRefund,
    handler: ({ deps, db, body, principal }) => createManualRefund(deps, db, actor(principal), body),
  }),
  defineRoute({
    method: 'post',
    path: '/admin/manual-refunds/:refundId/approve',
    summary: 'Approve a refund above $1,000 (never by the admin who asked for it): it is paid',
    tag: 'admin',
    access: admin,
    moneyMoving: true,
    params: RefundParams,
    response: ManualRefund,
    handler: ({ deps, db, params, principal }) => approveManualRefund(deps, db, actor(principal), params.refundId),
  }),
  defineRoute({
    method: 'post',
    path: '/admin/manual-refunds/:refundId/reject',
    summary: 'Reject a refund waiting for approval, with a reason',
    tag: 'admin',
    access: admin,
    moneyMoving: true,
    params: RefundParams,
    body: RejectManualRefundRequest,
    response: ManualRefund,
    handler: ({ deps, db, params, body, principal }) =>
      rejectManualRefund(deps, db, actor(principal), params.refundId, body),
  }),
  defineRoute({
    method: 'get',
    path: '/admin/holds/pending',
    summary: 'Pending holds, soonest to expire first',
    tag: 'admin',
    access: admin,
    response: PendingHoldsResponse,
    handler: async ({ db }) => ({ items: await listPendingHolds(db) }),
  }),
  defineRoute({
    method: 'post',
    path: '/admin/holds/:holdId/release',
    summary:
      'Release (void) a pending hold: the money is available again; what it reserved for is reversed or cancelled',
    tag: 'admin',
    access: admin,
    moneyMoving: true,
    params: HoldParams,
    body: HoldActionRequest,
    response: HoldActionResponse,
    handler: ({ deps, db, params, body, principal }) =>
      adminReleaseHold(deps, db, actor(principal), params.holdId, 'release', body.reason),
  }),
  defineRoute({
    method: 'post',
    path: '/admin/holds/:holdId/force-expire',
    summary: 'Force-expire a pending hold now, as the expiry job would, marked as forced',
    tag: 'admin',
    access: admin,
    moneyMoving: true,
    params: HoldParams,
    body: HoldActionRequest,
    response: HoldActionResponse,
    handler: ({ deps, db, params, body, principal }) =>
      adminReleaseHold(deps, db, actor(principal), params.holdId, 'force_expire', body.reason),
  }),
]
