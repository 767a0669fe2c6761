import type { ErrorMessage, FieldMessages } from '../../domain/error-message'
import type { ErrorCode } from '../../domain/errors'
import { DomainError } from '../../domain/errors'
import type { Tx } from '../db/connect'

/**
 * A refusal that still leaves something behind: a money-moving request's transaction rolls back when it is
 * refused, so `afterRollback` runs on its own afterwards (an expired quote is refused with a fresh quote that
 * must be stored to be executable).
 */
export class RefusalWithFollowUp extends DomainError {
  constructor(
    code: ErrorCode,
    says: ErrorMessage | undefined,
    fields: FieldMessages | undefined,
    details: Record<string, unknown>,
    readonly afterRollback: (db: Tx) => Promise<void>,
  ) {
    super(code, says, fields, details)
  }
}
