import { DomainError, type ErrorCode } from '../../domain/errors'

/**
 * Unique constraints that stand for a rule two requests can race for. The services take the account's lock
 * before checking these rules, so a violation here means a path that forgot to: the request is refused as a
 * conflict, not answered 500. Any other unique violation is a bug and stays a 500.
 */
const RACED_CONSTRAINTS: Partial<Record<string, ErrorCode>> = {
  withdrawals_one_pending: 'withdrawal_pending',
}

/** SQLSTATEs PostgreSQL answers when one of two overlapping transactions must give way; retrying is safe. */
const GIVE_WAY = new Set(['40001', '40P01']) // serialization_failure, deadlock_detected

/**
 * The refusal a database error stands for, or null when it is a real failure. Both drivers (pg and PGlite)
 * report the SQLSTATE as `code` and the violated constraint as `constraint`. The request's transaction has
 * rolled back, its Idempotency-Key with it, so a retry with the same key runs afresh.
 */
export function refusalForDatabaseError(error: unknown): DomainError | null {
  if (typeof error !== 'object' || error === null || error instanceof DomainError) return null
  const { code, constraint } = error as { code?: unknown; constraint?: unknown }
  if (code === '23505' && typeof constraint === 'string') {
    const refusal = RACED_CONSTRAINTS[constraint]
    return refusal ? new DomainError(refusal, undefined, undefined, { retryable: true }) : null
  }
  if (typeof code === 'string' && GIVE_WAY.has(code))
    return new DomainError('conflict', undefined, undefined, { retryable: true })
  return null
}
