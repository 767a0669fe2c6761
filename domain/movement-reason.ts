import { z } from 'zod'
import { DECLINE_REASONS, type DeclineReason } from './authorization'
import { BaseUnits, keyedBuilder, keyedSchema, type Keyed, type KeyedOf } from './keyed-data'

/**
 * Why a movement did not go as asked (a card decline, a returned transfer, a failed withdrawal or bridge), as data
 * like its title (domain/movement-title.ts): the server stores and sends `{ key, ...params }`, each page words it
 * (domain/movement-words.ts). A provider's own words (a bank's return note) are a `note`, shown as written once made
 * one plain line at its webhook (toPlainText, domain/plain-name.ts).
 */
export const MOVEMENT_REASONS = {
  decline: { code: z.enum(Object.keys(DECLINE_REASONS) as [DeclineReason, ...DeclineReason[]]) },
  /** A third party's incoming transfer over the cap, sent back; `cap` in USDC base units. */
  third_party_cap: { cap: BaseUnits },
  bank_returned: {},
  network_rejected: {},
  bridge_failed: {},
  liquidated: {},
  reserved_for_card: {},
  /** A withdrawal in its security delay whose requester was removed from the company. */
  requester_left: {},
  /** A withdrawal in its security delay whose requester's role no longer sends money (made a member). */
  requester_may_not_send: {},
  support_cancelled: { reason: z.string() },
  /** A clearing or refund from the card network that did not match (a failed recon), and why. */
  recon_no_authorization: {},
  recon_authorization_not_open: {
    status: z.enum(['approved', 'declined', 'cleared', 'reversed', 'expired', 'refunded']),
  },
  /** Cleared more than the tolerance away from what was authorized; both in USDC base units. */
  recon_outside_tolerance: { cleared: BaseUnits, authorized: BaseUnits },
  recon_refund_without_purchase: {},
  /**
   * A clearing over what was authorized (a tip) beyond the holder's free cash: they paid `charged` of `cleared`, the
   * rest waits for an admin; both in USDC base units.
   */
  recon_over_capture_unfunded: { cleared: BaseUnits, charged: BaseUnits },
  /** A refund that would take what was refunded past what was cleared; both in USDC base units, before it. */
  recon_refund_over_purchase: { refunded: BaseUnits, cleared: BaseUnits },
  note: { text: z.string() },
} as const satisfies Record<string, z.ZodRawShape>

export type MovementReasonKey = keyof typeof MOVEMENT_REASONS
export type MovementReasonOf<K extends MovementReasonKey> = KeyedOf<typeof MOVEMENT_REASONS, K>
export type MovementReason = Keyed<typeof MOVEMENT_REASONS>

/** A movement's reason as the API sends it: `{ key, ...params }`. */
export const MovementReasonSchema = keyedSchema(MOVEMENT_REASONS, 'MovementReason')

/** A reason with these parameters, checked by the type system at each call. */
export const reason = keyedBuilder<typeof MOVEMENT_REASONS>()

/** A card decline's code as a reason: a code the engine declines with, anything else kept as written. */
export const declineReason = (code: string): MovementReason =>
  Object.hasOwn(DECLINE_REASONS, code)
    ? reason('decline', { code: code as DeclineReason })
    : reason('note', { text: code })

/** A reason as its column stores it (JSON text). */
export const storedReason = (r: MovementReason) => JSON.stringify(r)
