import type { EmbedProps } from '../lib/embed-props'
import { FeaturePending } from '../ui/feature-pending'

/** Safe, people and settings (issues 6 and 7). Until then every route shows its frame and title. */
export function AccountEmbed({ title }: EmbedProps) {
  return <FeaturePending title={title} />
}
