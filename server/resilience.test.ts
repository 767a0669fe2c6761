import { describe, expect, it } from 'vitest'
import { formatLoadResult, postgresReachable, runLoad, type LoadDatabase } from '../scripts/load-test'
import { freePort } from './testing/free-port'

// The real server in a child process under mixed load, SIGKILLed midway and restarted on the same data
// (scripts/load-test.ts). This is the short form `npm test` runs: 8 s of load per database, both databases at
// once; `npm run load` is the one-minute version. PostgreSQL is the `postgres` project's server
// (vitest.config.ts): when it is unreachable the test fails, it never skips.
const SECONDS = Number(process.env.RESILIENCE_SECONDS ?? 8)
const POSTGRES = process.env.CASH_TEST_DATABASE_URL

async function loadKillRestart(database: LoadDatabase) {
  const result = await runLoad({
    database,
    port: await freePort(),
    seconds: SECONDS,
    postgresUrl: POSTGRES ?? '',
    log: (line) => process.stdout.write(`${line}\n`),
  })
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

describe.concurrent('money under load survives a killed server', () => {
  it(
    'on PGlite in a folder: nothing acknowledged is lost, nothing half-written, replays move nothing twice',
    () => loadKillRestart('pglite'),
    600_000,
  )

  it('on PostgreSQL: the same', async () => {
    expect(
      POSTGRES,
      'CASH_TEST_DATABASE_URL names the PostgreSQL server (vitest.config.ts sets it for this project)',
    ).toBeTruthy()
    expect(await postgresReachable(POSTGRES!), `PostgreSQL at ${POSTGRES} is reachable`).toBe(true)
    await loadKillRestart('postgres')
  }, 600_000)
})
