import type { EmbedProps } from '../lib/embed-props'
import { FeaturePending } from '../ui/feature-pending'

/** The back office (issue 9). Until then every route shows its frame and title. */
export function AdminEmbed({ title }: EmbedProps) {
  return <FeaturePending title={title} />
}
