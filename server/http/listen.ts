import { serve, type ServerType } from '@hono/node-server'
import type { AddressInfo } from 'node:net'

/**
 * How long an idle keep-alive connection stays open. Node closes it after 5 s by default, which is shorter than
 * what proxies and HTTP clients keep idle connections pooled for (HAProxy's `timeout http-keep-alive` and
 * `timeout server`, a load balancer's 60 s idle timeout): a request sent on a pooled connection just as the
 * server closes it is lost with ECONNRESET, or becomes a 502 at the proxy. So the server is the side that waits
 * longest, and the proxy closes first.
 */
export const KEEP_ALIVE_MS = 65_000
/** Node requires the header deadline to be above the keep-alive one, or a slow first header closes early. */
export const HEADERS_TIMEOUT_MS = KEEP_ALIVE_MS + 1_000

/** Serves `fetch` on a port, with connection timeouts a proxy can pool behind. */
export function listen(
  options: { fetch: (request: Request) => Response | Promise<Response>; port: number; hostname: string },
  onListening?: (info: AddressInfo) => void,
): ServerType {
  const server = serve(options, onListening)
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = KEEP_ALIVE_MS
    server.headersTimeout = HEADERS_TIMEOUT_MS
  }
  return server
}

/**
 * Stops a server from `listen` without waiting out the keep-alive time: no new connections, idle ones closed now,
 * and a connection whose request is still running closed as soon as its answer has gone (its keep-alive time
 * drops to nothing). `done` runs once every connection is closed.
 */
export function closeGracefully(server: ServerType, done: () => void): void {
  if ('keepAliveTimeout' in server) server.keepAliveTimeout = 1
  server.close(() => done())
  if ('closeIdleConnections' in server) server.closeIdleConnections()
}
