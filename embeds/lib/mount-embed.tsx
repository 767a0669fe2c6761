import { StrictMode, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import '../ui/tokens.css'
import { createApiClient } from './api-client'
import { I18nProvider, pickLocale } from './i18n'
import { SessionProvider } from './session'

/**
 * Mounts an embed as a standalone page (web mode: the session cookie, the browser's locale and theme).
 * The bridge to a native host plugs in here.
 */
export function mountEmbed(render: () => ReactNode): void {
  const locale = pickLocale(navigator.language)
  document.documentElement.lang = locale
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nProvider locale={locale}>
        <SessionProvider api={createApiClient()}>{render()}</SessionProvider>
      </I18nProvider>
    </StrictMode>,
  )
}
