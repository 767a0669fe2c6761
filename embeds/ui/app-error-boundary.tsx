import { Component, type ReactNode } from 'react'
import { pickLocale, translate } from '../lib/i18n'
import { reportException } from '../lib/monitoring'

/** The exact client-side failure text of the spec. */
export function clientErrorText(host: string): string {
  return (
    `Application error: a client-side exception has occurred while ` +
    `loading ${host} (see the browser console for more information).`
  )
}

export const ERROR_FLAG = 'cash:error'

/**
 * Catches a client-side exception anywhere below it, reports it through the monitoring tunnel and shows
 * the generic failure page, whose Continue leads to error-acknowledged.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override componentDidCatch(error: unknown) {
    console.error(error)
    reportException(error)
    try {
      sessionStorage.setItem(ERROR_FLAG, JSON.stringify({ at: Date.now(), path: location.pathname }))
    } catch {
      // Storage may be off in a webview; the page still shows.
    }
  }
  override render() {
    if (!this.state.failed) return this.props.children
    return (
      <main className="cash-page" role="alert">
        <h1 style={{ fontSize: '1.25rem' }}>{clientErrorText(window.location.host)}</h1>
        <p>
          {/* Above the i18n provider: the language is the one the page set on <html lang>. */}
          <a href="/app/cash/error-acknowledged">
            {translate(pickLocale(document.documentElement.lang), 'a11y.continue')}
          </a>
        </p>
      </main>
    )
  }
}
