import { z } from 'zod'
import {
  AdminAccountDetail,
  AdminAccountFreeze,
  AdminAccountsResponse,
  AdminCardDetail,
  AdminCardLimitsBody,
  AdminCardsResponse,
  AdminDashboard,
  AdminOptionalReasonBody,
  AdminReasonBody,
  AdminSearchQuery,
  AdminUserDetail,
  AdminUsersResponse,
} from '../../domain/api/admin-people.schema'
import { CardView } from '../../domain/api/money-out.schema'
import { defineRoute, type Deps } from '../http/route-table'
import type { Tx } from '../db/connect'
import { setAccountFrozen } from './account-freeze-service'
import { accountDetail, searchAccounts } from './admin-account-service'
import { adminSetCardLimits, adminSetCardStatus, cardDetail, searchCards } from './admin-card-service'
import { adminDashboard } from './admin-dashboard-service'
import { searchUsers, userDetail } from './admin-user-service'

const admin = { kind: 'platform_admin' } as const
const inTx = <T>(deps: Deps, work: (tx: Tx) => Promise<T>) => deps.db.kysely.transaction().execute(work)
const AccountId = z.object({ accountId: z.uuid() })
const CardId = z.object({ cardId: z.uuid() })

export const adminPeopleRoutes = [
  defineRoute({
    method: 'get',
    path: '/accounts/:accountId/freeze',
    summary: 'Whether Cash froze the account, since when and why (its members see it on home)',
    tag: 'accounts',
    access: { kind: 'account', roles: ['holder', 'owner', 'admin', 'member'] },
    params: AccountId,
    response: AdminAccountFreeze,
    handler: async ({ db, params }) => {
      const a = await db
        .selectFrom('accounts')
        .select(['id', 'frozen_at', 'frozen_reason'])
        .where('id', '=', params.accountId)
        .executeTakeFirstOrThrow()
      return {
        id: a.id,
        frozen: a.frozen_at !== null,
        frozenAt: a.frozen_at ? a.frozen_at.toISOString() : null,
        frozenReason: a.frozen_reason,
      }
    },
  }),
  defineRoute({
    method: 'get',
    path: '/admin/dashboard',
    summary:
      'Queues and health in one call: pending KYC/KYB, open failed ' +
      'recons, pending holds, the ledger check, the newest client errors',
    tag: 'admin',
    access: admin,
    response: AdminDashboard,
    handler: ({ deps }) => adminDashboard(deps),
  }),
  defineRoute({
    method: 'get',
    path: '/admin/users',
    summary: 'Find people by e-mail (prefix), name, safe address, account id or user id; case-insensitive',
    tag: 'admin',
    access: admin,
    query: AdminSearchQuery,
    response: AdminUsersResponse,
    handler: ({ db, query }) => searchUsers(db, query.q),
  }),
  defineRoute({
    method: 'get',
    path: '/admin/users/:userId',
    summary: 'A person: profile, KYC, accounts, live sessions, open KYC applications',
    tag: 'admin',
    access: admin,
    params: z.object({ userId: z.uuid() }),
    response: AdminUserDetail,
    handler: ({ deps, db, params }) => userDetail(deps, db, params.userId),
  }),
  defineRoute({
    method: 'get',
    path: '/admin/accounts',
    summary: 'Find accounts by id, safe address, a member’s e-mail or id, or name; one result names the account',
    tag: 'admin',
    access: admin,
    query: AdminSearchQuery,
    response: AdminAccountsResponse,
    handler: ({ db, query }) => searchAccounts(db, query.q),
  }),
  defineRoute({
    method: 'get',
    path: '/admin/accounts/:accountId',
    summary: 'An account: settings, freeze, balances, members, cards, recent activity, open KYB',
    tag: 'admin',
    access: admin,
    params: AccountId,
    response: AdminAccountDetail,
    handler: ({ deps, db, params }) => accountDetail(deps, db, params.accountId),
  }),
  defineRoute({
    method: 'post',
    path: '/admin/accounts/:accountId/freeze',
    summary:
      'Freeze an account (reason required): card purchases ' +
      'declined, money out refused, deposits still credited; audited',
    tag: 'admin',
    access: admin,
    params: AccountId,
    body: AdminReasonBody,
    response: AdminAccountFreeze,
    handler: ({ deps, params, body, principal }) =>
      inTx(deps, (tx) => setAccountFrozen(deps, tx, principal!.userId, params.accountId, true, body.reason)),
  }),
  defineRoute({
    method: 'post',
    path: '/admin/accounts/:accountId/unfreeze',
    summary: 'Unfreeze an account; audited',
    tag: 'admin',
    access: admin,
    params: AccountId,
    body: AdminOptionalReasonBody,
    response: AdminAccountFreeze,
    handler: ({ deps, params, body, principal }) =>
      inTx(deps, (tx) => setAccountFrozen(deps, tx, principal!.userId, params.accountId, false, body.reason)),
  }),
  defineRoute({
    method: 'get',
    path: '/admin/cards',
    summary: 'Find cards by last 4 digits, card, account or cardholder id, or cardholder e-mail',
    tag: 'admin',
    access: admin,
    query: AdminSearchQuery,
    response: AdminCardsResponse,
    handler: ({ db, query }) => searchCards(db, query.q),
  }),
  defineRoute({
    method: 'get',
    path: '/admin/cards/:cardId',
    summary: 'A card with its holder, account and latest authorizations',
    tag: 'admin',
    access: admin,
    params: CardId,
    response: AdminCardDetail,
    handler: ({ db, params }) => cardDetail(db, params.cardId),
  }),
  defineRoute({
    method: 'post',
    path: '/admin/cards/:cardId/freeze',
    summary: 'Freeze a card (reason required; its purchases are declined); audited',
    tag: 'admin',
    access: admin,
    params: CardId,
    body: AdminReasonBody,
    response: CardView,
    handler: ({ deps, params, body, principal }) =>
      inTx(deps, (tx) => adminSetCardStatus(deps, tx, principal!.userId, params.cardId, 'frozen', body.reason)),
  }),
  defineRoute({
    method: 'post',
    path: '/admin/cards/:cardId/unfreeze',
    summary: 'Unfreeze a card; audited',
    tag: 'admin',
    access: admin,
    params: CardId,
    body: AdminOptionalReasonBody,
    response: CardView,
    handler: ({ deps, params, body, principal }) =>
      inTx(deps, (tx) => adminSetCardStatus(deps, tx, principal!.userId, params.cardId, 'active', body.reason)),
  }),
  defineRoute({
    method: 'post',
    path: '/admin/cards/:cardId/cancel',
    summary: 'Cancel a card for good (reason required); audited',
    tag: 'admin',
    access: admin,
    params: CardId,
    body: AdminReasonBody,
    response: CardView,
    handler: ({ deps, params, body, principal }) =>
      inTx(deps, (tx) => adminSetCardStatus(deps, tx, principal!.userId, params.cardId, 'cancelled', body.reason)),
  }),
  defineRoute({
    method: 'put',
    path: '/admin/cards/:cardId/limits',
    summary: 'Set a card’s own limits per purchase, day and month (empty: none); audited',
    tag: 'admin',
    access: admin,
    params: CardId,
    body: AdminCardLimitsBody,
    response: CardView,
    handler: ({ deps, params, body, principal }) =>
      inTx(deps, (tx) => adminSetCardLimits(deps, tx, principal!.userId, params.cardId, body)),
  }),
]
