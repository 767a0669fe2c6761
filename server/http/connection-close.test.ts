import { connect } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestApp } from '../testing/test-app'
import { listen } from './listen'
import { API_BASE } from './mount-routes'

// A body over the limit is refused before it is read; the connection still holds its unread bytes, so it cannot
// carry another request. The answer must say `Connection: close`: it said keep-alive and then the server closed,
// so a client that pooled the connection lost its next request.
let server: ReturnType<typeof listen>
let port = 0
beforeAll(async () => {
  const t = await createTestApp()
  await new Promise<void>((resolve) => {
    server = listen({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
      port = info.port
      resolve()
    })
  })
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

it('refuses a body over the limit with 413 and Connection: close, then closes', async () => {
  const socket = connect(port, '127.0.0.1')
  await new Promise((resolve) => socket.once('connect', resolve))
  let received = ''
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()))
  const closed = new Promise((resolve) => socket.once('close', resolve))
  socket.on('error', () => undefined)
  socket.write(
    `POST ${API_BASE}/auth/sign-in HTTP/1.1\r\nHost: localhost\r\nContent-Type: ` +
      `application/json\r\nContent-Length: 2000000\r\n\r\n{"email":"`,
  )
  await closed
  const head = received.split('\r\n\r\n')[0]!
  expect(head).toMatch(/^HTTP\/1\.1 413/)
  expect(head).toMatch(/^connection: close$/im)
  expect(head).not.toMatch(/keep-alive/i)
}, 30_000)
