import { SignUpBody } from '../../domain/api/auth.schema'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { useZodForm } from '../lib/use-zod-form'
import { FormFooter } from '../ui/form-footer'
import { Page } from '../ui/page'
import { TextField } from '../ui/text-field'

const SignUpForm = SignUpBody.omit({ client: true, inviteToken: true })

/** Create a user; onboarding (the account, KYC, the safe) follows. */
export function SignUpPage({ onSignedUp, signInHref }: { onSignedUp: () => void; signInHref: string }) {
  const { t } = useI18n()
  const { signUp } = useSession()
  const form = useZodForm(SignUpForm, { name: '', email: '', password: '' }, async (data) => {
    await signUp(data)
    onSignedUp()
  })
  return (
    <Page title={t('auth.signUp.title')}>
      <form className="cash-card cash-stack" onSubmit={form.onSubmit} noValidate aria-busy={form.busy}>
        <TextField label={t('auth.field.name')} autoComplete="name" {...form.bind('name')} />
        <TextField label={t('auth.field.email')} type="email" autoComplete="email" inputMode="email" {...form.bind('email')} />
        <TextField label={t('auth.field.password')} hint={t('auth.field.passwordHint')} type="password" autoComplete="new-password" {...form.bind('password')} />
        <FormFooter error={form.formError} busy={form.busy} label={t('auth.signUp.submit')} busyLabel={t('auth.signUp.busy')} />
      </form>
      <p>
        {t('auth.signUp.haveAccount')} <a href={signInHref}>{t('auth.signIn.submit')}</a>
      </p>
    </Page>
  )
}
