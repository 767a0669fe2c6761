import type { Logger } from '../log'
import type { Db } from './connect'

/**
 * Keeps the query planner's statistics fresh on PGlite. PostgreSQL's autovacuum does this on its own; PGlite runs
 * no background workers, so its planner would never learn how rows spread (one account's ten thousand journals
 * look like fifty) and would choose to sort an account's whole history where an index walks one page of it.
 * Analyzes at start, then every `intervalMs`; does nothing on PostgreSQL. Returns a stop function that waits
 * for an ANALYZE in progress, so the database can be closed after it.
 */
export function startStatisticsRefresh(db: Db, log: Logger, intervalMs = 10 * 60_000): () => Promise<void> {
  if (db.driver !== 'pglite') return async () => undefined
  let running = Promise.resolve()
  const analyze = () => {
    running = running
      .then(() => db.execScript('ANALYZE'))
      .catch((error: unknown) => log.warn('analyze failed', { error: String(error) }))
  }
  analyze()
  const timer = setInterval(analyze, intervalMs)
  timer.unref()
  return async () => {
    clearInterval(timer)
    await running
  }
}
