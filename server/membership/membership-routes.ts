import { z } from 'zod'
import { AccountParams } from '../../domain/api/account.schema'
import {
  LeaderboardResponse,
  MembershipActivityResponse,
  MembershipResponse,
  MembershipRewardResponse,
  ReferralLinkResponse,
  ReferralsResponse,
  SummerMintResponse,
  VipBody,
} from '../../domain/api/membership.schema'
import { recordAudit } from '../audit/audit'
import { refuseOwnAccount } from '../admin/own-account'
import { defineRoute } from '../http/route-table'
import { membershipActivity, membershipView, setVip } from './membership-service'
import { claimMembershipReward, membershipRewardView, summerMintView } from './promotion-service'
import { publicOrigin } from '../http/public-origin'
import { createLink, currentLink, leaderboard, referralList } from './referral-service'

const members = { kind: 'account', roles: ['holder', 'owner', 'admin', 'member'] } as const

export const membershipRoutes = [
  defineRoute({
    method: 'get',
    path: '/accounts/:accountId/membership',
    summary:
      'The account’s tier, points this month (UTC), progress to the ' +
      'next tier, the coming re-qualification and the tier benefits',
    tag: 'rewards',
    access: members,
    params: AccountParams,
    response: MembershipResponse,
    handler: ({ deps, db, params }) => membershipView(deps, db, params.accountId),
  }),
  defineRoute({
    method: 'get',
    path: '/accounts/:accountId/membership/activity',
    summary: 'Every point movement (card spend, refunds, weETH holdings) and tier change, newest first',
    tag: 'rewards',
    access: members,
    params: AccountParams,
    response: MembershipActivityResponse,
    handler: ({ db, params }) => membershipActivity(db, params.accountId),
  }),
  defineRoute({
    method: 'put',
    path: '/admin/accounts/:accountId/vip',
    summary:
      'Set or remove VIP (admins). VIP is kept through re-qualification; ' +
      'removing it sets the tier this month’s points earn.',
    tag: 'admin',
    access: { kind: 'platform_admin' },
    params: AccountParams,
    body: VipBody,
    response: MembershipResponse,
    handler: ({ deps, params, body, principal }) =>
      deps.db.kysely.transaction().execute(async (tx) => {
        const before = await tx
          .selectFrom('accounts')
          .select('tier')
          .where('id', '=', params.accountId)
          .executeTakeFirst()
        await refuseOwnAccount(deps, tx, principal!.userId, params.accountId, {
          action: body.vip ? 'account.vip_set' : 'account.vip_removed',
          subjectType: 'account',
          subjectId: params.accountId,
        })
        const view = await setVip(deps, tx, params.accountId, body.vip)
        await recordAudit(deps, tx, {
          actorId: principal!.userId,
          action: body.vip ? 'account.vip_set' : 'account.vip_removed',
          subjectType: 'account',
          subjectId: params.accountId,
          before: { tier: before?.tier ?? null },
          after: { tier: view.tier },
        })
        return view
      }),
  }),
  defineRoute({
    method: 'get',
    path: '/accounts/:accountId/promotions/membership-rewards',
    summary: 'Membership rewards: this month’s USDC reward for the account’s tier and whether it was claimed',
    tag: 'rewards',
    access: members,
    params: AccountParams,
    response: MembershipRewardResponse,
    handler: ({ deps, db, params }) => membershipRewardView(deps, db, params.accountId),
  }),
  defineRoute({
    method: 'post',
    path: '/accounts/:accountId/promotions/membership-rewards/claim',
    // The rewards pool is short for now.
    errorStatuses: [503],
    summary:
      'Claim this month’s membership reward once, paid in USDC from the cashback pool (refused when the pool is short)',
    tag: 'rewards',
    access: { kind: 'account', roles: ['holder', 'owner', 'admin'] },
    moneyMoving: true,
    whenFrozen: 'refuse',
    status: 201,
    params: AccountParams,
    response: MembershipRewardResponse,
    handler: ({ deps, db, params, principal }) => claimMembershipReward(deps, db, params.accountId, principal!.userId),
  }),
  defineRoute({
    method: 'get',
    path: '/accounts/:accountId/promotions/summer-mint',
    summary: 'Summer Mint: qualifying spend in the window towards the goal, and the badge once earned',
    tag: 'rewards',
    access: members,
    params: AccountParams,
    response: SummerMintResponse,
    handler: ({ deps, db, params }) => summerMintView(deps, db, params.accountId),
  }),
  defineRoute({
    method: 'get',
    path: '/referrals/link',
    summary: 'Your referral link while it is valid (90 days), else null',
    tag: 'rewards',
    access: { kind: 'user' },
    response: ReferralLinkResponse,
    handler: ({ c, deps, db, principal }) => currentLink(deps, db, principal!.userId, publicOrigin(c, deps)),
  }),
  defineRoute({
    method: 'post',
    path: '/referrals/link',
    summary: 'Make a new referral link, valid 90 days; refused while the current one is valid',
    tag: 'rewards',
    access: { kind: 'user' },
    status: 201,
    response: ReferralLinkResponse,
    handler: ({ c, deps, principal }) =>
      deps.db.kysely.transaction().execute((tx) => createLink(deps, tx, principal!.userId, publicOrigin(c, deps))),
  }),
  defineRoute({
    method: 'get',
    path: '/referrals',
    summary: 'The people who signed up through your links: masked name, state, and referral cashback earned and paid',
    tag: 'rewards',
    access: { kind: 'user' },
    response: ReferralsResponse,
    handler: ({ deps, db, principal }) => referralList(deps, db, principal!.userId),
  }),
  defineRoute({
    method: 'get',
    path: '/referrals/leaderboard',
    summary: 'Referrers ranked by referral cashback earned this month (UTC), names masked',
    tag: 'rewards',
    access: { kind: 'user' },
    query: z.object({}),
    response: LeaderboardResponse,
    handler: ({ deps, db, principal }) => leaderboard(deps, db, principal!.userId),
  }),
]
