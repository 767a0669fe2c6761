import { renderToString } from 'react-dom/server'
import { acceptList } from '../../domain/accept-header'
import type { SessionResponse } from '../../domain/api/auth.schema'
import type { EmbedName } from '../../domain/webview-pages'
import { webOnlyBridge } from '../../bridge/embed-client'
import { LOADERS } from './embed-loaders'
import { createApiClient } from './api-client'
import { localeOfLanguage, pickDeviceLocale } from './i18n'
import type { FirstData } from './first-data'
import { EmbedPage } from './mount-embed'

/**
 * The languages an Accept-Language header asks for, most wanted first (what `navigator.languages` says in the browser).
 */
export function acceptedLanguages(header: string | undefined): string[] {
  return acceptList(header)
    .map((l, i) => ({ ...l, i }))
    .filter((l) => l.value !== '*' && l.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((l) => l.value)
}

/** How long the server waits for a first screen's data before sending the screen as it is (loading states). */
const DATA_BUDGET_MS = 300

/**
 * An embed page's first screen as HTML, drawn on the server the way the browser will draw it: the same tree
 * (mount-embed.tsx EmbedPage), the session the page carries, the locale the browser's languages pick (the
 * profile's language when the holder chose one), no host. The data the screen asks for (its useResource calls)
 * is loaded through `fetchApi` (the server's own API, as this browser) and the screen drawn again with it, up to
 * three times (a screen that asks for more once it has data) within DATA_BUDGET_MS; what is still missing shows its
 * loading state, as in the browser. Returns the markup and the data it was drawn with, for the page to carry:
 * the browser then takes this markup over (hydrateRoot) instead of drawing it, without asking again.
 */
export async function renderEmbedFirstScreen(input: {
  embed: EmbedName
  pathname: string
  search: string
  session: SessionResponse | null
  acceptLanguage: string | undefined
  fetchApi: typeof fetch
}): Promise<{ html: string; data: Record<string, unknown> }> {
  const Component = await LOADERS[input.embed]()
  const api = createApiClient({ fetch: input.fetchApi })
  return drawWithData(async (firstData) =>
    renderToString(
      <EmbedPage
        embed={input.embed}
        Component={Component}
        bridge={webOnlyBridge()}
        api={api}
        locale={pickDeviceLocale(acceptedLanguages(input.acceptLanguage))}
        preferred={input.session?.language ? localeOfLanguage(input.session.language) : null}
        session={input.session}
        here={input.pathname + input.search}
        firstData={firstData}
      />,
    ),
  )
}

/**
 * Draws a first screen with its data: draws, loads what the drawing asked for (its useResource calls), and
 * draws again with it, up to three times (a screen that asks for more once it has data) within DATA_BUDGET_MS.
 * Returns the last drawing and exactly the data it was drawn with.
 */
export async function drawWithData(
  draw: (firstData: FirstData) => Promise<string>,
): Promise<{ html: string; data: Record<string, unknown> }> {
  const ready = new Map<string, unknown>()
  const deadline = Date.now() + DATA_BUDGET_MS
  for (let pass = 0; ; pass++) {
    const wanted = new Map<string, () => Promise<unknown>>()
    const html = await draw({ ready, wanted })
    const left = deadline - Date.now()
    if (wanted.size === 0 || pass === 2 || left <= 0) return { html, data: Object.fromEntries(ready) }
    const loaded = await Promise.race([
      Promise.allSettled([...wanted].map(async ([key, load]) => [key, await load()] as const)),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), left).unref?.()),
    ])
    const added = (loaded ?? []).flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))
    if (added.length === 0) return { html, data: Object.fromEntries(ready) }
    for (const [key, value] of added) ready.set(key, value)
  }
}
