import { StrictMode, useEffect, useState, type ComponentType } from 'react'
import { createRoot, hydrateRoot, type Root } from 'react-dom/client'
import { connectBridge, type EmbedBridge } from '../../bridge/embed-client'
import { detectWire, newDropCounter } from '../../bridge/wires'
import type { SessionResponse } from '../../domain/api/auth.schema'
import { resolveWebview, webviewUrl, type EmbedName } from '../../domain/webview-pages'
import '../ui/tokens.css'
import '../ui/layout.css'
import { AppErrorBoundary } from '../ui/app-error-boundary'
import { CalloutCard, LoadingState } from '../ui/state-views'
import { createApiClient, type ApiClient } from './api-client'
import { EmbedNavigationProvider } from './embed-navigation'
import { BridgeProvider } from './bridge-context'
import type { EmbedProps } from './embed-props'
import {
  browserLanguages,
  I18nProvider,
  localeOfLanguage,
  pickDeviceLocale,
  pickLocale,
  useI18n,
  type Locale,
} from './i18n'
import { startMonitoring } from './monitoring'
import { matchRoute, ROUTES } from './route-map'
import { bootSession } from './boot-data'
import { announceDataChanged } from './data-changed'
import { FirstDataContext, Interactive, pageFirstData, type FirstData } from './first-data'
import { SessionProvider, useSession } from './session'

/** The product path a standalone page at `pathname` + `search` shows: from its webview address, or `?path=` for QA. */
export function standalonePathOf(embed: EmbedName, pathname: string, search: string): string {
  const requested = new URLSearchParams(search).get('path')
  if (requested && matchRoute(requested)?.route.embed === embed) return requested
  const rest = pathname.replace(/^\/app\/cash\/webview\/?/, '')
  const resolved = resolveWebview(rest)
  // An embed opened bare starts on its first screen that needs no id (not a detail page missing its id).
  return resolved?.embed === embed && resolved.path
    ? resolved.path
    : (ROUTES.find((r) => r.embed === embed && !r.path.includes(':'))?.path ?? '/')
}

/** The product path shown at a page's address (path and query), as standalonePathOf reads it. */
const pathAt = (embed: EmbedName, address: string) => {
  const at = address.indexOf('?')
  return at === -1
    ? standalonePathOf(embed, address, '')
    : standalonePathOf(embed, address.slice(0, at), address.slice(at))
}

/** Applies the host's theme and safe-area insets to the page. */
function applyLook(bridge: EmbedBridge) {
  const root = document.documentElement
  const ctx = bridge.context
  if (ctx) {
    root.dataset.theme = ctx.theme
    for (const side of ['top', 'right', 'bottom', 'left'] as const)
      root.style.setProperty(`--cash-safe-${side}`, `${ctx.safeArea[side]}px`)
  }
  bridge.on('themeChanged', ({ theme }) => (root.dataset.theme = theme))
  bridge.on('dataChanged', announceDataChanged)
}

function Standalone({
  embed,
  Component,
  bridge,
  here,
}: {
  embed: EmbedName
  Component: ComponentType<EmbedProps>
  bridge: EmbedBridge
  here: string
}) {
  const { locale, t } = useI18n()
  const session = useSession()
  // The page's address is the one state: the product path shown is read from it.
  const [address, setAddress] = useState(here)
  const [depth, setDepth] = useState(0)
  const path = pathAt(embed, address)
  const match = matchRoute(path)
  useEffect(() => {
    const onPop = () => {
      setAddress(window.location.pathname + window.location.search)
      setDepth((d) => Math.max(0, d - 1))
    }
    window.addEventListener('popstate', onPop)
    return () => window.removeEventListener('popstate', onPop)
  }, [])
  // The native back: a step back inside the embed, or, at its first screen, the host closes it.
  useEffect(
    () =>
      bridge.on('backPressed', () => {
        if (depth > 0) window.history.back()
        else if (bridge.has('close')) void bridge.call('close', {}).catch(() => undefined)
      }),
    [bridge, depth],
  )
  const navigation = {
    go(full: string) {
      const [product = '/', search = ''] = (full.replace(/^\/app\/cash/, '') || '/').split('?')
      if (matchRoute(product)?.route.embed === embed) {
        window.history.pushState(
          null,
          '',
          webviewUrl(embed, product) +
            (search ? `${webviewUrl(embed, product).includes('?') ? '&' : '?'}${search}` : ''),
        )
        setAddress(window.location.pathname + window.location.search)
        setDepth((d) => d + 1)
        window.scrollTo(0, 0)
      } else if (bridge.has('navigate')) void bridge.call('navigate', { path: full })
      else window.location.assign(full)
    },
    here: address,
  }
  // Once, with the page: the bridge and the session live as long as the page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, with the page
  useEffect(() => {
    // After first paint: tell the host, then start error reporting.
    requestAnimationFrame(() => {
      if (bridge.mode === 'host') void bridge.call('ready', {}).catch(() => undefined)
      void startMonitoring()
    })
    return bridge.on('sessionChanged', () => void session.refresh())
  }, [])
  const guard = match?.route.guard ?? 'signed-in'
  if (guard !== 'public' && guard !== 'guest') {
    if (session.state.status === 'loading') return <LoadingState />
    if (session.state.status !== 'signed-in') {
      const next = encodeURIComponent(address)
      return (
        <main className="cash-page">
          <CalloutCard
            title={t('auth.signIn.title')}
            body={t('state.signInNeeded')}
            action={<a href={`/app/cash/sign-in?next=${next}`}>{t('auth.signIn.submit')}</a>}
          />
        </main>
      )
    }
  }
  return (
    <EmbedNavigationProvider navigation={navigation}>
      <Component key={path} path={path} params={match?.params ?? {}} title={match?.route.title[locale] ?? ''} />
    </EmbedNavigationProvider>
  )
}

/** What an embed page is drawn from: the same in the browser and when the server renders its first screen. */
export type EmbedPageInput = {
  embed: EmbedName
  Component: ComponentType<EmbedProps>
  bridge: EmbedBridge
  api: ApiClient
  /** The device's locale, and the one the holder chose in their profile (it wins) when the page knows it. */
  locale: Locale
  preferred: Locale | null
  /** The session the page arrived with (boot-data.ts), or undefined to ask the server. */
  session: SessionResponse | null | undefined
  /**
   * The page's own address, path and query: the product path it shows is read from it, and a sign-in comes back to it.
   */
  here: string
  /** The data the first screen is drawn with (first-data.tsx). */
  firstData: FirstData
}

/** The whole embed page: error boundary, language, bridge, session and the embed at its path. */
export function EmbedPage(p: EmbedPageInput) {
  return (
    <StrictMode>
      <Interactive />
      <AppErrorBoundary>
        <I18nProvider locale={p.locale} preferred={p.preferred}>
          <BridgeProvider bridge={p.bridge}>
            <SessionProvider api={p.api} initial={p.session}>
              <FirstDataContext.Provider value={p.firstData}>
                <Standalone embed={p.embed} Component={p.Component} bridge={p.bridge} here={p.here} />
              </FirstDataContext.Provider>
            </SessionProvider>
          </BridgeProvider>
        </I18nProvider>
      </AppErrorBoundary>
    </StrictMode>
  )
}

/**
 * Mounts an embed as its own page: connects to a native host if there is one (else standalone web mode),
 * takes locale, theme, safe area and session token from it, and renders the embed under an error boundary
 * (into `root` when the page's entry already painted its frame there: embeds/lib/boot-embed.tsx). When the
 * server drew the first screen into the page (`data-ssr` on the root: server/http/first-screen.ts), React takes
 * that markup over (hydration) instead of drawing it again; if what it would draw differs (a host's locale the
 * server could not know), it draws its own.
 */
export function mountEmbed(embed: EmbedName, Component: ComponentType<EmbedProps>, root: Root | null = null): void {
  const drops = newDropCounter()
  void connectBridge({ embed, wire: detectWire(window, drops, [window.location.origin]), drops }).then((bridge) => {
    let token = bridge.context?.sessionToken ?? undefined
    bridge.on('sessionChanged', ({ sessionToken }) => (token = sessionToken ?? undefined))
    // The native host's locale (bridge init) wins; without a host, the browser's preferred languages.
    const locale: Locale = bridge.context?.locale
      ? pickLocale(bridge.context.locale)
      : pickDeviceLocale(browserLanguages())
    document.documentElement.lang = locale
    applyLook(bridge)
    // For QA (the harness and browser tests): the bridge's state, what it dropped, and a way to call it.
    Object.assign(window, {
      __cashBridge: {
        mode: bridge.mode,
        transport: bridge.transport,
        capabilities: bridge.capabilities,
        drops,
        call: bridge.call,
      },
    })
    const session = token ? undefined : bootSession()
    const page = (
      <EmbedPage
        embed={embed}
        Component={Component}
        bridge={bridge}
        api={createApiClient({ bearerToken: () => token })}
        locale={locale}
        preferred={session?.language ? localeOfLanguage(session.language) : null}
        session={session}
        here={window.location.pathname + window.location.search}
        firstData={session === undefined ? { ready: new Map() } : pageFirstData()}
      />
    )
    const container = document.getElementById('root')!
    if (!root && container.hasAttribute('data-ssr')) {
      // Drawn signed out, but the host signed the page in over the bridge: drawn afresh (it was kept hidden).
      if (token && container.hasAttribute('data-ssr-signed-out')) {
        container.replaceChildren()
        createRoot(container).render(page)
      } else hydrateRoot(container, page)
    } else (root ?? createRoot(container)).render(page)
  })
}
