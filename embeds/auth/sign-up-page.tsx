import type { ChangeEvent, FormEvent, ReactNode } from 'react'
import { SignUpBody } from '../../domain/api/auth.schema'
import { ReferralCodeField } from '../../domain/api/membership.schema'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { useZodForm } from '../lib/use-zod-form'
import { FormFooter } from '../ui/form-footer'
import { Page } from '../ui/page'
import { TextField } from '../ui/text-field'
import { usePageQuery } from '../lib/embed-navigation'

const SignUpForm = SignUpBody.omit({ client: true, inviteToken: true, referralCode: true })
/** Through a referral link (`?ref=`), the code is part of the form: a bad or expired one shows at its field. */
const ReferredSignUpForm = SignUpBody.omit({ client: true, inviteToken: true }).extend({
  referralCode: ReferralCodeField,
})

/** Create a user; onboarding (the account, KYC, the safe) follows. */
export function SignUpPage({ onSignedUp, signInHref }: { onSignedUp: () => void; signInHref: string }) {
  const referralCode = usePageQuery().get('ref')
  return referralCode !== null ? (
    <ReferredSignUp code={referralCode} onSignedUp={onSignedUp} signInHref={signInHref} />
  ) : (
    <PlainSignUp onSignedUp={onSignedUp} signInHref={signInHref} />
  )
}

function PlainSignUp({ onSignedUp, signInHref }: { onSignedUp: () => void; signInHref: string }) {
  const { signUp } = useSession()
  const form = useZodForm(SignUpForm, { name: '', email: '', password: '' }, async (data) => {
    await signUp(data)
    onSignedUp()
  })
  return <SignUpView form={form} signInHref={signInHref} />
}

function ReferredSignUp({
  code,
  onSignedUp,
  signInHref,
}: {
  code: string
  onSignedUp: () => void
  signInHref: string
}) {
  const { t } = useI18n()
  const { signUp } = useSession()
  const form = useZodForm(
    ReferredSignUpForm,
    { name: '', email: '', password: '', referralCode: code },
    async (data) => {
      await signUp(data)
      onSignedUp()
    },
  )
  return (
    <SignUpView
      form={form}
      signInHref={signInHref}
      referral={
        <TextField
          label={t('auth.field.referralCode')}
          hint={t('auth.field.referralCodeHint')}
          autoComplete="off"
          {...form.bind('referralCode')}
        />
      }
    />
  )
}

type Form = {
  bind: (name: 'name' | 'email' | 'password') => {
    name: string
    value: string
    error: string | undefined
    onChange: (e: ChangeEvent<HTMLInputElement>) => void
  }
  formError: string | null
  busy: boolean
  onSubmit: (e: FormEvent) => Promise<void>
}

function SignUpView({ form, signInHref, referral }: { form: Form; signInHref: string; referral?: ReactNode }) {
  const { t } = useI18n()
  return (
    <Page title={t('auth.signUp.title')}>
      <form className="cash-card cash-stack" onSubmit={form.onSubmit} noValidate aria-busy={form.busy}>
        <TextField label={t('auth.field.name')} autoComplete="name" {...form.bind('name')} />
        <TextField
          label={t('auth.field.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          {...form.bind('email')}
        />
        <TextField
          label={t('auth.field.password')}
          hint={t('auth.field.passwordHint')}
          type="password"
          autoComplete="new-password"
          {...form.bind('password')}
        />
        {referral}
        <FormFooter
          error={form.formError}
          busy={form.busy}
          label={t('auth.signUp.submit')}
          busyLabel={t('auth.signUp.busy')}
        />
      </form>
      <p>
        {t('auth.signUp.haveAccount')} <a href={signInHref}>{t('auth.signIn.submit')}</a>
      </p>
    </Page>
  )
}
