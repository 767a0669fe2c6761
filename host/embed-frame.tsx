import { Suspense, useEffect, useRef, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import type { EmbedBridge } from '../bridge/embed-client'
import { newDropCounter } from '../bridge/wires'
import type { BridgeContext } from '../bridge/protocol.schema'
import { BridgeProvider } from '../embeds/lib/bridge-context'
import { EmbedNavigationProvider } from '../embeds/lib/embed-navigation'
import { useI18n } from '../embeds/lib/i18n'
import type { RouteEntry } from '../embeds/lib/route-map'
import { useSession } from '../embeds/lib/session'
import { LoadingState } from '../embeds/ui/state-views'
import { embedComponent } from './embed-registry'
import { connectInPage, webHostHandlers } from './in-page-host'

const prefersDark = () => typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches

/** What the web shell offers an embed (in-page-host.ts webHostHandlers), known before the bridge connects. */
const WEB_HOST_CAPABILITIES = Object.keys(webHostHandlers(() => undefined))

/**
 * A bridge usable from the embed's first render, before the in-page connection is made (in an effect, so never
 * on the server): it answers `has` from what the shell offers, and holds calls and listeners until `attach`
 * hands it the connected bridge. The embed draws the same on the server, at hydration and once connected.
 */
function deferredBridge(context: BridgeContext) {
  let real: EmbedBridge | null = null
  let attached: (bridge: EmbedBridge) => void = () => undefined
  const nextConnection = () =>
    new Promise<EmbedBridge>((resolve) => {
      attached = resolve
    })
  let connected = nextConnection()
  const bridge: EmbedBridge = {
    mode: 'host',
    transport: 'port',
    context,
    capabilities: WEB_HOST_CAPABILITIES,
    has: (capability) => WEB_HOST_CAPABILITIES.includes(capability),
    call: (method, params) => connected.then((b) => b.call(method, params)),
    on: (event, handler) => {
      if (real) return real.on(event, handler)
      let off: (() => void) | null = null
      let cancelled = false
      void connected.then((b) => {
        if (!cancelled) off = b.on(event, handler)
      })
      return () => {
        cancelled = true
        off?.()
      }
    },
    drops: newDropCounter(),
    close: () => real?.close(),
  }
  return {
    bridge,
    attach: (b: EmbedBridge) => {
      real = b
      attached(b)
    },
    /** The connection closed (the effect's cleanup): calls wait for the next one. */
    detach: () => {
      real = null
      connected = nextConnection()
    },
  }
}

/** Mounts a route's embed with an in-page host bridge, one per embed instance. */
export function EmbedFrame({
  route,
  path,
  params,
}: {
  route: RouteEntry
  path: string
  params: Record<string, string>
}) {
  const { locale } = useI18n()
  const { state } = useSession()
  const [location, navigate] = useLocation()
  const search = useSearch()
  const latest = useRef({ state, locale })
  latest.current = { state, locale }
  const context = (): BridgeContext => {
    const s = latest.current.state
    const session = s.status === 'signed-in' ? s.session : null
    return {
      sessionToken: null,
      user: session ? session.user : null,
      accountKind: session?.memberships[0]?.accountKind ?? null,
      locale: latest.current.locale,
      theme: prefersDark() ? 'dark' : 'light',
      safeArea: { top: 0, right: 0, bottom: 0, left: 0 },
      platform: 'web',
      appVersion: 'web',
    }
  }
  // One bridge per embed; drawn with at once (server and browser alike), connected in the effect below.
  const [deferred, setDeferred] = useState(() => ({ embed: route.embed, ...deferredBridge(context()) }))
  const current = deferred.embed === route.embed ? deferred : null

  // A new bridge for a new embed only; `context` reads the latest state through a ref.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new bridge per embed
  useEffect(() => {
    const mine = deferred.embed === route.embed ? deferred : { embed: route.embed, ...deferredBridge(context()) }
    if (mine !== deferred) setDeferred(mine)
    let closed = false
    let close = (): void => undefined
    const go = (target: string) => navigate(target.replace(/^\/app\/cash/, '') || '/')
    void connectInPage(route.embed, webHostHandlers(go), context).then((connection) => {
      if (closed) return connection.close()
      close = connection.close
      mine.attach(connection.bridge)
    })
    return () => {
      closed = true
      close()
      mine.detach()
    }
  }, [route.embed, navigate])

  const Embed = embedComponent(route.embed)
  if (!current) return <LoadingState />
  const navigation = {
    go: (target: string) => navigate(target.replace(/^\/app\/cash/, '') || '/'),
    here: `/app/cash${location === '/' ? '' : location}${search ? `?${search}` : ''}`,
  }
  return (
    <BridgeProvider bridge={current.bridge}>
      <EmbedNavigationProvider navigation={navigation}>
        <Suspense fallback={<LoadingState />}>
          <Embed path={path} params={params} title={route.title[locale]} />
        </Suspense>
      </EmbedNavigationProvider>
    </BridgeProvider>
  )
}
