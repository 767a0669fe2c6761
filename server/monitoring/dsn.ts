/** The parts of a Sentry DSN the tunnel matches on. */
export type Dsn = { protocol: string; publicKey: string; host: string; projectId: string; orgId: string }

/**
 * Where client errors go with no Sentry configured: a DSN that never leaves this server. Its events land in
 * the local error inbox.
 */
export const LOCAL_DSN = 'https://cashlocal@errors.cash.invalid/1'
const LOCAL_ORG = '1'

/** Parses `https://<key>@<host>/<project>`; null when it is anything else. */
export function parseDsn(value: string, orgId?: string): Dsn | null {
  try {
    const url = new URL(value)
    const projectId = url.pathname.replace(/^\//, '')
    if (!url.username || !/^\d+$/.test(projectId) || url.password) return null
    const org = orgId ?? /^o(\d+)\./.exec(url.hostname)?.[1] ?? (value === LOCAL_DSN ? LOCAL_ORG : '0')
    return { protocol: url.protocol, publicKey: url.username, host: url.host, projectId, orgId: org }
  } catch {
    return null
  }
}

/** The DSN the pages report to, and the tunnel address they send through. */
export function clientMonitoring(
  configured: string | undefined,
  orgId: string | undefined,
): { dsn: string; tunnel: string } {
  const dsn = parseDsn(configured ?? LOCAL_DSN, orgId)!
  return { dsn: configured ?? LOCAL_DSN, tunnel: `/app/cash/monitoring?o=${dsn.orgId}&p=${dsn.projectId}` }
}
