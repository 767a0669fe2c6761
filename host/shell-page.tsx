import { StrictMode } from 'react'
import { Router } from 'wouter'
import type { SessionResponse } from '../domain/api/auth.schema'
import type { ApiClient } from '../embeds/lib/api-client'
import { FirstDataContext, Interactive, type FirstData } from '../embeds/lib/first-data'
import { I18nProvider, type Locale } from '../embeds/lib/i18n'
import { SessionProvider } from '../embeds/lib/session'
import { AppErrorBoundary } from '../embeds/ui/app-error-boundary'
import { Shell } from './shell'

export type ShellPageInput = {
  api: ApiClient
  locale: Locale
  preferred: Locale | null
  session: SessionResponse | null | undefined
  firstData: FirstData
  /** On the server: the address drawn (pathname and search); the browser reads its own. */
  ssrPath?: string
}

/** The whole web shell: the same tree in the browser (host/main.tsx) and when the server draws its first screen. */
export function ShellPage(p: ShellPageInput) {
  return (
    <StrictMode>
      <Interactive />
      <AppErrorBoundary>
        <I18nProvider locale={p.locale} preferred={p.preferred}>
          <SessionProvider api={p.api} initial={p.session}>
            <FirstDataContext.Provider value={p.firstData}>
              <Router base="/app/cash" {...(p.ssrPath ? { ssrPath: p.ssrPath } : {})}>
                <Shell />
              </Router>
            </FirstDataContext.Provider>
          </SessionProvider>
        </I18nProvider>
      </AppErrorBoundary>
    </StrictMode>
  )
}
