import type { Context, MiddlewareHandler, Next } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { compress } from 'hono/compress'

/**
 * Hono's body limit and compression, without what they made every request cost under @hono/node-server. The adapter
 * hands a route a light request that reads its body straight from the socket and sends a string answer straight out;
 * Hono's `bodyLimit` asks for `c.req.raw.body` first, which makes the adapter build a whole Web `Request` with a body
 * stream for every request, and `compress` sets `Vary` on every JSON answer, which makes it build the answer's Web
 * `Response` (twice). Measured through the adapter (scripts/bench-adapter.ts): about a third of the server thread's
 * time on a card webhook, and most of what its young-generation collections had to keep.
 */

/**
 * Refuses a body over `maxSize` bytes. A body with a Content-Length is judged by it (Node's HTTP parser delivers no
 * more than that, and no less without failing the request); a GET or HEAD carries none; only a chunked body is
 * counted as it arrives, by Hono's `bodyLimit`.
 */
export function limitBody(maxSize: number, onError: (c: Context) => Response | Promise<Response>): MiddlewareHandler {
  const counted = bodyLimit({ maxSize, onError })
  return async (c: Context, next: Next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next()
    const length = c.req.header('content-length')
    if (length !== undefined && c.req.header('transfer-encoding') === undefined)
      return Number(length) > maxSize ? onError(c) : next()
    return counted(c, next)
  }
}

/**
 * A JSON answer with its Content-Length. Hono's `c.json` leaves the length to the adapter, and its `compress`
 * compresses any answer without one, whatever its size: every small API answer (a balance, a refusal) went through
 * a gzip stream and a second Web Response. With its length, one under 1 KB goes out as it is.
 */
export function jsonAnswer(c: Context, body: unknown, status: number): Response {
  const text = JSON.stringify(body)
  c.header('Content-Type', 'application/json')
  c.header('Content-Length', String(Buffer.byteLength(text)))
  return c.body(text, status as 200)
}

/** A request that names gzip or deflate in its Accept-Encoding (with any weight: Hono's `compress` reads those). */
const ASKS_FOR_COMPRESSION = /\b(gzip|deflate)\b/i

/**
 * Hono's `compress` for a read (GET) by a client that may take a compressed answer. An answer to one whose
 * Accept-Encoding names neither gzip nor deflate is sent as it is, without `Vary: Accept-Encoding`: it is the same
 * answer whatever that client sent, so a cache may give it to anyone. An answer to a write (a payment, a webhook, a
 * sign-in) is a small JSON object that no cache keeps: compressing it cost more than the bytes it saved (Hono
 * compresses an answer without a Content-Length whatever its size, and builds its Web Response twice to do it).
 */
export function compressWhenAsked(): MiddlewareHandler {
  const compressing = compress()
  return async (c: Context, next: Next) =>
    c.req.method === 'GET' && ASKS_FOR_COMPRESSION.test(c.req.header('accept-encoding') ?? '')
      ? compressing(c, next)
      : next()
}
