import type { EmbedProps } from '../lib/embed-props'
import { FeaturePending } from '../ui/feature-pending'

/** Transaction history and timelines (issue 6). Until then every route shows its frame and title. */
export function HistoryEmbed({ title }: EmbedProps) {
  return <FeaturePending title={title} />
}
