import type { EmbedProps } from '../lib/embed-props'
import { FeaturePending } from '../ui/feature-pending'

/** PIX top-up with a dynamic BR Code (issue 4). Until then every route shows its frame and title. */
export function PixTopUpEmbed({ title }: EmbedProps) {
  return <FeaturePending title={title} />
}
