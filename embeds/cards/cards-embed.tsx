import type { EmbedProps } from '../lib/embed-props'
import { FeaturePending } from '../ui/feature-pending'

/** Cards and card ordering (issue 6). Until then every route shows its frame and title. */
export function CardsEmbed({ title }: EmbedProps) {
  return <FeaturePending title={title} />
}
