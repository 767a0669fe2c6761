import type { EmbedProps } from '../lib/embed-props'
import { FeaturePending } from '../ui/feature-pending'
import { NeedsAccount } from '../ui/needs-account'
import { Page } from '../ui/page'
import { CashbackPage } from './cashback-page'
import { PromotionsPage } from './promotions-page'
import { MembershipActivityPage, MembershipBenefitsPage, MyMembershipPage } from './membership-pages'
import { LeaderboardPage, ReferDetailsPage, ReferPage } from './refer-pages'
import { SummerMintPage } from './summer-mint-page'

/** Cashback, promotions, membership and referrals. */
export function RewardsEmbed({ path, title }: EmbedProps) {
  if (path === '/cashback')
    return (
      <Page title={title}>
        <NeedsAccount>{(accountId) => <CashbackPage accountId={accountId} />}</NeedsAccount>
      </Page>
    )
  if (path === '/promotion')
    return (
      <Page title={title}>
        <NeedsAccount>{(accountId) => <PromotionsPage accountId={accountId} />}</NeedsAccount>
      </Page>
    )
  if (path === '/promotion/splashback')
    return (
      <Page title={title}>
        <NeedsAccount>{(accountId) => <PromotionsPage accountId={accountId} kind="splashback" />}</NeedsAccount>
      </Page>
    )
  if (path === '/promotion/triple-dip')
    return (
      <Page title={title}>
        <NeedsAccount>{(accountId) => <PromotionsPage accountId={accountId} kind="triple_dip" />}</NeedsAccount>
      </Page>
    )
  if (path === '/my-membership') return <MyMembershipPage title={title} />
  if (path === '/my-membership/activity') return <MembershipActivityPage title={title} />
  if (path === '/my-membership/benefits') return <MembershipBenefitsPage title={title} />
  if (path === '/promotion/summer-mint') return <SummerMintPage title={title} />
  if (path === '/refer') return <ReferPage title={title} />
  if (path === '/refer/details') return <ReferDetailsPage title={title} />
  if (path === '/referral-leaderboard') return <LeaderboardPage title={title} />
  return <FeaturePending title={title} />
}
