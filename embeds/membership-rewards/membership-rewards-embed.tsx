import type { EmbedProps } from '../lib/embed-props'
import { FeaturePending } from '../ui/feature-pending'

/** Membership rewards claims (issue 8). Until then every route shows its frame and title. */
export function MembershipRewardsEmbed({ title }: EmbedProps) {
  return <FeaturePending title={title} />
}
