import { createServer } from 'node:net'

/** A TCP port free on 127.0.0.1 right now, for a server a test or script starts. */
export const freePort = () =>
  new Promise<number>((done, fail) => {
    const probe = createServer().once('error', fail)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => done(port))
    })
  })
