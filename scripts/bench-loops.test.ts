import { describe, expect, it } from 'vitest'
import { closedLoop, openLoop, percentile, poissonArrivals, seededRandom, type Outcome } from './bench-loops'

/** Holds the one JS thread for `ms`, as a server doing synchronous work would. */
const busy = (ms: number) => {
  const until = performance.now() + ms
  while (performance.now() < until);
}

describe('bench loops', () => {
  it('takes the nearest-rank percentile', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1)
    expect(percentile(values, 50)).toBe(50)
    expect(percentile(values, 99)).toBe(99)
    expect(percentile([7], 99)).toBe(7)
  })

  it('offers Poisson arrivals at the asked rate, the same ones for the same seed', () => {
    const arrivals = poissonArrivals(1000, 20, seededRandom(16))
    expect(arrivals.length).toBeGreaterThan(19_400)
    expect(arrivals.length).toBeLessThan(20_600)
    expect(arrivals.every((t, i) => t >= (arrivals[i - 1] ?? 0) && t < 20_000)).toBe(true)
    expect(poissonArrivals(1000, 1, seededRandom(16))).toEqual(arrivals.filter((t) => t < 1000))
  })

  it('keeps the asked number in flight in a closed loop, and stops at the total', async () => {
    let now = 0
    let most = 0
    const result = await closedLoop(
      async (i) => {
        most = Math.max(most, ++now)
        await new Promise((r) => setTimeout(r, 2))
        now--
        return i % 10 === 0 ? 'declined' : 'ok'
      },
      { inFlight: 5, total: 100, maxMs: 60_000 },
    )
    expect(most).toBe(5)
    expect(result).toMatchObject({ requests: 100, inFlight: 5, declined: 10, failed: 0 })
  })

  it('counts the queueing behind a slow server from each scheduled arrival, and drops what is late', async () => {
    // 200/s offered for 0.5 s to a server that does 20 ms of synchronous work per request (50/s at most):
    // the last arrivals are answered about 1.5 s after they were due, though each took only 20 ms once sent.
    const arrivals = poissonArrivals(200, 0.5, seededRandom(1))
    const result = await openLoop(
      async (): Promise<Outcome> => {
        busy(20)
        return 'ok'
      },
      { arrivals, seconds: 0.5, deadlineMs: 1000, maxInFlight: 10_000 },
    )
    expect(result.p99Ms).toBeGreaterThan(1000)
    expect(result.achievedPerSecond).toBeLessThan(60)
    expect(result.late).toBeGreaterThan(0)
    expect(result.dropped).toBe(result.late)
  })

  it('refuses arrivals beyond the most in flight and counts them dropped', async () => {
    const arrivals = Array.from({ length: 20 }, () => 0)
    const result = await openLoop(() => new Promise<Outcome>((r) => setTimeout(() => r('ok'), 20)), {
      arrivals,
      seconds: 1,
      deadlineMs: 2000,
      maxInFlight: 5,
    })
    expect(result).toMatchObject({ arrivals: 20, refused: 15, dropped: 15, late: 0, failed: 0 })
  })
})
