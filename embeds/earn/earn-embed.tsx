import type { EmbedProps } from '../lib/embed-props'
import { FeaturePending } from '../ui/feature-pending'

/** Liquid vaults and weETH staking (issue 8). Until then every route shows its frame and title. */
export function EarnEmbed({ title }: EmbedProps) {
  return <FeaturePending title={title} />
}
