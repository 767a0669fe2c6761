import type { EmbedProps } from '../lib/embed-props'
import { FeaturePending } from '../ui/feature-pending'
import { Page } from '../ui/page'
import { OnboardingPage } from './onboarding-page'
import { SafeCreationPage, SafeSuccessPage } from './safe-creation-page'
import { KybPage } from './kyb-page'
import { KycPage } from './kyc-page'

/** Onboarding: the resumable steps, KYC and KYB, and creating the safe. */
export function OnboardingEmbed({ path, title }: EmbedProps) {
  if (path === '/kyc')
    return (
      <Page title={title}>
        <KycPage />
      </Page>
    )
  if (path === '/kyb')
    return (
      <Page title={title}>
        <KybPage />
      </Page>
    )
  if (path === '/onboarding/personal' || path === '/onboarding/corporate')
    return (
      <Page title={title}>
        <OnboardingPage kind={path.endsWith('corporate') ? 'corporate' : 'personal'} />
      </Page>
    )
  if (path === '/safe-creation')
    return (
      <Page title={title}>
        <SafeCreationPage />
      </Page>
    )
  if (path === '/safe-creation/success')
    return (
      <Page title={title}>
        <SafeSuccessPage />
      </Page>
    )
  return <FeaturePending title={title} />
}
