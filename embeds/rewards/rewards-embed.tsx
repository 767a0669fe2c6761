import type { EmbedProps } from '../lib/embed-props'
import { FeaturePending } from '../ui/feature-pending'

/** Cashback, membership, promotions and referrals (issue 8). Until then every route shows its frame and title. */
export function RewardsEmbed({ title }: EmbedProps) {
  return <FeaturePending title={title} />
}
