import { lazy, Suspense, useEffect, type ReactNode } from 'react'
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter'
import { useI18n } from '../embeds/lib/i18n'
import { ALIASES, ROUTES, SHELL_PATHS, type RouteEntry } from '../embeds/lib/route-map'
import { safeNext } from '../embeds/lib/safe-next'
import { useSession } from '../embeds/lib/session'
import { ERROR_FLAG } from '../embeds/ui/app-error-boundary'
import { Page } from '../embeds/ui/page'
import { ErrorState, LoadingState } from '../embeds/ui/state-views'
import { EmbedFrame } from './embed-frame'
import { ShellLayout } from './shell-layout'

const QaHarness = lazy(() => import('./qa-harness').then((m) => ({ default: m.QaHarness })))
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

/**
 * Signed-in visitors of sign-in and sign-up go where they were headed. A password reset link is the exception: it
 * works whoever is signed in on this browser (it ends every session of its own account).
 */
function GuestOnly({ children }: { children: ReactNode }) {
  const { state } = useSession()
  const [, navigate] = useLocation()
  const search = new URLSearchParams(useSearch())
  const next = safeNext(search.get('next'))
  const resetting = search.get('step') === 'reset-password'
  useEffect(() => {
    if (state.status === 'signed-in' && !resetting) navigate(next.slice(BASE.length) || '/', { replace: true })
  }, [state.status, next, navigate, resetting])
  if (state.status === 'loading') return <LoadingState />
  return <>{children}</>
}

/** A clear refusal for a route the signed-in user's role does not open. */
function NotAllowed({ guard }: { guard: 'personal' | 'corporate' | 'admin' }) {
  const { t } = useI18n()
  const { state } = useSession()
  const email = state.status === 'signed-in' ? state.session.user.email : ''
  return (
    <Page title={t('state.notAllowed.title')}>
      <p>{t(`state.notAllowed.${guard}`, { email })}</p>
      <a href={BASE}>{t('state.goHome')}</a>
    </Page>
  )
}

function RoleCheck({ guard, children }: { guard: 'personal' | 'corporate' | 'admin'; children: ReactNode }) {
  const { state } = useSession()
  if (state.status !== 'signed-in') return null
  const { user, memberships } = state.session
  const allowed = guard === 'admin' ? user.platformRole === 'admin' : memberships.some((m) => m.accountKind === guard)
  return allowed ? children : <NotAllowed guard={guard} />
}

function Guarded({ route, children }: { route: RouteEntry; children: ReactNode }) {
  if (route.guard === 'public') return <>{children}</>
  if (route.guard === 'guest') return <GuestOnly>{children}</GuestOnly>
  return (
    <RequireSession>
      {route.guard === 'signed-in' ? children : <RoleCheck guard={route.guard}>{children}</RoleCheck>}
    </RequireSession>
  )
}

/** Where the generic error page's Continue leads: the error state is cleared, and the way home offered. */
function ErrorAcknowledged() {
  const { t } = useI18n()
  useEffect(() => {
    try {
      sessionStorage.removeItem(ERROR_FLAG)
    } catch {
      // Nothing to clear where storage is off.
    }
  }, [])
  return (
    <Page title={t('state.errorAcknowledged.title')}>
      <p>{t('state.errorAcknowledged.body')}</p>
      <a href={BASE}>{t('state.goHome')}</a>
    </Page>
  )
}

function NotFound() {
  const { t } = useI18n()
  return (
    <Page title={t('state.notFound.title')}>
      <p>{t('state.notFound.body')}</p>
      <a href={BASE}>{t('state.goHome')}</a>
    </Page>
  )
}

export function Shell() {
  const [location] = useLocation()
  return (
    <ShellLayout>
      <Suspense fallback={<LoadingState />}>
        <Switch>
          {Object.entries(ALIASES).map(([from, to]) => (
            <Route key={from} path={from}>
              <Redirect to={to} replace />
            </Route>
          ))}
          <Route path={SHELL_PATHS.errorAcknowledged}>
            <ErrorAcknowledged />
          </Route>
          <Route path={SHELL_PATHS.qaHarness}>
            <QaHarness />
          </Route>
          {ROUTES.map((route) => (
            <Route key={route.path} path={route.path}>
              {(params: Record<string, string>) => (
                <Guarded route={route}>
                  <EmbedFrame route={route} path={location} params={params} />
                </Guarded>
              )}
            </Route>
          ))}
          <Route>
            <NotFound />
          </Route>
        </Switch>
      </Suspense>
    </ShellLayout>
  )
}
