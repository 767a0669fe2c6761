import { spawn, type ChildProcess } from 'node:child_process'
import { resolve } from 'node:path'
import { ownServerEntry } from './build-server'

const ROOT = resolve(import.meta.dirname, '..')
const API = '/app/cash/api/v1'

/**
 * A Cash server as a child process on `port`, with `env` over this process's: as production starts it (`node
 * main.mjs` of a bundle of the current sources: scripts/build-server.ts), or `entry`, a TypeScript file run through
 * tsx (server/dev.ts).
 */
export class Server {
  child: ChildProcess | null = null
  output = ''
  constructor(
    private readonly env: Record<string, string>,
    private readonly port: number,
    private readonly entry?: string,
  ) {}

  async start(): Promise<number> {
    const args = this.entry ? ['--import', 'tsx', this.entry] : [await ownServerEntry()]
    const started = performance.now()
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { ...process.env, ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    this.child = child
    const keep = (chunk: Buffer) => (this.output = (this.output + chunk.toString()).slice(-8000))
    child.stdout!.on('data', keep)
    child.stderr!.on('data', keep)
    // A hang, not a slow start, is what this catches: a busy machine can take a minute to start tsx and PGlite.
    const deadline = Date.now() + 240_000
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`The server exited (${child.exitCode ?? child.signalCode}) while starting:\n${this.output}`)
      try {
        const res = await fetch(`http://127.0.0.1:${this.port}${API}/health`)
        if (res.ok) return performance.now() - started
      } catch {
        // Not listening yet.
      }
      await new Promise((r) => setTimeout(r, 100))
    }
    child.kill('SIGKILL')
    throw new Error(`The server did not answer within 240 s:\n${this.output}`)
  }

  /** SIGKILL: no shutdown, no flush; whatever was committed must be there after a restart. */
  async kill() {
    const child = this.child
    // A process that ended by a signal has a signalCode and no exitCode: either means it is gone.
    if (!child || child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGKILL')
    await exited
  }

  /** SIGTERM: the server finishes what is in flight and closes its database. */
  async stop() {
    const child = this.child
    if (!child || child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
    await exited
    clearTimeout(timer)
  }
}
