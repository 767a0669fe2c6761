import { say } from '../../domain/error-message'
import { createHmac } from 'node:crypto'
import type { z } from 'zod'
import type { ConfirmationSchema } from '../../domain/api/money-out.schema'
import { cardNumberFrom, REVEAL_SECONDS } from '../../domain/card-details'
import { DomainError } from '../../domain/errors'
import { verifyConfirmation } from '../auth/confirm'
import type { Deps, Principal } from '../http/route-table'
import type { Tx } from '../db/connect'
import { cardFor } from './card-service'

/** Decimal digits from an HMAC of the card id under the server secret: the sandbox issuer's vault. */
function digits(secret: string, label: string, cardId: string, count: number): string {
  const mac = createHmac('sha256', secret).update(`cash-card-details:${label}:${cardId}`).digest()
  let out = ''
  for (let i = 0; out.length < count; i++) out += String(mac[i % mac.length]! % 10)
  return out
}

/**
 * The full number, CVV and expiry, for the cardholder only and after they confirm (password, or the host's
 * biometrics). Derived each time from the server secret and the card id; never stored, never logged.
 */
export async function revealCard(
  deps: Deps,
  db: Tx,
  principal: Principal,
  cardId: string,
  confirmation: z.infer<typeof ConfirmationSchema> | undefined,
) {
  const { card } = await cardFor(db, principal, cardId)
  if (card.cardholder_user_id !== principal.userId)
    throw new DomainError('forbidden', say('only_cardholder_sees_details'))
  if (card.status === 'cancelled') throw new DomainError('invalid_request', say('card_cancelled_details'))
  await verifyConfirmation(deps, db, principal, confirmation)
  const secret = deps.config.WEBHOOK_SECRET
  return {
    number: cardNumberFrom(digits(secret, 'pan', card.id, 5), card.last4),
    cvv: digits(secret, 'cvv', card.id, 3),
    expiry: `${String(card.expiry_month).padStart(2, '0')}/${String(card.expiry_year).slice(-2)}`,
    nameOnCard: card.name_on_card,
    hideAfterSeconds: REVEAL_SECONDS,
  }
}
