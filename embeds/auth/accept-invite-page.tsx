import type { ReactNode } from 'react'
import { useState } from 'react'
import { AcceptInviteResponse, InviteLookupResponse } from '../../domain/api/people.schema'
import { SignUpBody } from '../../domain/api/auth.schema'
import { formatDate } from '../../domain/format-date'
import { ApiError } from '../lib/api-client'
import { useI18n } from '../lib/i18n'
import type { MessageKey } from '../lib/messages-en'
import { useSession } from '../lib/session'
import { useAction } from '../lib/use-action'
import { useResource } from '../lib/use-resource'
import { useZodForm } from '../lib/use-zod-form'
import { FormFooter } from '../ui/form-footer'
import { Page } from '../ui/page'
import { ErrorState, LoadingState } from '../ui/state-views'
import { TextField } from '../ui/text-field'
import { ResourceView } from '../ui/resource-view'

const INVITE_ERRORS = [
  'invite_not_found',
  'invite_expired',
  'invite_used',
  'invite_revoked',
  'invite_wrong_email',
] as const
const SignUpForm = SignUpBody.omit({ client: true, inviteToken: true, referralCode: true })

/** The invite's own refusals in the reader's language; anything else as the server said it. */
function useErrorText() {
  const { t } = useI18n()
  return (error: ApiError | Error) =>
    error instanceof ApiError && (INVITE_ERRORS as readonly string[]).includes(error.code)
      ? t(`invite.error.${error.code}` as MessageKey)
      : error.message
}

function InviteSignUp({ email, token }: { email: string; token: string }) {
  const { t } = useI18n()
  const { signUp } = useSession()
  const form = useZodForm(SignUpForm, { name: '', email, password: '' }, async (data) => {
    await signUp({ ...data, inviteToken: token })
  })
  return (
    <form
      className="cash-card cash-stack"
      onSubmit={form.onSubmit}
      noValidate
      aria-busy={form.busy}
      aria-labelledby="invite-new"
    >
      <h2 id="invite-new">{t('invite.new')}</h2>
      <TextField label={t('auth.field.name')} autoComplete="name" {...form.bind('name')} />
      <TextField
        label={t('auth.field.email')}
        hint={t('invite.emailFixed')}
        type="email"
        autoComplete="email"
        readOnly
        {...form.bind('email')}
      />
      <TextField
        label={t('auth.field.password')}
        hint={t('auth.field.passwordHint')}
        type="password"
        autoComplete="new-password"
        {...form.bind('password')}
      />
      <FormFooter
        error={form.formError}
        busy={form.busy}
        label={t('auth.signUp.submit')}
        busyLabel={t('auth.signUp.busy')}
      />
    </form>
  )
}

function Join({ token, invite, onJoined }: { token: string; invite: InviteLookupResponse; onJoined: () => void }) {
  const { t } = useI18n()
  const { api, refresh } = useSession()
  const action = useAction()
  const errorText = useErrorText()
  const join = () =>
    action.run(async () => {
      try {
        await api.post('/invitations/accept', AcceptInviteResponse, { token })
      } catch (error) {
        throw new Error(errorText(error as Error))
      }
      await refresh()
      onJoined()
    })
  return (
    <div className="cash-stack">
      <button type="button" className="cash-button" disabled={action.busy} onClick={() => void join()}>
        {action.busy ? t('invite.joining') : t('invite.join', { company: invite.companyName })}
      </button>
      {action.error ? (
        <p className="cash-alert" role="alert">
          {action.error}
        </p>
      ) : null}
    </div>
  )
}

const INVITE_TOKEN_KEY = 'cash.inviteToken'

/**
 * The invite token, read once from the e-mail link's `?token=` and then taken out of the address bar (and so
 * out of history, bookmarks and referrers); it waits in this tab's sessionStorage while the person signs in.
 */
function takeInviteToken(): string {
  const url = new URL(window.location.href)
  const fromLink = url.searchParams.get('token')
  if (fromLink) {
    try {
      sessionStorage.setItem(INVITE_TOKEN_KEY, fromLink)
    } catch {
      // Storage off: the token stays in the address bar so the page still works.
      return fromLink
    }
    url.searchParams.delete('token')
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`)
    return fromLink
  }
  try {
    return sessionStorage.getItem(INVITE_TOKEN_KEY) ?? ''
  } catch {
    return ''
  }
}

/** `/accept-invite?token=`: who invited you where, then join (signing in or up first, as the invited e-mail). */
export function AcceptInvitePage({ title, onJoined }: { title: string; onJoined: () => void }) {
  const { t, locale } = useI18n()
  const { api, state, signOut } = useSession()
  const errorText = useErrorText()
  const [token] = useState(takeInviteToken)
  const invite = useResource(`invite:${token}`, (signal) =>
    api.post('/invitations/lookup', InviteLookupResponse, { token }, { signal }),
  )
  const here = '/app/cash/accept-invite'
  let body: ReactNode
  if (!token) body = <ErrorState message={t('invite.noToken')} />
  // The session is waited for first: who is signed in decides between join and sign-in.
  else if (state.status === 'loading') body = <LoadingState />
  else
    body = (
      <ResourceView resource={invite} error={(error) => <ErrorState message={errorText(error)} />}>
        {(i) => {
          const role = t(`people.role.${i.role}`)
          let next: ReactNode
          if (state.status === 'signed-in' && state.session.user.email === i.email)
            next = <Join token={token} invite={i} onJoined={onJoined} />
          else if (state.status === 'signed-in') {
            next = (
              <div className="cash-stack">
                <p role="alert" className="cash-alert">
                  {t('invite.otherUser', { current: state.session.user.email, email: i.email })}
                </p>
                <div>
                  <button type="button" className="cash-button" data-variant="secondary" onClick={() => void signOut()}>
                    {t('invite.signOut')}
                  </button>
                </div>
              </div>
            )
          } else {
            next = (
              <>
                <p>
                  {t('invite.haveAccount', { email: i.email })}{' '}
                  <a href={`/app/cash/sign-in?next=${encodeURIComponent(here)}`}>{t('invite.signIn')}</a>
                </p>
                <InviteSignUp email={i.email} token={token} />
              </>
            )
          }
          return (
            <>
              <section className="cash-card cash-stack" aria-label={i.companyName}>
                <p style={{ margin: 0 }}>
                  <strong>{t('invite.offer', { inviter: i.inviterName, company: i.companyName, role })}</strong>
                </p>
                <p className="cash-muted" style={{ margin: 0 }}>
                  {t('invite.for', { email: i.email, date: formatDate(i.expiresAt, locale, 'dateTime') })}
                </p>
              </section>
              {next}
            </>
          )
        }}
      </ResourceView>
    )
  return <Page title={title}>{body}</Page>
}
