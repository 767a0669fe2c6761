import type { EmbedProps } from '../lib/embed-props'
import { FeaturePending } from '../ui/feature-pending'

/** Crypto withdrawals with the security delay (issue 5). Until then every route shows its frame and title. */
export function WithdrawEmbed({ title }: EmbedProps) {
  return <FeaturePending title={title} />
}
