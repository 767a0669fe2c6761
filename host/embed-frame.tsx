import { Suspense, useEffect, useRef, useState } from 'react'
import { useLocation } from 'wouter'
import type { EmbedBridge } from '../bridge/embed-client'
import type { BridgeContext } from '../bridge/protocol.schema'
import { BridgeProvider } from '../embeds/lib/bridge-context'
import { EmbedNavigationProvider } from '../embeds/lib/embed-navigation'
import { useI18n } from '../embeds/lib/i18n'
import type { RouteEntry } from '../embeds/lib/route-map'
import { useSession } from '../embeds/lib/session'
import { LoadingState } from '../embeds/ui/state-views'
import { lazyEmbed } from './embed-registry'
import { connectInPage, webHostHandlers } from './in-page-host'

const prefersDark = () => typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches

/** Mounts a route's embed with an in-page host bridge, one per embed instance. */
export function EmbedFrame({ route, path, params }: { route: RouteEntry; path: string; params: Record<string, string> }) {
  const { locale } = useI18n()
  const { state } = useSession()
  const [, navigate] = useLocation()
  const [bridge, setBridge] = useState<EmbedBridge | null>(null)
  const latest = useRef({ state, locale })
  latest.current = { state, locale }

  useEffect(() => {
    let closed = false
    let close = () => undefined as void
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
    const go = (target: string) => navigate(target.replace(/^\/app\/cash/, '') || '/')
    void connectInPage(route.embed, webHostHandlers(go), context).then((connection) => {
      if (closed) return connection.close()
      close = connection.close
      setBridge(connection.bridge)
    })
    return () => {
      closed = true
      close()
      setBridge(null)
    }
  }, [route.embed, navigate])

  const Embed = lazyEmbed(route.embed)
  if (!bridge) return <LoadingState />
  const navigation = { go: (target: string) => navigate(target.replace(/^\/app\/cash/, '') || '/') }
  return (
    <BridgeProvider bridge={bridge}>
      <EmbedNavigationProvider navigation={navigation}>
        <Suspense fallback={<LoadingState />}>
          <Embed path={path} params={params} title={route.title[locale]} />
        </Suspense>
      </EmbedNavigationProvider>
    </BridgeProvider>
  )
}
