import { wrap, type Remote } from 'comlink'
import { embedEndpoint, readEnvelope } from './envelope-endpoint'
import {
  type AckSchema,
  BridgeError,
  ERROR_CODES,
  EVENTS,
  isEventName,
  METHODS,
  NS,
  SDK,
  VERSIONS,
  type BridgeContext,
  type BridgeErrorCode,
  type EventName,
  type EventPayload,
  type MethodName,
  type MethodParams,
  type MethodResult,
} from './protocol.schema'
import { drop, newDropCounter, portWire, type DropCounter, type Wire } from './wires'

type HostRemote = Record<MethodName, (params: unknown) => Promise<unknown>>

export type EmbedBridge = {
  /** `host`: a native app, the shell or the QA harness answered; `web`: standalone, nobody did. */
  mode: 'host' | 'web'
  transport: Wire['kind'] | 'none'
  context: BridgeContext | null
  capabilities: readonly string[]
  has(capability: string): boolean
  call<M extends MethodName>(method: M, params: MethodParams<M>): Promise<MethodResult<M>>
  on<E extends EventName>(event: E, handler: (payload: EventPayload<E>) => void): () => void
  drops: DropCounter
  close(): void
}

const randomId = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('')

/** A bridge with no host: every call is UNAVAILABLE at once, so callers use their web fallback. */
export function webOnlyBridge(drops: DropCounter = newDropCounter()): EmbedBridge {
  return {
    mode: 'web',
    transport: 'none',
    context: null,
    capabilities: [],
    has: () => false,
    call: async (method) => {
      throw new BridgeError('UNAVAILABLE', `No host: ${method} is not available here.`)
    },
    on: () => () => undefined,
    drops,
    close: () => undefined,
  }
}

/**
 * Connects an embed to its host: listens first, then says `hello` with backoff until an `ack` arrives or
 * `handshakeMs` passes (then standalone web mode). In iframe mode the ack hands over a private MessagePort
 * and the conversation moves there.
 */
export async function connectBridge(options: {
  embed: string
  wire: Wire | null
  handshakeMs?: number
  timeoutMs?: number
  drops?: DropCounter
}): Promise<EmbedBridge> {
  const drops = options.drops ?? newDropCounter()
  if (!options.wire) return webOnlyBridge(drops)
  const ch = randomId()
  const helloId = randomId()
  const handshakeMs = options.handshakeMs ?? 1500
  const first = options.wire

  const ack = await new Promise<{ ack: ReturnType<typeof AckSchema.parse>; port?: MessagePort } | null>((resolve) => {
    let done = false
    const finish = (value: { ack: ReturnType<typeof AckSchema.parse>; port?: MessagePort } | null) => {
      if (done) return
      done = true
      stop()
      timers.forEach(clearTimeout)
      resolve(value)
    }
    const stop = first.listen((data, ports) => {
      const env = readEnvelope(data, ch, drops)
      if (!env) return
      if (env.kind !== 'ack') return drop(drops, `unexpected ${env.kind} before ack`)
      if (!(VERSIONS as readonly number[]).includes(env.v)) return drop(drops, 'unknown version')
      finish(ports[0] ? { ack: env, port: ports[0] } : { ack: env })
    })
    const hello = () =>
      first.send({
        ns: NS,
        v: VERSIONS[VERSIONS.length - 1]!,
        ch,
        id: helloId,
        kind: 'hello',
        versions: [...VERSIONS],
        embed: options.embed,
        sdk: SDK,
      })
    const timers = [0, 100, 250, 500, 1000].filter((ms) => ms < handshakeMs).map((ms) => setTimeout(hello, ms))
    timers.push(setTimeout(() => finish(null), handshakeMs))
  })
  if (!ack) return webOnlyBridge(drops)

  const wire = ack.port ? portWire(ack.port) : first
  const handlers = new Map<string, Set<(payload: unknown) => void>>()
  // Events that arrive before anyone listens for them (the host's queue, flushed with the ack) wait here.
  const early: { event: EventName; payload: unknown }[] = []
  const { endpoint, close } = embedEndpoint({
    wire,
    ch,
    v: ack.ack.v,
    timeoutMs: options.timeoutMs ?? 10_000,
    drops,
    onEvent: (event, payload) => {
      if (!isEventName(event)) return drop(drops, 'unknown event')
      const parsed = EVENTS[event].payload.safeParse(payload)
      if (!parsed.success) return drop(drops, 'malformed event payload')
      const listening = handlers.get(event)
      if (listening?.size) for (const h of listening) h(parsed.data)
      else if (early.length < 20) early.push({ event, payload: parsed.data })
    },
  })
  const remote = wrap<HostRemote>(endpoint) as unknown as Remote<HostRemote>
  const capabilities = ack.ack.capabilities
  const bridge: EmbedBridge = {
    mode: 'host',
    transport: wire.kind,
    context: ack.ack.context,
    capabilities,
    has: (capability) => capabilities.includes(capability),
    async call(method, params) {
      const spec = METHODS[method]
      if (spec.capability && !capabilities.includes(spec.capability)) {
        throw new BridgeError('UNAVAILABLE', `This host does not offer ${spec.capability}.`)
      }
      const parsed = spec.params.safeParse(params)
      if (!parsed.success)
        throw new BridgeError('INVALID_PARAMS', parsed.error.issues[0]?.message ?? 'Invalid parameters.')
      let result: unknown
      try {
        result = await remote[method](parsed.data)
      } catch (error) {
        const e = error as { code?: string; message?: string; retryable?: boolean }
        const code = (ERROR_CODES as readonly string[]).includes(e.code ?? '')
          ? (e.code as BridgeErrorCode)
          : 'INTERNAL'
        throw new BridgeError(code, e.message ?? 'The host failed.', e.retryable ?? false)
      }
      const checked = spec.result.safeParse(result)
      if (!checked.success) throw new BridgeError('INTERNAL', `The host answered ${method} with an unexpected result.`)
      return checked.data as MethodResult<typeof method>
    },
    on(event, handler) {
      const set = handlers.get(event) ?? new Set()
      set.add(handler as (payload: unknown) => void)
      handlers.set(event, set)
      for (let i = 0; i < early.length; ) {
        if (early[i]!.event === event) (handler as (payload: unknown) => void)(early.splice(i, 1)[0]!.payload)
        else i++
      }
      return () => set.delete(handler as (payload: unknown) => void)
    },
    drops,
    close,
  }
  return bridge
}
