import { z } from 'zod'
import { DECLINE_REASONS, type DeclineReason } from './authorization'

/**
 * Why a movement did not go as asked (a card decline, a returned transfer, a failed withdrawal or bridge), as data
 * like its title (domain/movement-title.ts): the server stores and sends `{ key, ...params }`, each page words it
 * (domain/movement-words.ts). A provider's own words (a bank's return note) are a `note`, shown as written.
 */
const Units = z.string().regex(/^\d+$/)

export const MOVEMENT_REASONS = {
  decline: { code: z.enum(Object.keys(DECLINE_REASONS) as [DeclineReason, ...DeclineReason[]]) },
  /** A third party's incoming transfer over the cap, sent back; `cap` in USDC base units. */
  third_party_cap: { cap: Units },
  bank_returned: {},
  network_rejected: {},
  bridge_failed: {},
  liquidated: {},
  reserved_for_card: {},
  support_cancelled: { reason: z.string() },
  note: { text: z.string() },
} as const satisfies Record<string, z.ZodRawShape>

export type MovementReasonKey = keyof typeof MOVEMENT_REASONS
type Params<K extends MovementReasonKey> = z.infer<z.ZodObject<(typeof MOVEMENT_REASONS)[K]>>
export type MovementReasonOf<K extends MovementReasonKey> = { key: K } & Params<K>
export type MovementReason = { [K in MovementReasonKey]: MovementReasonOf<K> }[MovementReasonKey]

const variants = Object.entries(MOVEMENT_REASONS).map(([key, shape]) =>
  z.object({ key: z.literal(key), ...shape }),
) as unknown as [z.ZodObject<{ key: z.ZodLiteral<MovementReasonKey> }>]

/** A movement's reason as the API sends it: `{ key, ...params }`. */
export const MovementReasonSchema = z
  .discriminatedUnion('key', variants)
  .meta({ id: 'MovementReason' }) as unknown as z.ZodType<MovementReason>

/** A reason with these parameters, checked by the type system at each call. */
export function reason<K extends MovementReasonKey>(key: K, params: Params<K>): MovementReasonOf<K> {
  return { key, ...params } as MovementReasonOf<K>
}

/** A reason as its column stores it (JSON text). */
export const storedReason = (r: MovementReason) => JSON.stringify(r)
