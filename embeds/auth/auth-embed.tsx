import type { EmbedProps } from '../lib/embed-props'
import { useEmbedNavigation } from '../lib/embed-navigation'
import { safeNext } from '../lib/safe-next'
import { FeaturePending } from '../ui/feature-pending'
import { SignInPage } from './sign-in-page'
import { SignUpPage } from './sign-up-page'

/** Sign-in and sign-up; after either, on to `next` (validated to stay inside Cash). Waitlist and invites: issue 7. */
export function AuthEmbed({ path, title }: EmbedProps) {
  const navigation = useEmbedNavigation()
  const goNext = () => navigation.go(safeNext(new URLSearchParams(window.location.search).get('next')))
  if (path === '/sign-in') return <SignInPage onSignedIn={goNext} signUpHref="/app/cash/sign-up" />
  if (path === '/sign-up') return <SignUpPage onSignedUp={goNext} signInHref="/app/cash/sign-in" />
  return <FeaturePending title={title} />
}
