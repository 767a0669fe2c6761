import type { EmbedBridge } from '../../bridge/embed-client'

/**
 * Host capabilities with their web fallbacks (ARCHITECTURE.md): ask the host when it offers the
 * capability, else do it the web way. Each returns how it was done, so the page can say so.
 */
export async function copyText(bridge: EmbedBridge, text: string): Promise<'host' | 'clipboard'> {
  if (bridge.has('copy')) {
    await bridge.call('copy', { text })
    return 'host'
  }
  await navigator.clipboard.writeText(text)
  return 'clipboard'
}

export async function shareContent(
  bridge: EmbedBridge,
  content: { title?: string; text?: string; url?: string },
): Promise<'host' | 'web-share' | 'copied'> {
  if (bridge.has('share')) {
    await bridge.call('share', content)
    return 'host'
  }
  if (typeof navigator.share === 'function') {
    await navigator.share(content)
    return 'web-share'
  }
  await navigator.clipboard.writeText([content.text, content.url].filter(Boolean).join(' '))
  return 'copied'
}

export async function scanQr(bridge: EmbedBridge, prompt: string): Promise<string | null> {
  if (!bridge.has('scanQr')) return null
  return (await bridge.call('scanQr', { prompt })).text
}

/** Hands a notification to a host that shows them natively; false when the host does not offer it. */
export async function notifyHost(
  bridge: EmbedBridge,
  notice: { id: string; title: string; body: string },
): Promise<boolean> {
  if (!bridge.has('notify')) return false
  return (await bridge.call('notify', notice)).shown
}
