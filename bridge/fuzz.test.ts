import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import { connectBridge, type EmbedBridge } from './embed-client'
import { serveBridge, type HostHandlers } from './host-server'
import {
  CAPABILITIES,
  EnvelopeSchema,
  EVENTS,
  METHOD_NAMES,
  METHODS,
  NS,
  isEventName,
  isMethodName,
  type BridgeContext,
  type EventName,
} from './protocol.schema'
import { detectWire, newDropCounter, portWire, windowWire } from './wires'

/**
 * Property-based fuzzing of the bridge (fast-check): arbitrary messages posted to the host side and to the
 * embed side never throw, and reach no handler unless they parse under protocol.schema.ts (a request of a
 * listed method with valid params on the live channel; an event of a listed name with a valid payload).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 10) * 15
/** Fixed seeds keep `npm test` repeatable; FUZZ_SEED explores others. */
const seedOf = (label: string) =>
  [...`${process.env.FUZZ_SEED ?? 'cash'}:${label}`].reduce((h, ch) => (Math.imul(h, 31) + ch.charCodeAt(0)) | 0, 7)

const context: BridgeContext = {
  sessionToken: null,
  user: null,
  accountKind: 'personal',
  locale: 'en',
  theme: 'light',
  safeArea: { top: 0, right: 0, bottom: 0, left: 0 },
  platform: 'web',
  appVersion: '1.0.0',
}

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const f of cleanups.splice(0)) f()
})

/** A label for a message that may hold BigInts or cycles. */
const show = (m: unknown) => {
  try {
    return JSON.stringify(m, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v))?.slice(0, 300)
  } catch {
    return String(m)
  }
}
const settle = (ms = 5) => new Promise((r) => setTimeout(r, ms))
async function until(check: () => boolean, ms = 2000) {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting')
    await settle()
  }
}

// ---- arbitrary messages ----
const PROTO = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty']
const text = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(...PROTO, '', 'x'.repeat(300)),
)
const anyValue = fc.oneof(
  fc.anything({
    maxDepth: 3,
    withBigInt: true,
    withDate: true,
    withMap: true,
    withSet: true,
    withTypedArray: true,
    withNullPrototype: true,
  }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(fc.constantFrom(...PROTO, 'polluted'), fc.jsonValue({ maxDepth: 2 })),
)
/** The same object with an own `__proto__` key, as JSON.parse makes it (the classic pollution vector). */
function withProtoKeys(v: unknown): unknown {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return v
  try {
    const json = JSON.stringify(v)
    return JSON.parse(
      json === '{}' ? '{"__proto__":{"polluted":true}}' : `{"__proto__":{"polluted":true},${json.slice(1)}`,
    )
  } catch {
    return v // not JSON-able (a BigInt inside): sent as it is
  }
}

/** Method and params pairs that are valid (chosen together, so valid requests are common enough). */
const VALID_CALLS: [string, unknown][] = [
  ['copy', { text: 'hi' }],
  ['share', { text: 'hi' }],
  ['haptics', { style: 'light' }],
  ['openUrl', { url: 'https://example.com' }],
  ['scanQr', { prompt: 'Scan' }],
  ['navigate', { path: '/app/cash/home' }],
  ['confirm', { title: 'Send', amount: '1.00', asset: 'USDC', detail: 'Fee 0', challenge: 'c' }],
  ['notify', { id: 'n1', title: 'Hi', body: 'b' }],
  ['close', {}],
  ['ready', {}],
  ['getContext', {}],
]
const VALID_EVENTS: [string, unknown][] = [
  ['backPressed', {}],
  ['themeChanged', { theme: 'dark' }],
  ['visibility', { visible: false }],
  ['sessionChanged', { sessionToken: null }],
  ['dataChanged', {}],
]

/** Envelopes close to real ones: each field usually right, sometimes wrong; sometimes a key missing or added. */
function envelopeLike(ch: string, names: readonly string[], kinds: readonly string[]) {
  const field = <T>(good: fc.Arbitrary<T>) =>
    fc.oneof({ weight: 12, arbitrary: good as fc.Arbitrary<unknown> }, { weight: 1, arbitrary: anyValue })
  const goodParams = fc.constantFrom<unknown>(...VALID_CALLS.map(([, p]) => p), { result: { a: 1 } })
  const goodPayload = fc.constantFrom<unknown>(...VALID_EVENTS.map(([, p]) => p), { sessionToken: 'tok' })
  const base = {
    ns: field(fc.constant(NS)),
    v: field(fc.constant(1)),
    ch: fc.oneof(
      { weight: 12, arbitrary: fc.constant(ch) },
      { weight: 1, arbitrary: fc.constant(`${ch}-other`) },
      { weight: 1, arbitrary: text },
    ),
    id: field(fc.string({ minLength: 1, maxLength: 10 })),
  }
  const pair = (pairs: [string, unknown][], a: string, b: string) =>
    fc.constantFrom(...pairs).chain(([x, y]) => fc.record({ [a]: field(fc.constant(x)), [b]: field(fc.constant(y)) }))
  const byKind: Record<string, fc.Arbitrary<Record<string, unknown>>> = {
    req: fc.oneof(
      fc.record({ method: field(fc.constantFrom(...names)), params: field(goodParams) }),
      pair(VALID_CALLS, 'method', 'params'),
    ),
    evt: fc.oneof(
      fc.record({ event: field(fc.constantFrom(...names)), payload: field(goodPayload) }),
      pair(VALID_EVENTS, 'event', 'payload'),
    ),
    res: fc.record({
      re: field(fc.string({ minLength: 1, maxLength: 10 })),
      ok: field(fc.boolean()),
      result: anyValue,
    }),
    hello: fc.record({
      versions: field(fc.constant([1])),
      embed: field(fc.constant('rogue')),
      sdk: field(fc.constant('rogue')),
    }),
    ack: fc.record({ capabilities: field(fc.constant(['copy'])), context: field(fc.constant(context)) }),
  }
  return fc
    .constantFrom(...kinds)
    .chain((kind) =>
      fc.tuple(
        fc.record({ ...base, kind: field(fc.constant(kind)) }),
        byKind[kind] ?? fc.constant({}),
        fc.constantFrom('as is', 'as is', 'as is', 'as is', 'as is', 'drop a key', 'extra key', 'proto key'),
        fc.nat(),
      ),
    )
    .map(([head, body, how, n]) => {
      const m: Record<string, unknown> = { ...head, ...body }
      const keys = Object.keys(m)
      if (how === 'drop a key') delete m[keys[n % keys.length]!]
      if (how === 'extra key') m.extra = 'x'
      return how === 'proto key' ? withProtoKeys(m) : m
    })
}

const messages = (ch: string, names: readonly string[], kinds: readonly string[]) =>
  fc.oneof(
    { weight: 6, arbitrary: envelopeLike(ch, names, kinds) },
    { weight: 2, arbitrary: anyValue },
    { weight: 1, arbitrary: fc.string().map((s) => `{"ns":"${NS}",${s}`) },
  )

// ---- the host side ----

describe('fuzzing the host side of the bridge', () => {
  it(
    'drops every message that is not a valid request of a listed method; ' + 'calls no handler for it; never throws',
    async () => {
      const calls: string[] = []
      const handlers: HostHandlers = {}
      for (const m of METHOD_NAMES) {
        if (!METHODS[m].capability) continue
        ;(handlers as Record<string, unknown>)[m] = async (params: unknown) => {
          calls.push(m)
          return m === 'confirm'
            ? { confirmed: true, method: 'none' }
            : m === 'scanQr'
              ? { text: 'x' }
              : m === 'share'
                ? { shared: true }
                : m === 'copy'
                  ? { copied: true }
                  : m === 'openUrl'
                    ? { opened: true }
                    : m === 'navigate'
                      ? { navigated: true }
                      : m === 'close'
                        ? { closed: true }
                        : m === 'notify'
                          ? { shown: true }
                          : { done: true, params }
        }
      }
      let readies = 0
      const channel = new MessageChannel()
      const drops = newDropCounter()
      const host = serveBridge({
        wire: portWire(channel.port1),
        handlers,
        context: () => context,
        drops,
        onReady: () => readies++,
      })
      const inbox: { kind?: string; re?: string }[] = []
      channel.port2.addEventListener('message', (e) => inbox.push(e.data))
      channel.port2.start()
      cleanups.push(() => (host.close(), channel.port1.close(), channel.port2.close()))
      const ch = 'fuzz-channel-1'
      channel.port2.postMessage({
        ns: NS,
        v: 1,
        ch,
        id: 'hello-1',
        kind: 'hello',
        versions: [1],
        embed: 'fuzz',
        sdk: 'fuzz',
      })
      await until(() => inbox.some((m) => m.kind === 'ack'))

      let accepted = 0
      await fc.assert(
        fc.asyncProperty(
          messages(ch, [...METHOD_NAMES, ...PROTO], ['req', 'req', 'hello', 'res', 'evt', 'ack']),
          async (message) => {
            const before = calls.length + readies
            let cloneable = true
            try {
              channel.port2.postMessage(message)
            } catch {
              cloneable = false // not structured-cloneable: it never leaves the sender
            }
            await settle(2)
            const env = EnvelopeSchema.safeParse(message)
            const req = env.success && env.data.kind === 'req' ? env.data : null
            const valid =
              cloneable &&
              req !== null &&
              req.ch === ch &&
              isMethodName(req.method) &&
              METHODS[req.method].params.safeParse(req.params).success &&
              (METHODS[req.method].capability === null || req.method in handlers)
            if (valid && req.method !== 'getContext') await until(() => calls.length + readies > before)
            const reached = calls.length + readies - before
            if (!valid) expect(reached, show(message)).toBe(0)
            else if (req.method !== 'getContext') expect(reached).toBe(1)
            if (valid) accepted++
            expect(({} as Record<string, unknown>).polluted).toBeUndefined()
          },
        ),
        { numRuns: RUNS, seed: seedOf('host') },
      )
      // The generator does produce valid requests too, so "reached" is tested both ways.
      expect(accepted, 'valid requests generated').toBeGreaterThan(0)
      expect(drops.dropped, 'host drops').toBeGreaterThan(RUNS / 10)
      // And the host still answers a real request afterwards.
      channel.port2.postMessage({
        ns: NS,
        v: 1,
        ch,
        id: 'final-1',
        kind: 'req',
        method: 'copy',
        params: { text: 'still here' },
      })
      await until(() => inbox.some((m) => m.re === 'final-1'))
      expect(inbox.find((m) => m.re === 'final-1')).toMatchObject({ ok: true, result: { copied: true } })
    },
  )
})

// ---- the embed side ----

async function embedUnderFuzz(): Promise<{
  embed: EmbedBridge
  send: (m: unknown) => void
  ch: string
  events: EventName[]
}> {
  const channel = new MessageChannel()
  let ch = ''
  channel.port1.addEventListener('message', (e) => {
    const m = e.data as { kind?: string; ch?: string; id?: string }
    if (m.kind === 'hello' && !ch) {
      ch = m.ch!
      channel.port1.postMessage({
        ns: NS,
        v: 1,
        ch,
        id: `ack-${m.id}`,
        kind: 'ack',
        capabilities: [...CAPABILITIES],
        context,
      })
    }
  })
  channel.port1.start()
  const embed = await connectBridge({ embed: 'fuzz', wire: portWire(channel.port2), handshakeMs: 1000, timeoutMs: 200 })
  expect(embed.mode).toBe('host')
  const events: EventName[] = []
  for (const name of Object.keys(EVENTS) as EventName[]) embed.on(name, () => events.push(name))
  cleanups.push(() => (embed.close(), channel.port1.close(), channel.port2.close()))
  return { embed, send: (m) => channel.port1.postMessage(m), ch, events }
}

describe('fuzzing the embed side of the bridge', () => {
  it('delivers only valid events of a listed name on its channel; drops everything else without throwing', async () => {
    const { send, ch, events, embed } = await embedUnderFuzz()
    let delivered = 0
    await fc.assert(
      fc.asyncProperty(
        messages(ch, [...Object.keys(EVENTS), ...PROTO], ['evt', 'evt', 'res', 'req', 'ack', 'hello']),
        async (message) => {
          const before = events.length
          let cloneable = true
          try {
            send(message)
          } catch {
            cloneable = false
          }
          await settle(2)
          const env = EnvelopeSchema.safeParse(message)
          const valid =
            cloneable &&
            env.success &&
            env.data.kind === 'evt' &&
            env.data.ch === ch &&
            isEventName(env.data.event) &&
            EVENTS[env.data.event].payload.safeParse(env.data.payload).success
          if (valid) await until(() => events.length > before)
          expect(events.length - before, show(message)).toBe(valid ? 1 : 0)
          if (valid) delivered++
          expect(({} as Record<string, unknown>).polluted).toBeUndefined()
        },
      ),
      { numRuns: RUNS, seed: seedOf('embed') },
    )
    expect(delivered, 'valid events generated').toBeGreaterThan(0)
    expect(embed.drops.dropped, 'embed drops').toBeGreaterThan(RUNS / 10)
  })

  it('a native (React Native) wire drops strings that are not JSON envelopes', async () => {
    const win = Object.assign(new EventTarget(), {
      document: new EventTarget(),
      parent: undefined,
      ReactNativeWebView: { postMessage: (_: string) => undefined },
    })
    const drops = newDropCounter()
    const wire = detectWire(win as unknown as Window, drops, [])!
    expect(wire.kind).toBe('react-native')
    const seen: unknown[] = []
    const stop = wire.listen((data) => seen.push(data))
    cleanups.push(stop)
    await fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary' }),
          fc.jsonValue().map((v) => JSON.stringify(v)),
          anyValue,
        ),
        (data) => {
          const before = seen.length
          let parsed: unknown
          let json = false
          if (typeof data === 'string') {
            try {
              parsed = JSON.parse(data)
              json = true
            } catch {
              // not JSON
            }
          }
          expect(() => win.dispatchEvent(new MessageEvent('message', { data }))).not.toThrow()
          // Only JSON strings get past the wire (the envelope check after it is the host/embed's, fuzzed above).
          expect(seen.length - before).toBe(json && parsed !== undefined ? 1 : 0)
        },
      ),
      { numRuns: RUNS, seed: seedOf('native') },
    )
  })

  it('an iframe wire passes on only messages from the parent window and an allowed origin', async () => {
    const self = new EventTarget()
    const parent = {}
    const drops = newDropCounter()
    const wire = windowWire({
      self: self as unknown as Window,
      peer: () => parent as Window,
      peerOrigin: null,
      allowedOrigins: ['https://cash.test'],
      drops,
    })
    const seen: unknown[] = []
    cleanups.push(wire.listen((data) => seen.push(data)))
    await fc.assert(
      fc.property(
        fc.constantFrom('https://cash.test', 'https://evil.test', 'null', '', 'https://cash.test.evil.test'),
        fc.boolean(),
        anyValue,
        (origin, fromParent, data) => {
          const before = seen.length
          self.dispatchEvent(Object.assign(new Event('message'), { data, origin, source: fromParent ? parent : {} }))
          expect(seen.length - before).toBe(fromParent && origin === 'https://cash.test' ? 1 : 0)
        },
      ),
      { numRuns: RUNS, seed: seedOf('window') },
    )
    expect(drops.reasons['foreign origin']).toBeGreaterThan(0)
    expect(drops.reasons['foreign source']).toBeGreaterThan(0)
  })
})
