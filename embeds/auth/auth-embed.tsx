import type { EmbedProps } from '../lib/embed-props'
import { useEmbedNavigation } from '../lib/embed-navigation'
import { safeNext } from '../lib/safe-next'
import { FeaturePending } from '../ui/feature-pending'
import { AcceptInvitePage } from './accept-invite-page'
import { SignInPage } from './sign-in-page'
import { SignUpGate } from './sign-up-gate'
import { SignUpPage } from './sign-up-page'
import { WaitlistPage } from './waitlist-page'

/** Sign-in and sign-up; after either, on to `next` (validated to stay inside Cash). While sign-ups are closed, sign-up leads to the waitlist; an invitation link joins a company. */
export function AuthEmbed({ path, title }: EmbedProps) {
  const navigation = useEmbedNavigation()
  const goNext = () => navigation.go(safeNext(new URLSearchParams(window.location.search).get('next')))
  if (path === '/sign-in') return <SignInPage onSignedIn={goNext} signUpHref="/app/cash/sign-up" />
  if (path === '/sign-up') return <SignUpGate waitlistHref="/app/cash/waitlist"><SignUpPage onSignedUp={goNext} signInHref="/app/cash/sign-in" /></SignUpGate>
  if (path === '/waitlist') return <WaitlistPage title={title} signInHref="/app/cash/sign-in" />
  if (path === '/accept-invite') return <AcceptInvitePage title={title} onJoined={() => navigation.go('/app/cash')} />
  return <FeaturePending title={title} />
}
