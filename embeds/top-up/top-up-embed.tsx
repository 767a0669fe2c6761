import type { EmbedProps } from '../lib/embed-props'
import { FeaturePending } from '../ui/feature-pending'

/** Money in: top-up hub, deposit address, wallet send, bridges (issue 4). Until then every route shows its frame and title. */
export function TopUpEmbed({ title }: EmbedProps) {
  return <FeaturePending title={title} />
}
