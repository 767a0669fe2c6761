import { useCallback, useEffect, useRef, useState } from 'react'
import { serveBridge, type HostBridge, type HostHandlers } from '../bridge/host-server'
import {
  BridgeError,
  CAPABILITIES,
  type BridgeContext,
  type Capability,
  type Envelope,
  type EventName,
  type EventPayload,
} from '../bridge/protocol.schema'
import { newDropCounter, windowWire } from '../bridge/wires'
import { SessionResponse } from '../domain/api/auth.schema'
import { signHostChallenge } from '../domain/host-confirmation'
import { createApiClient, type ApiClient } from '../embeds/lib/api-client'
import { PERSONAS } from '../fixtures/personas'
import { useI18n } from '../embeds/lib/i18n'
import { isEmbedName, webviewUrl } from '../domain/webview-pages'

export type QaSettings = {
  page: string
  /** A screen of the page's embed to open on (a product path without parameters), or '' for its first screen. */
  screen: string
  email: string
  password: string
  platform: BridgeContext['platform']
  locale: 'en-US' | 'pt-BR'
  theme: BridgeContext['theme']
  capabilities: Capability[]
  /** The server runs a sandbox (not production): offer its controls for the persona's account. */
  sandbox: boolean
}

/** A notification the embed asked the host to show (the `notify` method). */
export type HostNotice = { id: string; title: string; body: string }

export type LogLine = { n: number; direction: 'in' | 'out'; envelope: Envelope }
type Ask =
  | { kind: 'confirm'; detail: string; answer: (confirmed: boolean) => void }
  | { kind: 'scanQr'; detail: string; answer: (text: string | null) => void }
/** A question the embed asked the host, waiting for the tester; `id` tells it apart while others come and go. */
export type PendingAsk = Ask & { id: number }
let lastAskId = 0

const SAFE_AREA: Record<BridgeContext['platform'], BridgeContext['safeArea']> = {
  ios: { top: 47, right: 0, bottom: 34, left: 0 },
  android: { top: 24, right: 0, bottom: 16, left: 0 },
  web: { top: 0, right: 0, bottom: 0, left: 0 },
}

/**
 * Plays a native host around an embed in an iframe: signs a persona in and hands its token over, answers
 * confirm and scan requests through the page, and records every bridge message in order.
 */
export function useQaHost(iframe: React.RefObject<HTMLIFrameElement | null>) {
  const { t } = useI18n()
  const [log, setLog] = useState<LogLine[]>([])
  const [asks, setAsks] = useState<PendingAsk[]>([])
  const [error, setError] = useState<string | null>(null)
  const [src, setSrc] = useState<string | null>(null)
  const [notices, setNotices] = useState<HostNotice[]>([])
  /** The persona signed in to the embed, and a platform admin's client for the sandbox controls acting on it. */
  const [sandbox, setSandbox] = useState<{ email: string; api: ApiClient } | null>(null)
  const host = useRef<HostBridge | null>(null)
  const counter = useRef(0)
  /** The newest launch's number: a launch that a newer one overtook while it signed in changes nothing after. */
  const latest = useRef(0)

  useEffect(() => () => host.current?.close(), [])

  const launch = useCallback(
    async (settings: QaSettings) => {
      const mine = ++latest.current
      const overtaken = () => latest.current !== mine
      host.current?.close()
      host.current = null
      setLog([])
      setAsks([])
      setNotices([])
      setError(null)
      // The same persona's controls stay while the embed is framed again: they act on the same account, and what
      // the tester typed in them stays. Another persona (or none) has no controls until its own are signed in.
      const keep = settings.sandbox && settings.email !== ''
      setSandbox((s) => (keep && s?.email === settings.email ? s : null))
      let context: BridgeContext = {
        sessionToken: null,
        user: null,
        accountKind: null,
        locale: settings.locale,
        theme: settings.theme,
        safeArea: SAFE_AREA[settings.platform],
        platform: settings.platform,
        appVersion: 'qa-harness',
      }
      let confirmSecret: string | undefined
      if (settings.email) {
        try {
          const session = await createApiClient().post('/auth/sign-in', SessionResponse, {
            email: settings.email,
            password: settings.password,
            client: 'native',
          })
          confirmSecret = session.confirmSecret
          context = {
            ...context,
            sessionToken: session.token ?? null,
            user: session.user,
            accountKind: session.memberships[0]?.accountKind ?? null,
          }
        } catch (e) {
          if (overtaken()) return
          setError(t('qa.signInFailed', { error: e instanceof Error ? e.message : String(e) }))
          setSandbox(null)
          return
        }
        if (overtaken()) return
      }
      const ask = <T>(make: (answer: (value: T) => void) => Ask) =>
        new Promise<T>((resolve) => {
          const entry: PendingAsk = {
            ...make((value) => {
              setAsks((list) => list.filter((a) => a !== entry))
              resolve(value)
            }),
            id: ++lastAskId,
          }
          setAsks((list) => [...list, entry])
        })
      const all: HostHandlers = {
        confirm: async (p) => {
          const confirmed = await ask<boolean>((answer) => ({
            kind: 'confirm',
            detail: `${p.title}: ${p.amount} ${p.asset} — ${p.detail}`,
            answer,
          }))
          // Like a real host: the confirm secret from the native sign-in answers the challenge once the holder
          // approves.
          if (!confirmed || !confirmSecret) return { confirmed: false, method: 'none' }
          return { confirmed, method: 'biometrics', signature: await signHostChallenge(confirmSecret, p.challenge) }
        },
        scanQr: async (p) => {
          const text = await ask<string | null>((answer) => ({ kind: 'scanQr', detail: p.prompt, answer }))
          if (text === null) throw new BridgeError('CANCELLED', 'The holder closed the scanner.')
          return { text }
        },
        share: async () => ({ shared: true }),
        copy: async () => ({ copied: true as const }),
        openUrl: async () => ({ opened: true }),
        navigate: async () => ({ navigated: true }),
        close: async () => ({ closed: true as const }),
        haptics: async () => ({ done: true as const }),
        addToWallet: async () => ({
          added: true,
          wallet: settings.platform === 'android' ? ('google' as const) : ('apple' as const),
        }),
        notify: async (p) => (setNotices((list) => [...list, p]), { shown: true }),
      }
      const handlers = Object.fromEntries(
        Object.entries(all).filter(([method]) => settings.capabilities.includes(method as Capability)),
      ) as HostHandlers
      const origin = window.location.origin
      host.current = serveBridge({
        wire: windowWire({
          self: window,
          peer: () => iframe.current?.contentWindow ?? null,
          peerOrigin: origin,
          allowedOrigins: [origin],
          drops: newDropCounter(),
        }),
        handshake: 'iframe',
        handlers,
        context: () => context,
        onMessage: (direction, envelope) =>
          setLog((lines) => [...lines, { n: ++counter.current, direction, envelope }]),
      })
      const address =
        settings.screen && isEmbedName(settings.page)
          ? webviewUrl(settings.page, settings.screen)
          : `/app/cash/webview/${settings.page}`
      setSrc(`${address}${address.includes('?') ? '&' : '?'}qa=${Date.now()}`)
      if (settings.email && settings.sandbox) {
        // The sandbox API is for platform admins: the harness signs the first admin persona in beside the
        // embed's persona (same demo password), so its controls act on the embed's account.
        const admin = PERSONAS.find((p) => p.platformRole === 'admin')!
        try {
          const session = await createApiClient().post('/auth/sign-in', SessionResponse, {
            email: admin.email,
            password: settings.password,
            client: 'native',
          })
          if (overtaken()) return
          setSandbox({ email: settings.email, api: createApiClient({ bearerToken: () => session.token ?? undefined }) })
        } catch (e) {
          if (overtaken()) return
          setError(t('qa.signInFailed', { error: e instanceof Error ? e.message : String(e) }))
          setSandbox(null)
        }
      }
    },
    [iframe, t],
  )

  const emit = useCallback(
    <E extends EventName>(event: E, payload: EventPayload<E>) => host.current?.emit(event, payload),
    [],
  )
  return { launch, emit, log, asks, notices, error, src, sandbox, capabilities: CAPABILITIES }
}
