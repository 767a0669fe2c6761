import type { ReactNode } from 'react'
import { useEffect, useState } from 'react'
import { PasswordResetBody, PasswordResetDone, PasswordResetLink } from '../../domain/api/auth.schema'
import { formatDate } from '../../domain/format-date'
import { ApiError } from '../lib/api-client'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { useResource } from '../lib/use-resource'
import { useZodForm } from '../lib/use-zod-form'
import { FormFooter } from '../ui/form-footer'
import { Page } from '../ui/page'
import { ErrorState, LoadingState } from '../ui/state-views'
import { TextField } from '../ui/text-field'
import { ResourceView } from '../ui/resource-view'

const RESET_TOKEN_KEY = 'cash.resetToken'
const NewPasswordForm = PasswordResetBody.pick({ password: true })

/**
 * The reset token, read once from the e-mail link's `&token=` and then taken out of the address bar (and so out of
 * history, bookmarks and the Referer of the next page); it waits in this tab's sessionStorage until it is used.
 */
function takeResetToken(): string {
  const url = new URL(window.location.href)
  const fromLink = url.searchParams.get('token')
  try {
    if (fromLink) {
      sessionStorage.setItem(RESET_TOKEN_KEY, fromLink)
      url.searchParams.delete('token')
      window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`)
      return fromLink
    }
    return sessionStorage.getItem(RESET_TOKEN_KEY) ?? ''
  } catch {
    // Storage off: the token stays in the address bar so the page still works.
    return fromLink ?? ''
  }
}

function forgetResetToken() {
  try {
    sessionStorage.removeItem(RESET_TOKEN_KEY)
  } catch {
    // Nothing was kept where storage is off.
  }
}

/**
 * `sign-in?step=reset-password&token=…`, where the e-mailed link leads: says for whom the link works (or why it no
 * longer does, with the way to a new one), then takes the new password. On success every session of the account
 * has ended, this browser's too, and the person signs in with the new password (`onReset` shows the sign-in form).
 */
export function ResetPasswordPage({ forgotHref, onReset }: { forgotHref: string; onReset: (email: string) => void }) {
  const { t } = useI18n()
  // Read in an effect: the server draws this page's first screen, where there is no address bar to read.
  const [token, setToken] = useState<string | null>(null)
  useEffect(() => setToken(takeResetToken()), [])
  let body: ReactNode
  if (token === null) body = <LoadingState />
  else if (token === '') body = <ResetLinkProblem message={t('auth.reset.noToken')} forgotHref={forgotHref} />
  else body = <ResetWithToken token={token} forgotHref={forgotHref} onReset={onReset} />
  return <Page title={t('auth.reset.title')}>{body}</Page>
}

function ResetWithToken({
  token,
  forgotHref,
  onReset,
}: {
  token: string
  forgotHref: string
  onReset: (email: string) => void
}) {
  const { t, locale } = useI18n()
  const { api, refresh } = useSession()
  const link = useResource(`reset-link:${token}`, (signal) =>
    api.post('/auth/password-reset/lookup', PasswordResetLink, { token }, { signal }),
  )
  const [refused, setRefused] = useState<string | null>(null)
  const form = useZodForm(NewPasswordForm, { password: '' }, async ({ password }) => {
    try {
      const done = await api.post('/auth/password-reset/complete', PasswordResetDone, { token, password })
      forgetResetToken()
      // This browser's own session, if it had one of this account, has ended too: the page learns it here.
      await refresh()
      onReset(done.email)
    } catch (error) {
      // A link that stopped working meanwhile says so in place of the form; a password problem stays at its field.
      if (error instanceof ApiError && error.code.startsWith('reset_link_')) setRefused(error.message)
      else throw error
    }
  })
  if (refused) return <ResetLinkProblem message={refused} forgotHref={forgotHref} />
  return (
    <ResourceView
      resource={link}
      error={(error, retry) =>
        error.code.startsWith('reset_link_') || error.status === 400 ? (
          <ResetLinkProblem message={error.fields.token ?? error.message} forgotHref={forgotHref} />
        ) : (
          <ErrorState message={error.message} onRetry={retry} />
        )
      }
    >
      {(loaded) => (
        <form className="cash-card cash-stack" onSubmit={form.onSubmit} noValidate aria-busy={form.busy}>
          <p style={{ margin: 0 }}>
            {t('auth.reset.for', { email: loaded.email, time: formatDate(loaded.expiresAt, locale, 'time') })}
          </p>
          {/* The account's e-mail beside the new password, so a password manager saves it for the right login. */}
          <input type="email" name="username" autoComplete="username" value={loaded.email} readOnly hidden />
          <TextField
            label={t('auth.reset.field')}
            hint={t('auth.field.passwordHint')}
            type="password"
            autoComplete="new-password"
            {...form.bind('password')}
          />
          <FormFooter
            error={form.formError}
            busy={form.busy}
            label={t('auth.reset.submit')}
            busyLabel={t('auth.reset.busy')}
          />
        </form>
      )}
    </ResourceView>
  )
}

function ResetLinkProblem({ message, forgotHref }: { message: string; forgotHref: string }) {
  const { t } = useI18n()
  return (
    <div className="cash-stack">
      <p className="cash-alert" role="alert" style={{ margin: 0 }}>
        {message}
      </p>
      <a className="cash-button" href={forgotHref}>
        {t('auth.reset.askAgain')}
      </a>
    </div>
  )
}
