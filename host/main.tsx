import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { Router } from 'wouter'
import { createApiClient } from '../embeds/lib/api-client'
import { browserLanguages, I18nProvider, pickDeviceLocale } from '../embeds/lib/i18n'
import { bootSession } from '../embeds/lib/boot-data'
import { SessionProvider } from '../embeds/lib/session'
import { startMonitoring } from '../embeds/lib/monitoring'
import { AppErrorBoundary } from '../embeds/ui/app-error-boundary'
import { installPreloadRecovery } from '../embeds/lib/preload-recovery'
import '../embeds/ui/tokens.css'
import './shell.css'
import { Shell } from './shell'

// After a deploy, a stale page whose lazy sections are gone reloads once (embeds/lib/preload-recovery.ts).
installPreloadRecovery()
// The web shell has no native host: the browser's preferred languages choose.
const locale = pickDeviceLocale(browserLanguages())
document.documentElement.lang = locale

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppErrorBoundary>
      <I18nProvider locale={locale}>
        <SessionProvider api={createApiClient()} initial={bootSession()}>
          <Router base="/app/cash">
            <Shell />
          </Router>
        </SessionProvider>
      </I18nProvider>
    </AppErrorBoundary>
  </StrictMode>,
)

// Error reporting loads after first paint, off the critical path.
requestAnimationFrame(() => setTimeout(() => void startMonitoring(), 0))

// A webview holding HTML from before a deploy asks for chunks that are gone: reload once for fresh HTML.
window.addEventListener('vite:preloadError', (event) => {
  if (sessionStorage.getItem('cash:reloaded')) return
  sessionStorage.setItem('cash:reloaded', '1')
  event.preventDefault()
  window.location.reload()
})
setTimeout(() => sessionStorage.removeItem('cash:reloaded'), 10_000)
