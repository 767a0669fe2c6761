import { ClientConfig } from '../../domain/api/meta.schema'

type Sentry = typeof import('@sentry/browser')
let sentry: Promise<Sentry | null> | undefined
const early: unknown[] = []

/** Drops what could identify a holder: user, cookies, headers, query strings (tokens travel there). */
export function scrubEvent<
  E extends {
    user?: unknown
    request?: { cookies?: unknown; headers?: unknown; url?: string; query_string?: unknown }
    breadcrumbs?: { data?: { url?: string } }[]
  },
>(event: E): E {
  delete event.user
  if (event.request) {
    delete event.request.cookies
    delete event.request.headers
    delete event.request.query_string
    if (event.request.url) event.request.url = event.request.url.split('?')[0]
  }
  for (const crumb of event.breadcrumbs ?? []) if (crumb.data?.url) crumb.data.url = crumb.data.url.split('?')[0]
  return event
}

/**
 * Starts error reporting once, after first paint: fetches the client config, loads the Sentry SDK lazily
 * and sends through the tunnel. Errors seen before it is ready are reported when it is.
 */
export function startMonitoring(): Promise<Sentry | null> {
  sentry ??= (async () => {
    try {
      const res = await fetch('/app/cash/api/v1/config', { credentials: 'same-origin' })
      const config = ClientConfig.parse(await res.json())
      const Sentry = await import('@sentry/browser')
      Sentry.init({
        dsn: config.monitoring.dsn,
        tunnel: config.monitoring.tunnel,
        environment: config.monitoring.environment,
        release: config.monitoring.release,
        // Personal data stays home: no user, cookies, headers, query strings or bodies (and scrubEvent after).
        dataCollection: { userInfo: false, cookies: false, httpHeaders: false, urlQueryParams: false, httpBodies: [] },
        defaultIntegrations: false,
        integrations: [Sentry.globalHandlersIntegration(), Sentry.dedupeIntegration()],
        beforeSend: (event) => scrubEvent(event),
      })
      for (const e of early.splice(0)) Sentry.captureException(e)
      return Sentry
    } catch {
      return null
    }
  })()
  return sentry
}

/** Reports an exception (queued until monitoring has started). */
export function reportException(error: unknown): void {
  if (!sentry) {
    early.push(error)
    void startMonitoring()
    return
  }
  void sentry.then((s) => (s ? s.captureException(error) : early.push(error)))
}

/** Sends what is queued now: the error page calls this so a report leaves before the holder moves on. */
export async function flushReports(timeoutMs = 2000): Promise<void> {
  const s = await startMonitoring()
  await s?.flush(timeoutMs)
}
