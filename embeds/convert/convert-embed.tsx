import type { EmbedProps } from '../lib/embed-props'
import { FeaturePending } from '../ui/feature-pending'

/** Currency conversion with expiring quotes (issue 8). Until then every route shows its frame and title. */
export function ConvertEmbed({ title }: EmbedProps) {
  return <FeaturePending title={title} />
}
