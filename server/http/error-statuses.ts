import { z } from 'zod'
import type { AnyRoute } from './route-table'

/**
 * The error statuses a route can answer from how it is mounted (server/http/mount-routes.ts): a change that meets
 * a state refusing it (409), a body too large (413) or not JSON (415), an id in the path that names nothing (404),
 * a frozen account (423, `whenFrozen`). What a feature refuses beyond those is in each code's description
 * (domain/errors.ts) and in the route's own `errorStatuses` (410, 429, …).
 *
 * Outside production, every error answer is checked against this list as it leaves (mount-routes.ts): one the
 * list lacks is recorded (`undocumentedStatuses`), and the server tests fail on it (server/testing/setup.ts). The
 * codes a route's handler can reach in the source are checked against it too, answered in a test or not
 * (server/http/documented-statuses.test.ts).
 */
export function errorStatuses(route: AnyRoute): number[] {
  const statuses = new Set<number>([400, 500])
  if (route.access.kind !== 'public') statuses.add(401).add(403)
  // A change can meet a state that refuses it (already done, already closed, in flight elsewhere).
  if (route.method !== 'get') statuses.add(409)
  if (route.moneyMoving) statuses.add(422)
  if (route.body) statuses.add(413).add(415)
  // An unknown account is refused as not yours (403); any other id in the path, or any id an admin names, may name
  // nothing.
  if (/\/:(?!accountId\b)\w+/.test(route.path) || (route.access.kind !== 'account' && route.path.includes('/:')))
    statuses.add(404)
  if (route.whenFrozen === 'refuse') statuses.add(423)
  // A call confirmed with the password (or the device's biometrics) locks after too many wrong ones.
  if (route.body instanceof z.ZodObject && 'confirmation' in route.body.shape) statuses.add(429)
  // A route an outside provider carries out is refused in production, where this build has none (route-table.ts).
  if (route.provider) statuses.add(503)
  for (const status of route.errorStatuses ?? []) statuses.add(status)
  return [...statuses].sort((a, b) => a - b)
}

/** Error answers a route gave that its documentation does not list, as `METHOD path status`, since last taken. */
const undocumented = new Set<string>()

export function recordUndocumentedStatus(route: AnyRoute, status: number): void {
  undocumented.add(`${route.method.toUpperCase()} ${route.path} ${status}`)
}

/** What was recorded since the last call, emptied. */
export function takeUndocumentedStatuses(): string[] {
  const seen = [...undocumented].sort()
  undocumented.clear()
  return seen
}
