/**
 * The queue behind shared commits (card decisions, batched money movements): work that arrives while a batch is
 * being written waits for a later one, and each batch takes everything queued (up to `maxBatch`). An idle queue
 * waits one turn of the event loop, no timer, so a lone request goes at once and requests received together go
 * together. Up to `inFlight` batches run at a time: one on PGlite (one connection), a few on PostgreSQL, where a
 * batch can read and decide while another waits on its commit (the batches lock rows in one order, so they queue
 * on what they share and never deadlock). `run` answers its batch's requests itself and must not throw.
 */
export function groupCommits<T>(
  run: (batch: T[]) => Promise<void>,
  options: { maxBatch: number; inFlight: number },
): (item: T) => void {
  const queue: T[] = []
  let active = 0
  let scheduled = false
  const pump = () => {
    scheduled = false
    while (active < options.inFlight && queue.length > 0) {
      active++
      void run(queue.splice(0, options.maxBatch)).finally(() => {
        active--
        pump()
      })
    }
  }
  return (item) => {
    queue.push(item)
    if (!scheduled && active < options.inFlight) {
      scheduled = true
      setImmediate(pump)
    }
  }
}

/**
 * A transaction's last statement, sent without waiting for its answer, so that the COMMIT goes right behind it: one
 * round trip fewer while the transaction holds its row locks. Statements on one connection run in the order sent,
 * and PostgreSQL answers the COMMIT of a transaction whose statement failed with a rollback, so a failed last
 * statement still undoes everything; the returned promise carries its error (or null) and must be checked once the
 * transaction has ended. It never rejects, so an error that arrives before anyone looks is not an unhandled one.
 */
export const lastBeforeCommit = (statement: Promise<unknown>): Promise<unknown> =>
  statement.then(
    () => null,
    (error: unknown) => error,
  )

/** What `lastBeforeCommit` answers for a transaction that had no last statement to send: nothing failed. */
export const NO_LAST_STATEMENT: Promise<unknown> = Promise.resolve(null)

/** How many batches a route's shared commits may have in flight on this database. */
export const batchesInFlight = (driver: 'pglite' | 'postgres') => (driver === 'postgres' ? 4 : 1)

/**
 * Reads that arrive in one turn of the event loop made as one query (the way a data loader does): `load` gets the
 * distinct keys and answers what it found by key. Each caller still reads the database at the time it asks, so
 * nothing is cached; under load, fifty requests' lookups cost one round trip instead of fifty.
 */
export function gatherReads<K, V>(load: (keys: K[]) => Promise<Map<K, V>>): (key: K) => Promise<V | undefined> {
  let waiting: { key: K; resolve: (value: V | undefined) => void; reject: (error: unknown) => void }[] = []
  const flush = () => {
    const batch = waiting
    waiting = []
    load([...new Set(batch.map((w) => w.key))]).then(
      (found) => {
        for (const w of batch) w.resolve(found.get(w.key))
      },
      (error: unknown) => {
        for (const w of batch) w.reject(error)
      },
    )
  }
  return (key) =>
    new Promise((resolve, reject) => {
      if (waiting.length === 0) setImmediate(flush)
      waiting.push({ key, resolve, reject })
    })
}

/** One instance per server (keyed by its dependencies object), made on first use: a route's batcher, a reader. */
export function perServer<D extends object, T>(make: (deps: D) => T): (deps: D) => T {
  const made = new WeakMap<D, T>()
  return (deps) => {
    let instance = made.get(deps)
    if (!instance) {
      instance = make(deps)
      made.set(deps, instance)
    }
    return instance
  }
}
