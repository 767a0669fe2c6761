import type { EmbedProps } from '../lib/embed-props'
import { FeaturePending } from '../ui/feature-pending'
import { Page } from '../ui/page'
import { KybPage } from './kyb-page'
import { KycPage } from './kyc-page'

/** Onboarding, KYC, KYB and safe creation (issue 7). Until then every route shows its frame and title. */
export function OnboardingEmbed({ path, title }: EmbedProps) {
  if (path === '/kyc') return <Page title={title}><KycPage /></Page>
  if (path === '/kyb') return <Page title={title}><KybPage /></Page>
  return <FeaturePending title={title} />
}
