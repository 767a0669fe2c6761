import { expose } from 'comlink'
import { hostEndpoint, readEnvelope } from './envelope-endpoint'
import {
  BridgeError,
  EVENTS,
  HelloSchema,
  METHOD_NAMES,
  METHODS,
  NS,
  VERSIONS,
  type BridgeContext,
  type Envelope,
  type EventName,
  type EventPayload,
  type MethodName,
  type MethodParams,
  type MethodResult,
} from './protocol.schema'
import { drop, newDropCounter, portWire, type DropCounter, type Wire } from './wires'

/** What a host implements: any subset of the methods that need a capability. */
export type HostHandlers = {
  [M in Exclude<MethodName, 'getContext' | 'ready'>]?: (params: MethodParams<M>) => Promise<MethodResult<M>>
}

export type HostBridge = {
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void
  drops: DropCounter
  /** Whether an embed has said hello. */
  connected(): boolean
  close(): void
}

/** Every message in and out, for the QA harness's log. */
export type MessageLog = (direction: 'in' | 'out', envelope: Envelope) => void

/**
 * The host object comlink exposes: only the listed methods, each parsing its params with zod and answering
 * a typed error (a plain object, so its code survives the trip). Frozen and prototype-less.
 */
function hardenedHost(
  handlers: HostHandlers,
  context: () => BridgeContext,
  onReady: () => void,
): Record<string, (params: unknown) => Promise<unknown>> {
  const host: Record<string, (params: unknown) => Promise<unknown>> = Object.create(null)
  for (const method of METHOD_NAMES) {
    host[method] = async (params: unknown) => {
      try {
        const spec = METHODS[method]
        const parsed = spec.params.safeParse(params)
        if (!parsed.success)
          throw new BridgeError('INVALID_PARAMS', parsed.error.issues[0]?.message ?? 'Invalid parameters.')
        if (method === 'getContext') return context()
        if (method === 'ready') {
          onReady()
          return { ok: true }
        }
        const handler = handlers[method] as ((p: unknown) => Promise<unknown>) | undefined
        if (!handler) throw new BridgeError('UNAVAILABLE', `This host does not offer ${spec.capability}.`)
        return spec.result.parse(await handler(parsed.data))
      } catch (error) {
        const e =
          error instanceof BridgeError
            ? error
            : new BridgeError('INTERNAL', error instanceof Error ? error.message : 'The host failed.')
        throw { code: e.code, message: e.message, retryable: e.retryable }
      }
    }
  }
  return Object.freeze(host)
}

/**
 * Serves the bridge on `wire`: answers `hello` with `ack` (the highest common version, the capabilities of
 * the handlers given, and the context), queues events until then, and dispatches requests through comlink.
 * `handshake: 'iframe'` moves the conversation to a fresh MessageChannel handed over in the ack.
 */
export function serveBridge(options: {
  wire: Wire
  handlers: HostHandlers
  context: () => BridgeContext
  handshake?: 'port' | 'iframe'
  onMessage?: MessageLog
  onReady?: () => void
  drops?: DropCounter
}): HostBridge {
  const drops = options.drops ?? newDropCounter()
  let ch: string | null = null
  let v: number = VERSIONS[VERSIONS.length - 1]!
  let wire = options.wire
  const queued: Envelope[] = []
  const capabilities = METHOD_NAMES.filter(
    (m) => METHODS[m].capability && options.handlers[m as keyof HostHandlers],
  ).map((m) => METHODS[m].capability!)
  const logged: Wire = { ...wire, send: (m, t) => (options.onMessage?.('out', m), wireRef().send(m, t)) }
  const wireRef = () => wire
  const { endpoint, handle } = hostEndpoint({ wire: logged, ch: () => ch, v: () => v, drops })
  expose(
    hardenedHost(options.handlers, options.context, () => options.onReady?.()),
    endpoint,
  )

  let stopPort: (() => void) | undefined
  const onData = (data: unknown, _ports: readonly MessagePort[], fromHandshakeWire: boolean) => {
    const env = readEnvelope(data, null, drops)
    if (!env) return
    options.onMessage?.('in', env)
    if (env.kind === 'hello') {
      if (!fromHandshakeWire) return drop(drops, 'hello on the private port')
      const hello = HelloSchema.parse(env)
      const common = hello.versions.filter((x) => (VERSIONS as readonly number[]).includes(x))
      if (common.length === 0) {
        drop(drops, 'unknown version')
        return logged.send({
          ns: NS,
          v: hello.v,
          ch: hello.ch,
          id: `r-${hello.id}`,
          kind: 'res',
          re: hello.id,
          ok: false,
          error: { code: 'UNSUPPORTED_VERSION', message: `This host speaks versions ${VERSIONS.join(', ')}.` },
        })
      }
      if (ch && ch !== hello.ch) return drop(drops, 'second embed on one host')
      if (ch === hello.ch) return // a retried hello: the ack is on its way
      const channelId = hello.ch
      ch = channelId
      v = Math.max(...common)
      const ack: Envelope = {
        ns: NS,
        v,
        ch: channelId,
        id: `ack-${hello.id}`,
        kind: 'ack',
        capabilities,
        context: options.context(),
      }
      if (options.handshake === 'iframe') {
        const channel = new MessageChannel()
        logged.send(ack, [channel.port2])
        wire = portWire(channel.port1)
        stopPort = wire.listen((d, p) => onData(d, p, false))
      } else logged.send(ack)
      for (const e of queued.splice(0)) logged.send({ ...e, ch: channelId })
      return
    }
    if (!ch || env.ch !== ch) return drop(drops, 'before hello or other channel')
    if (options.handshake === 'iframe' && fromHandshakeWire) return drop(drops, 'request outside the private port')
    if (env.kind === 'req') handle(env)
    else drop(drops, `unexpected ${env.kind}`)
  }
  const stop = options.wire.listen((d, p) => onData(d, p, true))
  let counter = 0
  return {
    emit(event, payload) {
      const parsed = EVENTS[event].payload.parse(payload)
      const env: Envelope = {
        ns: NS,
        v,
        ch: ch ?? 'pending-channel',
        id: `e-${++counter}`,
        kind: 'evt',
        event,
        payload: parsed,
      }
      if (ch) logged.send(env)
      else queued.push(env)
    },
    drops,
    connected: () => ch !== null,
    close() {
      stop()
      stopPort?.()
    },
  }
}
