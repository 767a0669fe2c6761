import { z } from 'zod'
import {
  AccountParams,
  ActivityResponse,
  BalancesResponse,
  LimitsResponse,
  OpenAccountBody,
  OpenAccountResponse,
} from '../../domain/api/account.schema'
import { openAccount } from './open-account'
import { LimitsBody } from '../../domain/api/money-out.schema'
import { changeLimits, getLimits } from './limits-service'
import { defineRoute } from '../http/route-table'
import { getActivity, getBalances } from './account-service'

const ANY_MEMBER = ['holder', 'owner', 'admin', 'member'] as const

export const accountRoutes = [
  defineRoute({
    method: 'post',
    path: '/accounts',
    summary: 'Open an account: your personal account (one per person), or a company you will own',
    tag: 'accounts',
    access: { kind: 'user' },
    status: 201,
    body: OpenAccountBody,
    response: OpenAccountResponse,
    handler: ({ deps, body, principal }) =>
      deps.db.kysely.transaction().execute((tx) => openAccount(deps, tx, principal!.userId, body)),
  }),
  defineRoute({
    method: 'get',
    path: '/accounts/:accountId/balances',
    summary: 'Balances by asset, debt and spendable, derived from the ledger',
    tag: 'accounts',
    access: { kind: 'account', roles: ANY_MEMBER },
    params: AccountParams,
    response: BalancesResponse,
    handler: ({ db, deps, params }) => getBalances(db, params.accountId, deps.now(), deps.prices()),
  }),
  defineRoute({
    method: 'get',
    path: '/accounts/:accountId/activity',
    summary: 'Recent money movements of the account, newest first',
    tag: 'accounts',
    access: { kind: 'account', roles: ANY_MEMBER },
    params: AccountParams,
    query: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }),
    response: ActivityResponse,
    handler: ({ db, params, query }) => getActivity(db, params.accountId, query.limit),
  }),
  defineRoute({
    method: 'get',
    path: '/accounts/:accountId/limits',
    summary: 'The account’s daily and monthly spending limits, and a lowered limit waiting for its delay',
    tag: 'accounts',
    access: { kind: 'account', roles: ANY_MEMBER },
    params: AccountParams,
    response: LimitsResponse,
    handler: ({ db, params }) => getLimits(db, params.accountId),
  }),
  defineRoute({
    method: 'put',
    path: '/accounts/:accountId/limits',
    whenFrozen: 'allow',
    summary: 'Change the spending limits: raising applies at once (confirmed), lowering after the limit delay',
    tag: 'accounts',
    access: { kind: 'account', roles: ['holder', 'owner', 'admin'] },
    params: AccountParams,
    body: LimitsBody,
    response: LimitsResponse,
    handler: ({ deps, params, body, principal }) =>
      deps.db.kysely.transaction().execute((tx) => changeLimits(deps, tx, principal!, params.accountId, body)),
  }),
]
