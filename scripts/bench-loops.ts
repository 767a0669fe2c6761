/**
 * The two ways `npm run bench` drives a request (scripts/bench-server.ts says which requests):
 * - closed loop: a fixed number in flight, each client sending its next request when its last one answers (the
 *   rate is whatever the server manages; latency is per request, so it hides queueing the clients would add);
 * - open loop: requests arrive at random (Poisson) at a fixed offered rate whatever the server does, and each
 *   latency runs from the arrival it was scheduled for, so a server (or a client event loop) that falls behind
 *   shows its queueing in the figure instead of silently sending later (no coordinated omission).
 */
import { loadavg } from 'node:os'

/** What became of one request: done as asked, answered but refused (a declined purchase), or failed. */
export type Outcome = 'ok' | 'declined' | 'failed'

/** The 1-minute load average while a run ran: at its start, at its end, and the highest of its 1 s samples. */
export type LoadDuring = { start: number; end: number; max: number }

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits

/** Samples the machine's 1-minute load average every second until the returned stop is called. */
export function sampleLoad(): () => LoadDuring {
  const start = loadavg()[0] ?? 0
  let max = start
  const timer = setInterval(() => (max = Math.max(max, loadavg()[0] ?? 0)), 1000)
  timer.unref()
  return () => {
    clearInterval(timer)
    const end = loadavg()[0] ?? 0
    return { start: round(start, 2), end: round(end, 2), max: round(Math.max(max, end), 2) }
  }
}

/** The nearest-rank percentile of ascending-sorted values (NaN when there are none). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
}

export type ClosedLoopResult = {
  requests: number
  perSecond: number
  p50Ms: number
  p99Ms: number
  inFlight: number
  failed: number
  declined: number
  seconds: number
  /**
   * This process's CPU time (every thread: the server's, PGlite's) per request, in µs: what a request costs
   * whatever else the machine runs (a PostgreSQL server's own work is not in it).
   */
  cpuUsPerRequest: number
  load: LoadDuring
}

/** Keeps `inFlight` requests going until `total` were started or `maxMs` passed; a thrown request counts as failed. */
export async function closedLoop(
  once: (i: number) => Promise<Outcome>,
  opts: { inFlight: number; total: number; maxMs: number },
): Promise<ClosedLoopResult> {
  const latencies: number[] = []
  let next = 0
  let failed = 0
  let declined = 0
  const stopLoad = sampleLoad()
  const cpuBefore = process.cpuUsage()
  const started = performance.now()
  await Promise.all(
    Array.from({ length: opts.inFlight }, async () => {
      while (next < opts.total && performance.now() - started < opts.maxMs) {
        const i = next++
        const t0 = performance.now()
        const outcome = await once(i).catch((): Outcome => 'failed')
        latencies.push(performance.now() - t0)
        if (outcome === 'failed') failed++
        if (outcome === 'declined') declined++
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  const cpu = process.cpuUsage(cpuBefore)
  latencies.sort((a, b) => a - b)
  return {
    requests: latencies.length,
    perSecond: round(latencies.length / seconds),
    p50Ms: round(percentile(latencies, 50)),
    p99Ms: round(percentile(latencies, 99)),
    inFlight: opts.inFlight,
    failed,
    declined,
    seconds: round(seconds),
    cpuUsPerRequest: Math.round((cpu.user + cpu.system) / Math.max(1, latencies.length)),
    load: stopLoad(),
  }
}

/** Arrival times in ms from the start of a Poisson process at `perSecond` over `seconds` (exponential gaps). */
export function poissonArrivals(perSecond: number, seconds: number, random: () => number): number[] {
  const arrivals: number[] = []
  for (
    let t = -Math.log(1 - random()) * (1000 / perSecond);
    t < seconds * 1000;
    t += -Math.log(1 - random()) * (1000 / perSecond)
  )
    arrivals.push(t)
  return arrivals
}

/** A seeded uniform [0, 1) source (mulberry32), so two runs offer the same arrivals. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export type OpenLoopResult = {
  offeredPerSecond: number
  arrivals: number
  /** Answers (approved or declined) per second, from the first arrival to the last answer. */
  achievedPerSecond: number
  /** Of those, the ones done as asked within the deadline, per second over the same time. */
  withinDeadlinePerSecond: number
  /** Percentiles over every answered request, from its scheduled arrival. */
  p50Ms: number
  p99Ms: number
  /** refused + late + failed. */
  dropped: number
  /** Never sent: `maxInFlight` requests were already waiting (the network would have given up on them). */
  refused: number
  /** Answered after the deadline. */
  late: number
  failed: number
  declined: number
  maxInFlight: number
  seconds: number
  load: LoadDuring
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Sends a request at each of `arrivals` (ms from the start) whether or not earlier ones answered, at most
 * `maxInFlight` waiting at once (an arrival beyond that is refused, and dropped), then waits for the last answers.
 * A request answered after `deadlineMs` from its scheduled arrival, or failed, is dropped too.
 */
export async function openLoop(
  once: (i: number) => Promise<Outcome>,
  opts: { arrivals: readonly number[]; seconds: number; deadlineMs: number; maxInFlight: number },
): Promise<OpenLoopResult> {
  const latencies: number[] = []
  const answers: Promise<void>[] = []
  let waiting = 0
  let refused = 0
  let late = 0
  let failed = 0
  let declined = 0
  let okInTime = 0
  const stopLoad = sampleLoad()
  const started = performance.now()
  const send = (i: number, scheduled: number) => {
    waiting++
    answers.push(
      once(i)
        .catch((): Outcome => 'failed')
        .then((outcome) => {
          const ms = performance.now() - scheduled
          waiting--
          if (outcome === 'failed') return void failed++
          latencies.push(ms)
          if (ms > opts.deadlineMs) late++
          else if (outcome === 'ok') okInTime++
          if (outcome === 'declined') declined++
        }),
    )
  }
  let k = 0
  while (k < opts.arrivals.length) {
    // Everything due by now goes out at once: a late wake-up sends a burst, and their latencies show the delay.
    const now = performance.now() - started
    for (; k < opts.arrivals.length && opts.arrivals[k]! <= now; k++) {
      if (waiting >= opts.maxInFlight) refused++
      else send(k, started + opts.arrivals[k]!)
    }
    if (k < opts.arrivals.length) await sleep(opts.arrivals[k]! - (performance.now() - started))
  }
  await Promise.all(answers)
  const seconds = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  return {
    offeredPerSecond: round(opts.arrivals.length / opts.seconds),
    arrivals: opts.arrivals.length,
    achievedPerSecond: round(latencies.length / seconds),
    withinDeadlinePerSecond: round(okInTime / seconds),
    p50Ms: round(percentile(latencies, 50)),
    p99Ms: round(percentile(latencies, 99)),
    dropped: refused + late + failed,
    refused,
    late,
    failed,
    declined,
    maxInFlight: opts.maxInFlight,
    seconds: round(seconds),
    load: stopLoad(),
  }
}
