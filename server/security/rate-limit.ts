import { sql } from 'kysely'
import { DomainError } from '../../domain/errors'
import type { Tx } from '../db/connect'

/**
 * Counts one hit on `key` in a fixed window kept in the database (so every server process shares it) and
 * refuses with `rate_limited` past `limit`.
 */
export async function hitRateLimit(
  db: Tx,
  key: string,
  limit: number,
  windowMinutes: number,
  now: Date,
): Promise<void> {
  const windowStart = new Date(now.getTime() - windowMinutes * 60_000)
  const result = await sql<{ hits: number }>`
    INSERT INTO rate_limits (key, window_start, hits) VALUES (${key}, ${now}, 1)
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN rate_limits.window_start <= ${windowStart} THEN 1 ELSE rate_limits.hits + 1 END,
      window_start = CASE WHEN rate_limits.window_start <= ${windowStart} THEN ${now} ELSE rate_limits.window_start END
    RETURNING hits`.execute(db)
  if ((result.rows[0]?.hits ?? 0) > limit) throw new DomainError('rate_limited')
}
