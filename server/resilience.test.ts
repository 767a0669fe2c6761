import { createServer } from 'node:net'
import { describe, expect, it } from 'vitest'
import { formatLoadResult, postgresReachable, runLoad, type LoadDatabase } from '../scripts/load-test'

// The real server in a child process under mixed load, SIGKILLed midway and restarted on the same data
// (scripts/load-test.ts; `npm run load` is the one-minute version). About 15 s of load per database.
const SECONDS = Number(process.env.RESILIENCE_SECONDS ?? 15)
const POSTGRES = process.env.RESILIENCE_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })

async function loadKillRestart(database: LoadDatabase) {
  const result = await runLoad({ database, port: await freePort(), seconds: SECONDS, postgresUrl: POSTGRES, log: (line) => process.stdout.write(`${line}\n`) })
  process.stdout.write(`${formatLoadResult(result)}\n`)
  expect(result.problems).toEqual([])
  expect(result.acknowledged, 'the load moved money').toBeGreaterThan(10)
  expect(result.byOp.read, 'the load read balances').toBeGreaterThan(0)
  expect(result.lost, 'acknowledged movements missing after the restart').toBe(0)
  expect(result.unacknowledged, 'movements posted that no call acknowledged').toBe(0)
  expect(result.doublePosted, 'replays with the same key that posted again').toBe(0)
  expect(result.ledgerOkAfterRestart).toBe(true)
  expect(result.ledgerOkAtEnd).toBe(true)
}

describe('money under load survives a killed server', () => {
  it('on PGlite in a folder: nothing acknowledged is lost, nothing half-written, replays move nothing twice', () => loadKillRestart('pglite'), 180_000)

  it('on PostgreSQL: the same', async () => {
    if (!(await postgresReachable(POSTGRES))) {
      process.stdout.write(`!!! PostgreSQL at ${POSTGRES} is unreachable: the PostgreSQL resilience run is SKIPPED !!!\n`)
      return
    }
    await loadKillRestart('postgres')
  }, 180_000)
})
