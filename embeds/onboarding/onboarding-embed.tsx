import type { EmbedProps } from '../lib/embed-props'
import { FeaturePending } from '../ui/feature-pending'

/** Onboarding, KYC, KYB and safe creation (issue 7). Until then every route shows its frame and title. */
export function OnboardingEmbed({ title }: EmbedProps) {
  return <FeaturePending title={title} />
}
