/**
 * How `npm run bench` hands a request to the server: through production's HTTP adapter (@hono/node-server's request
 * listener, as server/http/listen.ts serves it), with the request and the response as in-memory objects instead of a
 * socket. The adapter reads a request's body from the message and writes a string answer straight out, as it does in
 * production; `app.request` instead built a Web `Request` and `Response` for every request (each with an AbortSignal
 * and body streams production never makes), which cost the server's thread about a third of its work and kept the
 * young-generation collector busy. What this leaves out is what no in-process bench measures: the socket and the
 * HTTP parser.
 */
import { getRequestListener } from '@hono/node-server'

/** What the bench reads of an answer, as `fetch`'s `Response` offers it. */
export type BenchAnswer = { ok: boolean; status: number; json(): Promise<unknown>; text(): Promise<string> }
export type BenchRequest = { method?: string; headers?: Record<string, string>; body?: string }

const noop = () => undefined
/** Neither side of the exchange ever emits: what the adapter subscribes or tears down is ignored. */
const quiet = {
  on(this: object) {
    return this
  },
  once(this: object) {
    return this
  },
  off: noop,
  removeListener: noop,
  destroy: noop,
}

/** A request as Node's HTTP server hands it to the adapter: method, target, headers and the body already read. */
function incomingMessage(method: string, url: string, headers: Record<string, string>, body: string | undefined) {
  const lower: Record<string, string> = { host: 'localhost' }
  for (const [name, value] of Object.entries(headers)) lower[name.toLowerCase()] = value
  if (body !== undefined) lower['content-length'] = String(Buffer.byteLength(body))
  const rawHeaders = Object.entries(lower).flat()
  return {
    method,
    url,
    headers: lower,
    rawHeaders,
    rawBody: body === undefined ? undefined : Buffer.from(body),
    socket: { remoteAddress: '127.0.0.1', remotePort: 40000, remoteFamily: 'IPv4', encrypted: false },
    complete: true,
    readableEnded: true,
    readableDidRead: true,
    ...quiet,
  }
}

/** The answer side: the adapter writes the status and headers, then the body, and ends. */
function serverResponse(done: (status: number, body: string) => void) {
  const chunks: string[] = []
  return {
    statusCode: 200,
    headersSent: false,
    writableEnded: false,
    destroyed: false,
    writeHead(code: number) {
      this.statusCode = code
      this.headersSent = true
      return this
    },
    setHeader: noop,
    getHeader: noop,
    flushHeaders: noop,
    write(chunk: string | Uint8Array) {
      chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString())
      return true
    },
    end(chunk?: string | Uint8Array) {
      if (chunk !== undefined) this.write(chunk)
      this.writableEnded = true
      done(this.statusCode, chunks.join(''))
      return this
    },
    ...quiet,
  }
}

/** A `request(path, init)` for the bench: production's adapter over `fetch`, no sockets. */
export function adapterClient(fetch: (request: Request) => Response | Promise<Response>) {
  const listener = getRequestListener(fetch)
  return (url: string, init: BenchRequest = {}): Promise<BenchAnswer> =>
    new Promise((resolve, reject) => {
      const outgoing = serverResponse((status, body) =>
        resolve({
          ok: status >= 200 && status < 300,
          status,
          json: async () => JSON.parse(body),
          text: async () => body,
        }),
      )
      const incoming = incomingMessage(init.method ?? 'GET', url, init.headers ?? {}, init.body)
      Promise.resolve(listener(incoming as never, outgoing as never)).catch(reject)
    })
}
