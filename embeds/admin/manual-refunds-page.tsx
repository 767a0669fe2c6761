import type { EmbedProps } from '../lib/embed-props'
import { FeaturePending } from '../ui/feature-pending'

/** Placeholder until this admin area is built (issue 9): replaced by its page. */
export function ManualRefundsPage({ title }: EmbedProps) {
  return <FeaturePending title={title} />
}

