import { createRoot, hydrateRoot } from 'react-dom/client'
import { createApiClient } from '../embeds/lib/api-client'
import { browserLanguages, localeOfLanguage, pickDeviceLocale } from '../embeds/lib/i18n'
import { bootSession } from '../embeds/lib/boot-data'
import { startMonitoring } from '../embeds/lib/monitoring'
import { installPreloadRecovery } from '../embeds/lib/preload-recovery'
import '../embeds/ui/tokens.css'
import '../embeds/ui/layout.css'
import './shell.css'
import { preloadRouteEmbed } from './embed-registry'
import { ShellPage } from './shell-page'
import { pageFirstData } from '../embeds/lib/first-data'

// After a deploy, a stale page whose lazy sections are gone reloads once (embeds/lib/preload-recovery.ts).
installPreloadRecovery()
// The web shell has no native host: the browser's preferred languages choose.
const locale = pickDeviceLocale(browserLanguages())
document.documentElement.lang = locale

const session = bootSession()
const page = (
  <ShellPage
    api={createApiClient()}
    locale={locale}
    preferred={session?.language ? localeOfLanguage(session.language) : null}
    session={session}
    firstData={session === undefined ? { ready: new Map() } : pageFirstData()}
  />
)
// The server drew the first screen (data-ssr): React takes it over; otherwise it draws the page.
const container = document.getElementById('root')!
if (container.hasAttribute('data-ssr')) {
  // The route's embed first, so React takes the whole drawn page over in one go (host/embed-registry.ts).
  // A chunk that fails to load is the embed's own error, shown by the tree like any other: take over regardless.
  void preloadRouteEmbed(window.location.pathname.replace(/^\/app\/cash/, '') || '/')
    .catch(() => undefined)
    .then(() => hydrateRoot(container, page))
} else createRoot(container).render(page)

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
