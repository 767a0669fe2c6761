import { useState } from 'react'
import type { EmbedProps } from '../lib/embed-props'
import { useEmbedNavigation, usePageQuery } from '../lib/embed-navigation'
import { useI18n } from '../lib/i18n'
import { safeNext } from '../lib/safe-next'
import { FeaturePending } from '../ui/feature-pending'
import { AcceptInvitePage } from './accept-invite-page'
import { ForgotPasswordPage } from './forgot-password-page'
import { ResetPasswordPage } from './reset-password-page'
import { SignInPage } from './sign-in-page'
import { SignUpGate } from './sign-up-gate'
import { SignUpPage } from './sign-up-page'
import { WaitlistPage } from './waitlist-page'

const SIGN_IN = '/app/cash/sign-in'
const FORGOT = `${SIGN_IN}?step=forgot-password`

/**
 * `sign-in` and its steps for a forgotten password (`?step=forgot-password`, then the mailed link's
 * `?step=reset-password`): views of the one spec route, not routes of their own. After a reset the person signs in
 * with the new password, the e-mail filled in.
 */
function SignInRoute({ step, goNext }: { step: string | null; goNext: () => void }) {
  const { t } = useI18n()
  const [resetFor, setResetFor] = useState<string | null>(null)
  if (resetFor !== null)
    return (
      <SignInPage
        onSignedIn={goNext}
        signUpHref="/app/cash/sign-up"
        forgotHref={FORGOT}
        initialEmail={resetFor}
        notice={t('auth.reset.done')}
      />
    )
  if (step === 'forgot-password') return <ForgotPasswordPage signInHref={SIGN_IN} />
  if (step === 'reset-password') return <ResetPasswordPage forgotHref={FORGOT} onReset={setResetFor} />
  return <SignInPage onSignedIn={goNext} signUpHref="/app/cash/sign-up" forgotHref={FORGOT} />
}

/**
 * Sign-in and sign-up; after either, on to `next` (validated to stay inside Cash). While sign-ups are closed, sign-up
 * leads to the waitlist; an invitation link joins a company.
 */
export function AuthEmbed({ path, title }: EmbedProps) {
  const navigation = useEmbedNavigation()
  const step = usePageQuery().get('step')
  const goNext = () => navigation.go(safeNext(new URLSearchParams(window.location.search).get('next')))
  // Keyed by step: a step opened by a link starts afresh (the sign-in shown after a reset does not linger).
  if (path === '/sign-in') return <SignInRoute key={step ?? ''} step={step} goNext={goNext} />
  if (path === '/sign-up')
    return (
      <SignUpGate waitlistHref="/app/cash/waitlist">
        <SignUpPage onSignedUp={goNext} signInHref={SIGN_IN} />
      </SignUpGate>
    )
  if (path === '/waitlist') return <WaitlistPage title={title} signInHref={SIGN_IN} />
  if (path === '/accept-invite') return <AcceptInvitePage title={title} onJoined={() => navigation.go('/app/cash')} />
  return <FeaturePending title={title} />
}
