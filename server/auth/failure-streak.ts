import { sql } from 'kysely'
import { LOCKOUT_MINUTES } from '../../domain/auth-rules'
import type { Tx } from '../db/connect'

/** The tables that count wrong passwords in a row, and the column each keys them by. */
const STREAKS = { sign_in_failures: 'email', confirmation_failures: 'user_id' } as const

/**
 * Counts a password attempt for `key` as a failure before the password is checked, in one statement, so attempts
 * sent at once cannot all pass the lock's check before any of them is counted. A streak is forgotten
 * LOCKOUT_MINUTES after its last failure; the `max`-th in a streak locks `key` for LOCKOUT_MINUTES (sign-in per
 * e-mail, confirmations per person), and any after it is refused without its password being checked. A right
 * password then clears the streak (the caller deletes the row). Answers `lockedUntil` when `key` was already locked
 * (nothing counted), else `lockStarted`: the end of the lock this attempt started, or null (a lock starts once per
 * streak). Also how a failure found only after the check is counted (a host's wrong answer).
 */
export async function claimPasswordAttempt(
  db: Tx,
  table: keyof typeof STREAKS,
  key: string,
  now: Date,
  max: number,
): Promise<{ lockedUntil: Date | null; lockStarted: Date | null }> {
  const streakStart = new Date(now.getTime() - LOCKOUT_MINUTES * 60_000)
  const lockUntil = new Date(now.getTime() + LOCKOUT_MINUTES * 60_000)
  const t = sql.table(table)
  const column = sql.ref(STREAKS[table])
  const { rows } = await sql<{ locked_until: Date | null }>`
    INSERT INTO ${t} (${column}, failures, last_failure_at, locked_until)
    VALUES (${key}, 1, ${now}, CASE WHEN 1 >= ${max} THEN ${lockUntil}::timestamptz ELSE NULL END)
    ON CONFLICT (${column}) DO UPDATE SET
      failures = CASE WHEN ${t}.last_failure_at <= ${streakStart} THEN 1 ELSE ${t}.failures + 1 END,
      last_failure_at = ${now},
      locked_until = CASE
        WHEN ${t}.last_failure_at > ${streakStart} AND ${t}.failures + 1 >= ${max}
        THEN ${lockUntil}::timestamptz ELSE NULL END
    WHERE ${t}.locked_until IS NULL OR ${t}.locked_until <= ${now}
    RETURNING locked_until`.execute(db)
  if (rows[0]) return { lockedUntil: null, lockStarted: rows[0].locked_until }
  const { rows: held } = await sql<{ locked_until: Date | null }>`
    SELECT locked_until FROM ${t} WHERE ${column} = ${key}`.execute(db)
  return { lockedUntil: held[0]?.locked_until ?? lockUntil, lockStarted: null }
}
