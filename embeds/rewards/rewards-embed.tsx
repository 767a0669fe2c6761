import type { EmbedProps } from '../lib/embed-props'
import { FeaturePending } from '../ui/feature-pending'
import { MembershipActivityPage, MembershipBenefitsPage, MyMembershipPage } from './membership-pages'
import { LeaderboardPage, ReferDetailsPage, ReferPage } from './refer-pages'
import { SummerMintPage } from './summer-mint-page'

/** Cashback, membership, promotions and referrals (issue 8). Routes not built yet show their frame and title. */
export function RewardsEmbed({ path, title }: EmbedProps) {
  if (path === '/my-membership') return <MyMembershipPage title={title} />
  if (path === '/my-membership/activity') return <MembershipActivityPage title={title} />
  if (path === '/my-membership/benefits') return <MembershipBenefitsPage title={title} />
  if (path === '/promotion/summer-mint') return <SummerMintPage title={title} />
  if (path === '/refer') return <ReferPage title={title} />
  if (path === '/refer/details') return <ReferDetailsPage title={title} />
  if (path === '/referral-leaderboard') return <LeaderboardPage title={title} />
  return <FeaturePending title={title} />
}
