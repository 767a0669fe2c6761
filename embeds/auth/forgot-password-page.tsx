import { useState } from 'react'
import { PasswordResetRequestBody, PasswordResetRequested } from '../../domain/api/auth.schema'
import { PASSWORD_RESET_MINUTES } from '../../domain/auth-rules'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { useZodForm } from '../lib/use-zod-form'
import { FormFooter } from '../ui/form-footer'
import { Page } from '../ui/page'
import { TextField } from '../ui/text-field'

const ForgotForm = PasswordResetRequestBody.omit({ language: true })

/**
 * `sign-in?step=forgot-password`: the e-mail to send a reset link to. The answer never says whether an account has
 * the address (the server answers alike either way), so the page does not either.
 */
export function ForgotPasswordPage({ signInHref }: { signInHref: string }) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const [sentTo, setSentTo] = useState<string | null>(null)
  const form = useZodForm(ForgotForm, { email: '' }, async ({ email }) => {
    await api.post('/auth/password-reset', PasswordResetRequested, {
      email,
      language: locale === 'pt-BR' ? 'pt-BR' : 'en',
    })
    setSentTo(email)
  })
  return (
    <Page title={t('auth.forgot.title')}>
      {sentTo ? (
        <section className="cash-card cash-stack" aria-label={t('auth.forgot.title')}>
          <p role="status" className="cash-notice" style={{ margin: 0 }}>
            {t('auth.forgot.sent', { email: sentTo, minutes: String(PASSWORD_RESET_MINUTES) })}
          </p>
          <button type="button" className="cash-button" data-variant="secondary" onClick={() => setSentTo(null)}>
            {t('auth.forgot.another')}
          </button>
        </section>
      ) : (
        <form className="cash-card cash-stack" onSubmit={form.onSubmit} noValidate aria-busy={form.busy}>
          <p className="cash-muted" style={{ margin: 0 }}>
            {t('auth.forgot.intro')}
          </p>
          <TextField
            label={t('auth.field.email')}
            type="email"
            autoComplete="username"
            inputMode="email"
            {...form.bind('email')}
          />
          <FormFooter
            error={form.formError}
            busy={form.busy}
            label={t('auth.forgot.submit')}
            busyLabel={t('auth.forgot.busy')}
          />
        </form>
      )}
      <a className="cash-button" data-variant="plain" href={signInHref} style={{ paddingInline: 0 }}>
        {t('auth.backToSignIn')}
      </a>
    </Page>
  )
}
