import type { z } from 'zod'
import type { ConfirmationSchema } from '../../domain/api/money-out.schema'
import { DomainError } from '../../domain/errors'
import type { Principal } from '../http/route-table'
import type { Tx } from '../ledger/ledger-service'
import { verifyPassword } from './password'

/**
 * Checks how the holder approved a money movement: their password (the web), or the native host's
 * biometric confirm. `host` is accepted only on a native session (bearer token): that session lives on the
 * device that ran the biometric check; a web page can never claim it.
 */
export type Confirmation = z.infer<typeof ConfirmationSchema>

export async function verifyConfirmation(db: Tx, principal: Principal, confirmation: Confirmation | undefined): Promise<void> {
  if (!confirmation) throw new DomainError('confirmation_required', undefined, { password: 'Enter your password to confirm.' })
  if (confirmation.method === 'host') {
    if (principal.transport !== 'bearer') throw new DomainError('confirmation_required', undefined, { password: 'Enter your password to confirm.' })
    return
  }
  const user = await db.selectFrom('users').select('password_hash').where('id', '=', principal.userId).executeTakeFirstOrThrow()
  if (!(await verifyPassword(confirmation.password, user.password_hash))) throw new DomainError('confirmation_failed', undefined, { password: 'That password is not right.' })
}
