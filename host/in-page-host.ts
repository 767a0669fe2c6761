import { connectBridge, type EmbedBridge } from '../bridge/embed-client'
import { serveBridge, type HostHandlers } from '../bridge/host-server'
import type { BridgeContext } from '../bridge/protocol.schema'
import { portWire } from '../bridge/wires'

/**
 * The web shell as a host: what a browser can do for an embed. No biometrics and no camera here, so
 * `confirm` and `scanQr` are not offered and embeds use their web fallbacks.
 */
export function webHostHandlers(navigate: (path: string) => void): HostHandlers {
  return {
    navigate: async ({ path }) => (navigate(path), { navigated: true }),
    copy: async ({ text }) => (await navigator.clipboard.writeText(text), { copied: true as const }),
    share: async (content) => {
      if (typeof navigator.share !== 'function') return { shared: false }
      await navigator.share(content)
      return { shared: true }
    },
    openUrl: async ({ url }) => ({ opened: window.open(url, '_blank', 'noopener,noreferrer') !== null }),
    close: async () => (navigate('/app/cash'), { closed: true as const }),
    haptics: async ({ style }) => (navigator.vibrate?.(style === 'error' ? [30, 40, 30] : 15), { done: true as const }),
  }
}

/**
 * Connects an embed to the shell over a MessageChannel in this page: the same protocol and code path a
 * native app uses, only the transport differs.
 */
export async function connectInPage(
  embed: string,
  handlers: HostHandlers,
  context: () => BridgeContext,
): Promise<{ bridge: EmbedBridge; close: () => void }> {
  const channel = new MessageChannel()
  const host = serveBridge({ wire: portWire(channel.port1), handlers, context })
  const bridge = await connectBridge({ embed, wire: portWire(channel.port2) })
  return {
    bridge,
    close: () => {
      bridge.close()
      host.close()
      channel.port1.close()
      channel.port2.close()
    },
  }
}
