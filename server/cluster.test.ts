import { expect, it } from 'vitest'
import { formatClusterResult, runCluster } from '../scripts/cluster-test'

// The scale test's short form (scripts/cluster-test.ts; `npm run load -- --cluster` runs a minute): three servers
// started together on an empty PostgreSQL database behind HAProxy (installed from Debian's packages when
// missing), mixed money load through the balancer, one server SIGKILLed halfway. PostgreSQL is the `postgres`
// project's server; with none, or no HAProxy to be had, the test fails: it never skips.
const SECONDS = Number(process.env.CLUSTER_SECONDS ?? 9)

it('three servers behind HAProxy on one PostgreSQL, one killed halfway: ' +
  'seeded once, nothing lost or doubled, every job run once, the ledger whole', async () => {
  const result = await runCluster({
    instances: 3,
    seconds: SECONDS,
    postgresUrl: process.env.CASH_TEST_DATABASE_URL!,
    concurrency: 12,
    log: (line) => process.stdout.write(`${line}\n`),
  })
  process.stdout.write(`${formatClusterResult(result)}\n`)
  expect(result.problems).toEqual([])
  expect(result.usersSeeded, 'the three servers that started together seeded the demo data once').toBe(
    result.usersExpected,
  )
  expect(result.acknowledged, 'the load moved money').toBeGreaterThan(20)
  expect(result.afterKill.requests, 'the two left kept answering through the balancer').toBeGreaterThan(0)
  expect(result.lost, 'acknowledged movements missing').toBe(0)
  expect(result.unacknowledged, 'movements no call acknowledged').toBe(0)
  expect(result.doublePosted, 'a replay with the same key that posted again').toBe(0)
  expect(result.chain.acknowledged, 'chain transfers were sent').toBeGreaterThan(0)
  expect(result.chain, 'each chain transfer credited by its jobs exactly once').toMatchObject({
    creditedTwice: 0,
    notCredited: 0,
  })
  expect(result.jobs, 'every due job ran; none failed').toMatchObject({ failed: 0, leftDue: 0 })
  expect(result.ledgerOk).toBe(true)
}, 600_000)
