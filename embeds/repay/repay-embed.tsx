import type { EmbedProps } from '../lib/embed-props'
import { FeaturePending } from '../ui/feature-pending'

/** Repaying Borrow-mode debt (issue 5). Until then every route shows its frame and title. */
export function RepayEmbed({ title }: EmbedProps) {
  return <FeaturePending title={title} />
}
