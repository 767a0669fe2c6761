import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { Router } from 'wouter'
import { createApiClient } from '../embeds/lib/api-client'
import { I18nProvider, pickLocale } from '../embeds/lib/i18n'
import { SessionProvider } from '../embeds/lib/session'
import '../embeds/ui/tokens.css'
import './shell.css'
import { Shell } from './shell'

const locale = pickLocale(navigator.language)
document.documentElement.lang = locale

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nProvider locale={locale}>
      <SessionProvider api={createApiClient()}>
        <Router base="/app/cash">
          <Shell />
        </Router>
      </SessionProvider>
    </I18nProvider>
  </StrictMode>,
)
