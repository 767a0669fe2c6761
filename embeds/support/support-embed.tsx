import type { EmbedProps } from '../lib/embed-props'
import { FeaturePending } from '../ui/feature-pending'

/** Help center, feedback and wallet instructions (issue 9). Until then every route shows its frame and title. */
export function SupportEmbed({ title }: EmbedProps) {
  return <FeaturePending title={title} />
}
