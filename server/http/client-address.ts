import { isIP } from 'node:net'
import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Config } from '../config'

/** `::ffff:127.0.0.1` (an IPv4 peer on a dual-stack socket) as `127.0.0.1`, so one list names it either way. */
const plain = (address: string) =>
  address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address

/**
 * The client's address from the socket's peer and the X-Forwarded-For it sent. Only a peer listed in
 * TRUSTED_PROXIES (the balancer) is believed: then the address is the right-most one in X-Forwarded-For that is
 * not itself a trusted proxy (anything left of it was written by the client and proves nothing). From anyone
 * else the header is ignored, so a client cannot pick the address its rate limits are counted under.
 */
export function clientAddressFrom(
  peer: string | undefined,
  forwardedFor: string | undefined,
  trusted: ReadonlySet<string>,
): string {
  if (!peer) return 'unknown'
  const from = plain(peer)
  if (!trusted.has(from) || !forwardedFor) return from
  const hops = forwardedFor.split(',').map((hop) => plain(hop.trim()))
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!
    if (!isIP(hop)) return from // a malformed chain: count it against the proxy, not a made-up client
    if (!trusted.has(hop)) return hop
  }
  return from
}

const trustedSets = new WeakMap<Config, ReadonlySet<string>>()
const trustedOf = (config: Config) => {
  let set = trustedSets.get(config)
  if (!set) {
    set = new Set(config.TRUSTED_PROXIES.map(plain))
    trustedSets.set(config, set)
  }
  return set
}

/** The client's address for rate limits and audit: see clientAddressFrom. In-process requests (tests) are `local`. */
export function clientAddress(c: Context, config: Config): string {
  let peer: string | undefined
  try {
    peer = getConnInfo(c).remote.address
  } catch {
    return 'local'
  }
  return clientAddressFrom(peer, c.req.header('x-forwarded-for'), trustedOf(config))
}
