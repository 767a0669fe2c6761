import type { EmbedProps } from '../lib/embed-props'
import { FeaturePending } from '../ui/feature-pending'

/** Bank send and receive (issues 4 and 5). Until then every route shows its frame and title. */
export function BankEmbed({ title }: EmbedProps) {
  return <FeaturePending title={title} />
}
