import { afterEach, describe, expect, it } from 'vitest'
import { connectBridge } from './embed-client'
import { serveBridge, type HostHandlers } from './host-server'
import { NS, type BridgeContext, type Envelope } from './protocol.schema'
import { newDropCounter, portWire } from './wires'

const context: BridgeContext = {
  sessionToken: 'token-123',
  user: { id: 'u1', email: 'personal@demo.cash', name: 'Paula', platformRole: 'user' },
  accountKind: 'personal',
  locale: 'pt-BR',
  theme: 'dark',
  safeArea: { top: 47, right: 0, bottom: 34, left: 0 },
  platform: 'ios',
  appVersion: '5.2.0',
}

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const f of cleanups.splice(0)) f()
})

async function pair(handlers: HostHandlers, options: { timeoutMs?: number } = {}) {
  const channel = new MessageChannel()
  const log: ['in' | 'out', Envelope][] = []
  const host = serveBridge({
    wire: portWire(channel.port1),
    handlers,
    context: () => context,
    onMessage: (d, e) => log.push([d, e]),
  })
  const embed = await connectBridge({
    embed: 'top-up',
    wire: portWire(channel.port2),
    handshakeMs: 1000,
    timeoutMs: options.timeoutMs ?? 2000,
  })
  cleanups.push(() => (embed.close(), host.close(), channel.port1.close(), channel.port2.close()))
  return { host, embed, channel, log }
}

describe('handshake', () => {
  it('agrees a version and hands over capabilities and context', async () => {
    const { embed, log } = await pair({ share: async () => ({ shared: true }), copy: async () => ({ copied: true }) })
    expect(embed.mode).toBe('host')
    expect(embed.transport).toBe('port')
    expect(embed.context).toEqual(context)
    expect([...embed.capabilities].sort()).toEqual(['copy', 'share'])
    expect(log[0]![1]).toMatchObject({ kind: 'hello', embed: 'top-up', versions: [1] })
    expect(log[1]![1]).toMatchObject({ kind: 'ack', v: 1 })
  })

  it('falls back to standalone web mode when no host answers in time', async () => {
    const silent = new MessageChannel()
    const started = Date.now()
    const embed = await connectBridge({ embed: 'top-up', wire: portWire(silent.port2), handshakeMs: 200 })
    expect(embed.mode).toBe('web')
    expect(Date.now() - started).toBeLessThan(1000)
    await expect(embed.call('share', { text: 'hi' })).rejects.toMatchObject({ code: 'UNAVAILABLE' })
    silent.port1.close()
  })

  it('answers a hello of an unknown major version with UNSUPPORTED_VERSION', async () => {
    const channel = new MessageChannel()
    const host = serveBridge({ wire: portWire(channel.port1), handlers: {}, context: () => context })
    const answer = new Promise<unknown>((resolve) => channel.port2.addEventListener('message', (e) => resolve(e.data)))
    channel.port2.start()
    channel.port2.postMessage({
      ns: NS,
      v: 2,
      ch: 'channel-xyz',
      id: 'h1',
      kind: 'hello',
      versions: [2],
      embed: 'x',
      sdk: 'future',
    })
    expect(await answer).toMatchObject({ kind: 'res', re: 'h1', ok: false, error: { code: 'UNSUPPORTED_VERSION' } })
    expect(host.connected()).toBe(false)
    host.close()
    channel.port1.close()
  })
})

describe('calls', () => {
  it('carries a call and its result', async () => {
    const { embed } = await pair({ confirm: async (p) => ({ confirmed: p.amount === '10.00', method: 'biometrics' }) })
    expect(
      await embed.call('confirm', {
        title: 'Send',
        amount: '10.00',
        asset: 'USDC',
        detail: 'Fee $0.02',
        challenge: 'abc',
      }),
    ).toEqual({ confirmed: true, method: 'biometrics' })
    expect(await embed.call('getContext', {})).toEqual(context)
  })

  it('fails fast with UNAVAILABLE for a capability the host turned off, without asking it', async () => {
    let asked = 0
    const { embed, log } = await pair({ share: async () => (asked++, { shared: true }) })
    const before = log.length
    const started = performance.now()
    await expect(embed.call('scanQr', { prompt: 'Scan a PIX code' })).rejects.toMatchObject({
      name: 'BridgeError',
      code: 'UNAVAILABLE',
    })
    expect(performance.now() - started).toBeLessThan(50)
    expect(log.length).toBe(before)
    expect(asked).toBe(0)
  })

  it('refuses bad params on the embed side and again on the host side', async () => {
    const { embed } = await pair({ openUrl: async () => ({ opened: true }) })
    await expect(embed.call('openUrl', { url: 'javascript:alert(1)' })).rejects.toMatchObject({
      code: 'INVALID_PARAMS',
    })
    const rogue = await rogueEmbed({ openUrl: async () => ({ opened: true }) })
    rogue.send({
      ns: NS,
      v: 1,
      ch: rogue.ch,
      id: 'raw-1',
      kind: 'req',
      method: 'openUrl',
      params: { url: 'http://insecure.example' },
    })
    expect(await rogue.answer('raw-1')).toMatchObject({ ok: false, error: { code: 'INVALID_PARAMS' } })
  })

  it('refuses a navigation whose dot segments lead out of /app/cash, and takes one inside it', async () => {
    const went: string[] = []
    const { embed } = await pair({ navigate: async ({ path }) => (went.push(path), { navigated: true }) })
    for (const path of ['/app/cash/../../evil', '/app/cash/./../x', '/app/cash/..?next=1', '/app/cash/..'])
      await expect(embed.call('navigate', { path }), path).rejects.toMatchObject({ code: 'INVALID_PARAMS' })
    expect(await embed.call('navigate', { path: '/app/cash/settings/v1.2?x=a..b' })).toEqual({ navigated: true })
    expect(went).toEqual(['/app/cash/settings/v1.2?x=a..b'])
  })

  it('times out a call the host never answers, and cancels pending calls on close', async () => {
    const { embed } = await pair(
      { haptics: () => new Promise(() => undefined), copy: () => new Promise(() => undefined) },
      { timeoutMs: 100 },
    )
    await expect(embed.call('haptics', { style: 'light' })).rejects.toMatchObject({ code: 'TIMEOUT', retryable: true })
    const pending = embed.call('copy', { text: 'x' })
    embed.close()
    await expect(pending).rejects.toMatchObject({ code: 'CANCELLED' })
  })

  it('passes a host failure on as a typed error', async () => {
    const { embed } = await pair({ scanQr: async () => Promise.reject(new Error('camera busy')) })
    await expect(embed.call('scanQr', { prompt: 'Scan' })).rejects.toMatchObject({
      code: 'INTERNAL',
      message: 'camera busy',
    })
  })
})

describe('events', () => {
  it('queues host events until hello and delivers them validated', async () => {
    const channel = new MessageChannel()
    const host = serveBridge({ wire: portWire(channel.port1), handlers: {}, context: () => context })
    host.emit('themeChanged', { theme: 'light' })
    const embed = await connectBridge({ embed: 'home', wire: portWire(channel.port2), handshakeMs: 1000 })
    await new Promise((r) => setTimeout(r, 20))
    const seen: unknown[] = []
    embed.on('themeChanged', (p) => seen.push(p))
    embed.on('backPressed', (p) => seen.push(p))
    host.emit('backPressed', {})
    await until(() => seen.length === 2)
    // The event emitted before hello waited for the handshake and for a listener; none was lost.
    expect(seen).toEqual([{ theme: 'light' }, {}])
    embed.close()
    host.close()
    channel.port1.close()
  })
})

/** A page that speaks the protocol by hand: says hello, then sends whatever a test crafts. */
async function rogueEmbed(handlers: HostHandlers) {
  const channel = new MessageChannel()
  const drops = newDropCounter()
  const host = serveBridge({ wire: portWire(channel.port1), handlers, context: () => context, drops })
  const inbox: Record<string, unknown>[] = []
  channel.port2.addEventListener('message', (e) => inbox.push(e.data))
  channel.port2.start()
  const ch = 'rogue-channel-1'
  channel.port2.postMessage({
    ns: NS,
    v: 1,
    ch,
    id: 'hello-1',
    kind: 'hello',
    versions: [1],
    embed: 'rogue',
    sdk: 'hand-made',
  })
  await until(() => inbox.some((m) => m.kind === 'ack'))
  cleanups.push(() => (host.close(), channel.port1.close(), channel.port2.close()))
  return {
    ch,
    drops,
    inbox,
    send: (m: unknown) => channel.port2.postMessage(m),
    answer: async (id: string) => {
      await until(() => inbox.some((m) => m.re === id))
      return inbox.find((m) => m.re === id)!
    },
    settle: () => new Promise((r) => setTimeout(r, 50)),
  }
}

async function until(check: () => boolean, ms = 1000) {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting')
    await new Promise((r) => setTimeout(r, 5))
  }
}

describe('hostile and malformed messages are dropped and change nothing', () => {
  it('drops a comlink SET aimed at __proto__, and pollutes nothing', async () => {
    let shared = 0
    const rogue = await rogueEmbed({ share: async () => (shared++, { shared: true }) })
    rogue.send({ id: 'x1', type: 'SET', path: ['__proto__', 'polluted'], value: { type: 'RAW', value: true } })
    rogue.send({ id: 'x2', type: 'SET', path: ['share'], value: { type: 'RAW', value: 'replaced' } })
    rogue.send({ id: 'x3', type: 'CONSTRUCT', path: ['share'], argumentList: [] })
    rogue.send({ id: 'x4', type: 'GET', path: ['constructor', 'prototype'] })
    await rogue.settle()
    expect(rogue.drops.dropped).toBe(4)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(rogue.inbox.filter((m) => m.kind === 'res')).toEqual([])
    // The host still works as before.
    rogue.send({ ns: NS, v: 1, ch: rogue.ch, id: 'ok-1', kind: 'req', method: 'share', params: { text: 'hi' } })
    expect(await rogue.answer('ok-1')).toMatchObject({ ok: true, result: { shared: true } })
    expect(shared).toBe(1)
  })

  it.each(['__proto__', 'constructor', 'toString', 'share.call', 'hasOwnProperty'])(
    'answers method %s with METHOD_NOT_FOUND',
    async (method) => {
      const rogue = await rogueEmbed({ share: async () => ({ shared: true }) })
      rogue.send({ ns: NS, v: 1, ch: rogue.ch, id: 'm-1', kind: 'req', method, params: {} })
      expect(await rogue.answer('m-1')).toMatchObject({ ok: false, error: { code: 'METHOD_NOT_FOUND' } })
      expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    },
  )

  it('refuses params that smuggle __proto__', async () => {
    let called = 0
    const rogue = await rogueEmbed({ share: async () => (called++, { shared: true }) })
    rogue.send({
      ns: NS,
      v: 1,
      ch: rogue.ch,
      id: 'p-1',
      kind: 'req',
      method: 'share',
      params: JSON.parse('{"text":"x","__proto__":{"polluted":true}}'),
    })
    expect(await rogue.answer('p-1')).toMatchObject({ ok: false, error: { code: 'INVALID_PARAMS' } })
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(called).toBe(0)
  })

  it('drops malformed envelopes, foreign namespaces and other channels without answering', async () => {
    const rogue = await rogueEmbed({ share: async () => ({ shared: true }) })
    rogue.send({ ns: NS, kind: 'req', method: 'share' })
    rogue.send({ ns: NS, v: 1, ch: rogue.ch, id: 'e'.repeat(200), kind: 'req', method: 'share', params: {} })
    rogue.send({ ns: 'penpal', v: 1, ch: rogue.ch, id: 'f-1', kind: 'req', method: 'share', params: {} })
    rogue.send('{"ns":"cash-bridge"}')
    rogue.send(null)
    rogue.send({ ns: NS, v: 1, ch: 'someone-elses-channel', id: 'c-1', kind: 'req', method: 'share', params: {} })
    await rogue.settle()
    expect(rogue.drops.dropped).toBe(6)
    expect(rogue.inbox.filter((m) => m.kind === 'res')).toEqual([])
  })
})
