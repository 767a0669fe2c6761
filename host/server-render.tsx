import { renderToString } from 'react-dom/server'
import type { SessionResponse } from '../domain/api/auth.schema'
import { createApiClient } from '../embeds/lib/api-client'
import { localeOfLanguage, pickDeviceLocale } from '../embeds/lib/i18n'
import { acceptedLanguages, drawWithData } from '../embeds/lib/server-render'
import { preloadRouteEmbed } from './embed-registry'
import { ShellPage } from './shell-page'

/**
 * A web shell page's first screen as HTML (the shell's frame and the route's embed), drawn on the server with the
 * same tree the browser mounts (shell-page.tsx), the session and locale the page carries, and its data, as
 * embeds/lib/server-render.tsx does for a standalone page. The route's embed is loaded first and drawn itself; a
 * part an embed loads lazily shows its fallback, and the browser draws it (renderToString: no streaming, whose
 * inline scripts the CSP would refuse).
 */
export async function renderShellFirstScreen(input: {
  pathname: string
  search: string
  session: SessionResponse | null
  acceptLanguage: string | undefined
  fetchApi: typeof fetch
}): Promise<{ html: string; data: Record<string, unknown> }> {
  const api = createApiClient({ fetch: input.fetchApi })
  await preloadRouteEmbed(input.pathname.replace(/^\/app\/cash/, '') || '/')
  return drawWithData(async (firstData) =>
    renderToString(
      <ShellPage
        api={api}
        locale={pickDeviceLocale(acceptedLanguages(input.acceptLanguage))}
        preferred={input.session?.language ? localeOfLanguage(input.session.language) : null}
        session={input.session}
        firstData={firstData}
        ssrPath={input.pathname + input.search}
      />,
    ),
  )
}
