import type { Endpoint } from 'comlink'
import { BridgeError, EnvelopeSchema, isMethodName, NS, type BridgeErrorCode, type Envelope } from './protocol.schema'
import { drop, type DropCounter, type Wire } from './wires'

/*
 * comlink carries the calls; these endpoints translate between comlink's messages and our envelope, which
 * is the only thing on the wire. The translation is the hardened dispatcher: it can only ever produce a
 * one-segment APPLY of a listed method, so comlink's GET, SET, CONSTRUCT and ENDPOINT never reach the host.
 */

type Listener = (e: { data: unknown }) => void
type ComlinkMessage = {
  id?: string
  type?: string
  path?: unknown[]
  argumentList?: { type?: string; value?: unknown }[]
  value?: unknown
  name?: string
}

const throwWire = (id: string, code: BridgeErrorCode, message: string, retryable = false) => ({
  id,
  type: 'HANDLER',
  name: 'throw',
  value: { isError: true, value: { message, name: 'BridgeError', code, retryable } },
})

/** Parses incoming data as an envelope of channel `ch`; anything else is dropped and counted. */
export function readEnvelope(data: unknown, ch: string | null, drops: DropCounter): Envelope | null {
  if (!data || typeof data !== 'object' || (data as { ns?: unknown }).ns !== NS) {
    drop(drops, 'not an envelope')
    return null
  }
  const parsed = EnvelopeSchema.safeParse(data)
  if (!parsed.success) {
    drop(drops, 'malformed envelope')
    return null
  }
  if (ch !== null && parsed.data.ch !== ch) {
    drop(drops, 'other channel')
    return null
  }
  return parsed.data
}

/** The embed's side: comlink.wrap talks to this; requests time out; events go to `onEvent`. */
export function embedEndpoint(options: {
  wire: Wire
  ch: string
  v: number
  timeoutMs: number
  drops: DropCounter
  onEvent: (event: string, payload: unknown) => void
}) {
  const listeners = new Set<Listener>()
  const pending = new Map<string, ReturnType<typeof setTimeout>>()
  const deliver = (data: unknown) => {
    for (const l of listeners) l({ data })
  }
  const settle = (id: string, data: unknown) => {
    const timer = pending.get(id)
    if (timer === undefined) return
    clearTimeout(timer)
    pending.delete(id)
    deliver(data)
  }
  const stop = options.wire.listen((data) => {
    const env = readEnvelope(data, options.ch, options.drops)
    if (!env) return
    if (env.kind === 'res') {
      if (!pending.has(env.re)) return drop(options.drops, 'unexpected response')
      settle(
        env.re,
        env.ok
          ? { id: env.re, type: 'RAW', value: env.result }
          : throwWire(env.re, env.error.code, env.error.message, env.error.retryable),
      )
    } else if (env.kind === 'evt') options.onEvent(env.event, env.payload)
    else drop(options.drops, `unexpected ${env.kind}`)
  })
  const endpoint: Endpoint = {
    postMessage(message: ComlinkMessage) {
      const id = String(message.id ?? '')
      if (message.type === 'RELEASE') return deliver({ id, type: 'RAW', value: undefined })
      const method = message.path?.[0]
      if (message.type !== 'APPLY' || message.path?.length !== 1 || typeof method !== 'string') {
        return deliver(throwWire(id, 'METHOD_NOT_FOUND', 'Only calls to listed methods are possible.'))
      }
      pending.set(
        id,
        setTimeout(
          () => settle(id, throwWire(id, 'TIMEOUT', `The host did not answer ${method} in time.`, true)),
          options.timeoutMs,
        ),
      )
      options.wire.send({
        ns: NS,
        v: options.v,
        ch: options.ch,
        id,
        kind: 'req',
        method,
        params: message.argumentList?.[0]?.value ?? {},
      })
    },
    addEventListener: (_type: string, listener: EventListenerOrEventListenerObject) =>
      listeners.add(listener as unknown as Listener),
    removeEventListener: (_type: string, listener: EventListenerOrEventListenerObject) =>
      listeners.delete(listener as unknown as Listener),
  }
  /** Teardown: every pending call fails with CANCELLED, nothing hangs. */
  const close = () => {
    for (const id of [...pending.keys()]) settle(id, throwWire(id, 'CANCELLED', 'The bridge was closed.'))
    stop()
  }
  return { endpoint, close }
}

/** The host's side: comlink.expose listens here; only a listed method's one-segment APPLY gets through. */
export function hostEndpoint(options: {
  wire: Wire
  ch: () => string | null
  v: () => number
  drops: DropCounter
  onRequest?: (env: Envelope) => void
}) {
  const listeners = new Set<Listener>()
  const reply = (
    re: string,
    body:
      | { ok: true; result: unknown }
      | { ok: false; error: { code: BridgeErrorCode; message: string; retryable?: boolean } },
  ) => {
    const ch = options.ch()
    if (ch) options.wire.send({ ns: NS, v: options.v(), ch, id: `r-${re}`, kind: 'res', re, ...body } as Envelope)
  }
  const handle = (env: Envelope) => {
    if (env.kind !== 'req') return
    options.onRequest?.(env)
    if (!isMethodName(env.method)) {
      drop(options.drops, 'unknown method')
      return reply(env.id, {
        ok: false,
        error: { code: 'METHOD_NOT_FOUND', message: `No method ${env.method.slice(0, 40)}.` },
      })
    }
    const message = {
      id: env.id,
      type: 'APPLY',
      path: [env.method],
      argumentList: [{ type: 'RAW', value: env.params }],
    }
    for (const l of listeners) l({ data: message })
  }
  const endpoint: Endpoint = {
    postMessage(message: ComlinkMessage) {
      const id = String(message.id ?? '')
      if (message.type === 'HANDLER' && message.name === 'throw') {
        const thrown = (
          message.value as { value?: { code?: string; message?: string; retryable?: boolean } } | undefined
        )?.value
        const code = (thrown?.code ?? 'INTERNAL') as BridgeErrorCode
        return reply(id, {
          ok: false,
          error: {
            code,
            message: String(thrown?.message ?? 'The host failed.').slice(0, 500),
            ...(thrown?.retryable ? { retryable: true } : {}),
          },
        })
      }
      reply(id, { ok: true, result: message.value })
    },
    addEventListener: (_type: string, listener: EventListenerOrEventListenerObject) =>
      listeners.add(listener as unknown as Listener),
    removeEventListener: (_type: string, listener: EventListenerOrEventListenerObject) =>
      listeners.delete(listener as unknown as Listener),
  }
  return { endpoint, handle }
}

export { BridgeError }
