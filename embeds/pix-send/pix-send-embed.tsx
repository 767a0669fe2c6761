import type { EmbedProps } from '../lib/embed-props'
import { FeaturePending } from '../ui/feature-pending'

/** PIX payments to a key or a BR Code (issue 5). Until then every route shows its frame and title. */
export function PixSendEmbed({ title }: EmbedProps) {
  return <FeaturePending title={title} />
}
