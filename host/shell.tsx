import { lazy, Suspense, useEffect, type ReactNode } from 'react'
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter'
import { useI18n } from '../embeds/lib/i18n'
import { useSession } from '../embeds/lib/session'
import { Page } from '../embeds/ui/page'
import { ErrorState, LoadingState } from '../embeds/ui/state-views'
import { safeNext } from './safe-next'
import { ShellLayout } from './shell-layout'

// One chunk per embed, loaded when its route is first visited.
const SignInPage = lazy(() => import('../embeds/auth/sign-in-page').then((m) => ({ default: m.SignInPage })))
const SignUpPage = lazy(() => import('../embeds/auth/sign-up-page').then((m) => ({ default: m.SignUpPage })))
const HomePage = lazy(() => import('../embeds/home/home-page').then((m) => ({ default: m.HomePage })))

const BASE = '/app/cash'

/** Product routes need a session: signed out, they lead to sign-in and back after. */
function RequireSession({ children }: { children: ReactNode }) {
  const { state } = useSession()
  const [location] = useLocation()
  const search = useSearch()
  if (state.status === 'loading') return <LoadingState />
  if (state.status === 'error') return <ErrorState message={state.error.message} />
  if (state.status === 'signed-out') {
    const next = `${BASE}${location === '/' ? '' : location}${search ? `?${search}` : ''}`
    return <Redirect to={`/sign-in?next=${encodeURIComponent(next)}`} replace />
  }
  return <>{children}</>
}

/** Signed-in visitors of sign-in/sign-up go where they were headed. */
function GuestOnly({ children }: { children: (goNext: () => void) => ReactNode }) {
  const { state } = useSession()
  const [, navigate] = useLocation()
  const next = safeNext(new URLSearchParams(useSearch()).get('next'))
  const goNext = () => navigate(next.slice(BASE.length) || '/', { replace: true })
  useEffect(() => {
    if (state.status === 'signed-in') goNext()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.status])
  if (state.status === 'loading') return <LoadingState />
  return <>{children(goNext)}</>
}

/** A route whose feature arrives in a later release: its frame and title, and a plain word that it is not here yet. */
function NotAvailable() {
  const { t } = useI18n()
  const [location] = useLocation()
  const title = location.split('/').filter(Boolean).map((s) => s.replace(/[-@]/g, ' ').trim()).join(' · ') || t('home.title')
  return (
    <Page title={title.charAt(0).toUpperCase() + title.slice(1)}>
      <p>{t('state.notAvailable.body')}</p>
      <a href={BASE}>{t('state.goHome')}</a>
    </Page>
  )
}

export function Shell() {
  return (
    <ShellLayout>
      <Suspense fallback={<LoadingState />}>
        <Switch>
          <Route path="/sign-in">
            <GuestOnly>{(goNext) => <SignInPage onSignedIn={goNext} signUpHref={`${BASE}/sign-up`} />}</GuestOnly>
          </Route>
          <Route path="/sign-up">
            <GuestOnly>{(goNext) => <SignUpPage onSignedUp={goNext} signInHref={`${BASE}/sign-in`} />}</GuestOnly>
          </Route>
          <Route path="/">
            <RequireSession>
              <HomePage hrefs={{ onboarding: `${BASE}/onboarding/personal`, admin: `${BASE}/admin` }} />
            </RequireSession>
          </Route>
          <Route>
            <RequireSession>
              <NotAvailable />
            </RequireSession>
          </Route>
        </Switch>
      </Suspense>
    </ShellLayout>
  )
}
