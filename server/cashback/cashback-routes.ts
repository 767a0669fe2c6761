import { z } from 'zod'
import { AccountParams } from '../../domain/api/account.schema'
import {
  CampaignBody,
  CampaignsAdminResponse,
  CampaignView,
  CashbackResponse,
  FundPoolBody,
  HolderCampaignsResponse,
  HolderCampaignView,
  PayoutBody,
  PoolResponse,
  RemoveRuleBody,
  RuleBody,
  RulesResponse,
  RuleView,
} from '../../domain/api/cashback.schema'
import { defineRoute } from '../http/route-table'
import {
  cashbackView,
  createCampaign,
  endCampaign,
  updateCampaign,
  fundPool,
  holderCampaigns,
  listCampaigns,
  listRules,
  optIn,
  payDueCashback,
  poolBalance,
  saveRule,
} from './cashback-service'

const read = { kind: 'account', roles: ['holder', 'owner', 'admin', 'member'] } as const
const admin = { kind: 'platform_admin' } as const
const RuleParams = z.object({ ruleId: z.uuid() })
const CampaignParams = z.object({ campaignId: z.uuid() })

export const cashbackRoutes = [
  defineRoute({
    method: 'get',
    path: '/accounts/:accountId/cashback',
    summary:
      'Cashback earned, pending and paid, per purchase line (type, ' +
      'state, pay date, clawbacks), and announced rule changes',
    tag: 'rewards',
    access: read,
    params: AccountParams,
    response: CashbackResponse,
    handler: ({ deps, db, params }) => cashbackView(deps, db, params.accountId),
  }),
  defineRoute({
    method: 'get',
    path: '/accounts/:accountId/campaigns',
    summary:
      'Promotions the account sees: active, upcoming and ended ' +
      'ones it earned from, with eligibility, opt-in and progress',
    tag: 'rewards',
    access: read,
    params: AccountParams,
    response: HolderCampaignsResponse,
    handler: ({ deps, db, params }) => holderCampaigns(deps, db, params.accountId),
  }),
  defineRoute({
    method: 'post',
    path: '/accounts/:accountId/campaigns/:campaignId/opt-in',
    whenFrozen: 'allow',
    summary: 'Opt the account in to a campaign (needed when the campaign asks for it)',
    tag: 'rewards',
    access: { kind: 'account', roles: ['holder', 'owner', 'admin'] },
    params: AccountParams.extend({ campaignId: z.uuid() }),
    response: HolderCampaignView,
    handler: ({ deps, db, params }) => optIn(deps, db, params.accountId, params.campaignId),
  }),
  defineRoute({
    method: 'get',
    path: '/admin/cashback-rules',
    summary: 'Every version of every cashback rule (admins)',
    tag: 'admin',
    access: admin,
    response: RulesResponse,
    handler: ({ db }) => listRules(db),
  }),
  defineRoute({
    method: 'post',
    path: '/admin/cashback-rules',
    summary: 'Create a cashback rule (admins): extra bps by category, merchant and dates, from an effective time',
    tag: 'admin',
    access: admin,
    status: 201,
    body: RuleBody,
    response: RuleView,
    handler: ({ deps, body, principal }) =>
      deps.db.kysely.transaction().execute((tx) => saveRule(deps, tx, principal!.userId, null, body)),
  }),
  defineRoute({
    method: 'put',
    path: '/admin/cashback-rules/:ruleId',
    summary: 'Change a cashback rule as a new version; a change that lowers cashback must be announced 30 days ahead',
    tag: 'admin',
    access: admin,
    params: RuleParams,
    body: RuleBody,
    response: RuleView,
    handler: ({ deps, params, body, principal }) =>
      deps.db.kysely.transaction().execute((tx) => saveRule(deps, tx, principal!.userId, params.ruleId, body)),
  }),
  defineRoute({
    method: 'delete',
    path: '/admin/cashback-rules/:ruleId',
    summary: 'Remove a cashback rule from an effective time at least 30 days ahead (announced to holders)',
    tag: 'admin',
    access: admin,
    params: RuleParams,
    body: RemoveRuleBody,
    response: RuleView,
    handler: ({ deps, params, body, principal }) =>
      deps.db.kysely
        .transaction()
        .execute((tx) =>
          saveRule(deps, tx, principal!.userId, params.ruleId, { removed: true, effectiveFrom: body.effectiveFrom }),
        ),
  }),
  defineRoute({
    method: 'get',
    path: '/admin/campaigns',
    summary: 'Every campaign with what it paid so far (admins)',
    tag: 'admin',
    access: admin,
    response: CampaignsAdminResponse,
    handler: ({ deps, db }) => listCampaigns(deps, db),
  }),
  defineRoute({
    method: 'post',
    path: '/admin/campaigns',
    summary:
      'Create a campaign (admins): splashback, triple-dip, summer-mint or ' +
      'membership-rewards; UTC window, eligibility, caps, opt-in, payout date (audited)',
    tag: 'admin',
    access: admin,
    status: 201,
    body: CampaignBody,
    response: CampaignView,
    handler: ({ deps, body, principal }) =>
      deps.db.kysely.transaction().execute((tx) => createCampaign(deps, tx, principal!.userId, body)),
  }),
  defineRoute({
    method: 'put',
    path: '/admin/campaigns/:campaignId',
    summary: 'Edit or reschedule a campaign that has not started yet (admins, audited)',
    tag: 'admin',
    access: admin,
    params: CampaignParams,
    body: CampaignBody,
    response: CampaignView,
    handler: ({ deps, params, body, principal }) =>
      deps.db.kysely
        .transaction()
        .execute((tx) => updateCampaign(deps, tx, principal!.userId, params.campaignId, body)),
  }),
  defineRoute({
    method: 'post',
    path: '/admin/campaigns/:campaignId/end',
    summary: 'End a campaign now (admins, audited); what was earned stays and is paid at the payout date',
    tag: 'admin',
    access: admin,
    params: CampaignParams,
    response: CampaignView,
    handler: ({ deps, params, principal }) =>
      deps.db.kysely.transaction().execute((tx) => endCampaign(deps, tx, principal!.userId, params.campaignId)),
  }),
  defineRoute({
    method: 'get',
    path: '/admin/cashback/pool',
    summary: 'The cashback pool’s USDC balance (admins)',
    tag: 'admin',
    access: admin,
    response: PoolResponse,
    handler: async ({ deps, db }) => ({ balance: await poolBalance(deps, db), paidLines: 0 }),
  }),
  defineRoute({
    method: 'post',
    path: '/sandbox/cashback/pool/fund',
    summary: 'Fund the cashback pool from custody, then pay every line that waited for it',
    tag: 'sandbox',
    access: admin,
    sandbox: true,
    moneyMoving: true,
    status: 201,
    body: FundPoolBody,
    response: PoolResponse,
    handler: ({ deps, db, body }) => fundPool(deps, db, body.amount),
  }),
  defineRoute({
    method: 'post',
    path: '/sandbox/accounts/:accountId/cashback/payout',
    // The cashback pool cannot cover the payout.
    errorStatuses: [422],
    summary:
      'Pay the account’s pending cashback lines due by `until` now ' +
      '(optionally one purchase by network id), pool permitting',
    tag: 'sandbox',
    access: admin,
    sandbox: true,
    params: AccountParams,
    body: PayoutBody,
    response: PoolResponse,
    handler: ({ deps, params, body }) =>
      deps.db.kysely.transaction().execute(async (tx) => {
        const paidLines = await payDueCashback(deps, tx, new Date(body.until), {
          accountId: params.accountId,
          ...(body.networkId ? { networkId: body.networkId } : {}),
        })
        return { balance: await poolBalance(deps, tx), paidLines }
      }),
  }),
]
