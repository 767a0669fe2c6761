import type { Context } from 'hono'
import type { Deps } from './route-table'

/**
 * The origin of links made for people to open elsewhere (an invitation e-mailed, a referral link shared): the
 * configured PUBLIC_ORIGIN behind a proxy, else the origin the request itself came to. Always absolute: a link
 * pasted into a chat or an e-mail has no page to be relative to.
 */
export const publicOrigin = (c: Context, deps: Pick<Deps, 'config'>): string =>
  deps.config.PUBLIC_ORIGIN ?? new URL(c.req.url).origin
