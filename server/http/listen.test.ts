import { connect, type Socket } from 'node:net'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closeGracefully, listen } from './listen'

// A proxy or HTTP client keeps an idle connection to the server pooled and sends the next request on it. If the
// server has closed it meanwhile, that request is lost (ECONNRESET, or a 502 from HAProxy). Node's default is to
// close after 5 s idle: this holds a connection idle past that and sends a second request on it.
const IDLE_PAST_NODE_DEFAULT_MS = 6_000

describe('the HTTP listener', () => {
  const app = new Hono().get('/ping', (c) => c.text('pong'))
  let server: ReturnType<typeof listen>
  let port = 0
  beforeAll(async () => {
    await new Promise<void>((resolve) => {
      server = listen({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
        port = info.port
        resolve()
      })
    })
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  /** Sends one request on the socket and resolves with the raw response once its body has arrived. */
  function request(socket: Socket) {
    return new Promise<string>((resolve, reject) => {
      let text = ''
      const onData = (chunk: Buffer) => {
        text += chunk.toString()
        if (text.includes('\r\n\r\npong')) done(() => resolve(text))
      }
      const onClose = () =>
        done(() => reject(new Error(`the server closed the connection (received: ${JSON.stringify(text)})`)))
      const done = (settle: () => void) => {
        socket.off('data', onData)
        socket.off('close', onClose)
        settle()
      }
      socket.on('data', onData)
      socket.on('close', onClose)
      socket.write('GET /ping HTTP/1.1\r\nHost: localhost\r\n\r\n')
    })
  }

  it('keeps an idle keep-alive connection open past a ' +
    'proxy’s pooling time and answers the next request on it', async () => {
    const socket = connect(port, '127.0.0.1')
    await new Promise((resolve) => socket.once('connect', resolve))
    let closedAt: number | undefined
    socket.once('close', () => (closedAt = Date.now()))
    try {
      const first = await request(socket)
      expect(first).toMatch(/^HTTP\/1\.1 200/)
      // The hint clients pool by: at least a minute.
      expect(Number(/keep-alive: timeout=(\d+)/i.exec(first)?.[1])).toBeGreaterThanOrEqual(60)
      const idleFrom = Date.now()
      await new Promise((resolve) => setTimeout(resolve, IDLE_PAST_NODE_DEFAULT_MS))
      expect(closedAt, `the server closed the idle connection after ${closedAt! - idleFrom} ms`).toBeUndefined()
      expect(await request(socket)).toMatch(/^HTTP\/1\.1 200/)
    } finally {
      socket.destroy()
    }
  }, 30_000)

  it('stops without waiting out the keep-alive time: a request ' +
    'running at the stop is answered, then its connection closes', async () => {
    let answer = (): void => undefined
    let arrived = (): void => undefined
    const running = new Promise<void>((resolve) => (arrived = resolve))
    const slow = new Hono().get('/slow', async (c) => {
      await new Promise<void>((resolve) => {
        answer = resolve
        arrived()
      })
      return c.text('done')
    })
    const other = await new Promise<ReturnType<typeof listen>>((resolve) => {
      const s = listen({ fetch: slow.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s))
    })
    const socket = connect((other.address() as { port: number }).port, '127.0.0.1')
    await new Promise((resolve) => socket.once('connect', resolve))
    let received = ''
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()))
    const socketClosed = new Promise((resolve) => socket.once('close', resolve))
    socket.write('GET /slow HTTP/1.1\r\nHost: localhost\r\n\r\n')
    await running
    const stopped = new Promise<number>((resolve) => closeGracefully(other, () => resolve(Date.now())))
    answer()
    const answeredAt = Date.now()
    // Both well inside the keep-alive time (65 s): the stop does not wait for the connection to go idle that long.
    expect((await stopped) - answeredAt).toBeLessThan(5_000)
    await socketClosed
    expect(received).toMatch(/^HTTP\/1\.1 200[\s\S]*done$/)
  }, 30_000)
})
