import { useState } from 'react'
import { SessionResponse, SignInBody } from '../../domain/api/auth.schema'
import { signWithWallet, walletErrorMessage } from '../lib/browser-wallet'
import { useAction } from '../lib/use-action'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { useZodForm } from '../lib/use-zod-form'
import { FormFooter } from '../ui/form-footer'
import { Page } from '../ui/page'
import { TextField } from '../ui/text-field'

const SignInForm = SignInBody.omit({ client: true })

/**
 * E-mail and password sign-in. `onSignedIn` decides where to go next (the shell returns to `next`). After a password
 * reset it opens with the e-mail filled in and `notice` above the form.
 */
export function SignInPage({
  onSignedIn,
  signUpHref,
  forgotHref,
  initialEmail = '',
  notice,
}: {
  onSignedIn: () => void
  signUpHref: string
  forgotHref: string
  initialEmail?: string
  notice?: string
}) {
  const { t } = useI18n()
  const { signIn, api, adopt } = useSession()
  const wallet = useAction()
  const [walletError, setWalletError] = useState<string | null>(null)
  const walletSignIn = () =>
    wallet.run(async () => {
      setWalletError(null)
      try {
        adopt(
          await signWithWallet(api, { nonce: '/auth/wallet/nonce', submit: '/auth/wallet/sign-in' }, SessionResponse, {
            client: 'web',
          }),
        )
      } catch (error) {
        setWalletError(walletErrorMessage(error, t))
        return
      }
      onSignedIn()
    })
  const form = useZodForm(SignInForm, { email: initialEmail, password: '' }, async (data) => {
    await signIn(data)
    onSignedIn()
  })
  return (
    <Page title={t('auth.signIn.title')}>
      {notice ? (
        <p role="status" className="cash-notice">
          {notice}
        </p>
      ) : null}
      <form className="cash-card cash-stack" onSubmit={form.onSubmit} noValidate aria-busy={form.busy}>
        <TextField
          label={t('auth.field.email')}
          type="email"
          autoComplete="username"
          inputMode="email"
          {...form.bind('email')}
        />
        <TextField
          label={t('auth.field.password')}
          type="password"
          autoComplete="current-password"
          {...form.bind('password')}
        />
        <a
          className="cash-button"
          data-variant="plain"
          href={forgotHref}
          style={{ justifySelf: 'start', paddingInline: 0 }}
        >
          {t('auth.signIn.forgot')}
        </a>
        <FormFooter
          error={form.formError}
          busy={form.busy}
          label={t('auth.signIn.submit')}
          busyLabel={t('auth.signIn.busy')}
        />
      </form>
      <section className="cash-card cash-stack" aria-label={t('auth.wallet.submit')}>
        <p className="cash-muted" style={{ margin: 0 }}>
          {t('auth.wallet.or')}
        </p>
        {walletError ? (
          <p className="cash-alert" role="alert" style={{ margin: 0 }}>
            {walletError}
          </p>
        ) : null}
        <button
          type="button"
          className="cash-button"
          data-variant="secondary"
          disabled={wallet.busy}
          onClick={() => void walletSignIn()}
        >
          {wallet.busy ? t('auth.wallet.busy') : t('auth.wallet.submit')}
        </button>
      </section>
      <p>
        {t('auth.signIn.noAccount')} <a href={signUpHref}>{t('auth.signIn.createAccount')}</a>
      </p>
    </Page>
  )
}
