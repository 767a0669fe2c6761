import type { Envelope } from './protocol.schema'

export type TransportKind = 'port' | 'iframe' | 'react-native' | 'webkit' | 'android'

/** One way to exchange envelopes with the other side. */
export type Wire = {
  kind: TransportKind
  send(message: Envelope, transfer?: Transferable[]): void
  /** Calls `handler` with each incoming message's data (and ports, where the transport has them). */
  listen(handler: (data: unknown, ports: readonly MessagePort[]) => void): () => void
}

/** Counts what was dropped and why: malformed, foreign, unknown version. Never thrown into the page. */
export type DropCounter = { dropped: number; reasons: Record<string, number> }
export const newDropCounter = (): DropCounter => ({ dropped: 0, reasons: {} })
export function drop(counter: DropCounter, reason: string): void {
  counter.dropped += 1
  counter.reasons[reason] = (counter.reasons[reason] ?? 0) + 1
}

/** A MessagePort: the in-page shell, and iframes after the handshake. Structured clone, no JSON. */
export function portWire(port: MessagePort): Wire {
  return {
    kind: 'port',
    send: (message, transfer = []) => port.postMessage(message, transfer),
    listen: (handler) => {
      const listener = (e: MessageEvent) => handler(e.data, e.ports)
      port.addEventListener('message', listener)
      port.start()
      return () => port.removeEventListener('message', listener)
    },
  }
}

/**
 * Window-to-window (an embed in an iframe, the host around it). Accepts a message only if both its source
 * is the expected window and its origin is allowed; only the content-free `hello` may go to "*".
 */
export function windowWire(options: {
  self: Window
  peer: () => Window | null
  peerOrigin: string | null
  allowedOrigins: readonly string[]
  drops: DropCounter
}): Wire {
  return {
    kind: 'iframe',
    send: (message, transfer = []) => {
      const peer = options.peer()
      if (!peer) return
      if (message.kind === 'hello') peer.postMessage(message, '*')
      else if (options.peerOrigin) peer.postMessage(message, options.peerOrigin, transfer)
    },
    listen: (handler) => {
      const listener = (e: MessageEvent) => {
        if (e.source !== options.peer()) return drop(options.drops, 'foreign source')
        if (!options.allowedOrigins.includes(e.origin)) return drop(options.drops, 'foreign origin')
        handler(e.data, e.ports)
      }
      options.self.addEventListener('message', listener)
      return () => options.self.removeEventListener('message', listener)
    },
  }
}

function parseJson(data: unknown, drops: DropCounter): unknown {
  if (typeof data !== 'string') return undefined
  try {
    return JSON.parse(data)
  } catch {
    drop(drops, 'not JSON')
    return undefined
  }
}

type NativeWindow = Window & {
  ReactNativeWebView?: { postMessage(data: string): void }
  webkit?: { messageHandlers?: { cashBridge?: { postMessage(data: string): void } } }
  cashBridge?: {
    postMessage(data: string): void
    addEventListener(type: 'message', fn: (e: { data: unknown }) => void): void
    removeEventListener(type: 'message', fn: (e: { data: unknown }) => void): void
  }
}

/** Native replies arrive as JSON strings in `message` events on window (and on document on Android RN). */
function listenForJsonStrings(
  _win: Window,
  drops: DropCounter,
  targets: EventTarget[],
  handler: (data: unknown, ports: readonly MessagePort[]) => void,
) {
  const listener = (e: Event) => {
    const data = parseJson((e as MessageEvent).data, drops)
    if (data !== undefined) handler(data, [])
  }
  for (const t of targets) t.addEventListener('message', listener)
  return () => {
    for (const t of targets) t.removeEventListener('message', listener)
  }
}

/**
 * The native transport this page runs in, if any: React Native WebView, WKWebView
 * (`webkit.messageHandlers.cashBridge`), Android (`addWebMessageListener` named `cashBridge`), or an iframe.
 */
export function detectWire(win: Window, drops: DropCounter, allowedOrigins: readonly string[]): Wire | null {
  const w = win as NativeWindow
  if (w.ReactNativeWebView) {
    const rn = w.ReactNativeWebView
    return {
      kind: 'react-native',
      send: (m) => rn.postMessage(JSON.stringify(m)),
      listen: (h) => listenForJsonStrings(win, drops, [win, win.document], h),
    }
  }
  const webkit = w.webkit?.messageHandlers?.cashBridge
  if (webkit) {
    return {
      kind: 'webkit',
      send: (m) => webkit.postMessage(JSON.stringify(m)),
      listen: (h) => listenForJsonStrings(win, drops, [win], h),
    }
  }
  const android = w.cashBridge
  if (android) {
    return {
      kind: 'android',
      send: (m) => android.postMessage(JSON.stringify(m)),
      listen: (h) => {
        const listener = (e: { data: unknown }) => {
          const data = parseJson(e.data, drops)
          if (data !== undefined) h(data, [])
        }
        android.addEventListener('message', listener)
        return () => android.removeEventListener('message', listener)
      },
    }
  }
  if (win.parent && win.parent !== win) {
    return windowWire({ self: win, peer: () => win.parent, peerOrigin: null, allowedOrigins, drops })
  }
  return null
}
