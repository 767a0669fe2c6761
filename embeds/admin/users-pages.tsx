import type { EmbedProps } from '../lib/embed-props'
import { FeaturePending } from '../ui/feature-pending'

/** Placeholder until this admin area is built (issue 9): replaced by its page. */
export function AdminUsersPage({ title }: EmbedProps) {
  return <FeaturePending title={title} />
}

/** Placeholder until this admin area is built (issue 9): replaced by its page. */
export function AdminUserPage({ title }: EmbedProps) {
  return <FeaturePending title={title} />
}

