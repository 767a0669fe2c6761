import { sql } from 'kysely'
import { LOCKOUT_MINUTES } from '../../domain/auth-rules'
import type { Tx } from '../db/connect'

/** The tables that count wrong passwords in a row, and the column each keys them by. */
const STREAKS = { sign_in_failures: 'email', confirmation_failures: 'user_id' } as const

/**
 * One more wrong password for `key`: a streak is forgotten LOCKOUT_MINUTES after its last failure, and the
 * `max`-th failure in a streak locks `key` for LOCKOUT_MINUTES (sign-in per e-mail, confirmations per person).
 * Answers the end of the lock this failure started, or null: a lock starts once per streak (while it lasts,
 * passwords are not checked, so no failure is recorded).
 */
export async function recordFailedPassword(
  db: Tx,
  table: keyof typeof STREAKS,
  key: string,
  now: Date,
  max: number,
): Promise<Date | null> {
  const streakStart = new Date(now.getTime() - LOCKOUT_MINUTES * 60_000)
  const lockUntil = new Date(now.getTime() + LOCKOUT_MINUTES * 60_000)
  const t = sql.table(table)
  const column = sql.ref(STREAKS[table])
  const { rows } = await sql<{ locked_until: Date | null }>`
    INSERT INTO ${t} (${column}, failures, last_failure_at, locked_until) VALUES (${key}, 1, ${now}, NULL)
    ON CONFLICT (${column}) DO UPDATE SET
      failures = CASE WHEN ${t}.last_failure_at <= ${streakStart} THEN 1 ELSE ${t}.failures + 1 END,
      last_failure_at = ${now},
      locked_until = CASE
        WHEN ${t}.last_failure_at > ${streakStart} AND ${t}.failures + 1 >= ${max}
        THEN ${lockUntil}::timestamptz ELSE NULL END
    RETURNING locked_until`.execute(db)
  return rows[0]?.locked_until ?? null
}
