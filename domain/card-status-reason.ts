import { z } from 'zod'
import { keyedBuilder, keyedSchema, type Keyed, type KeyedOf } from './keyed-data'
import type { Language } from './word-format'

/**
 * Why a card is frozen or cancelled, as data like a movement's title (domain/movement-title.ts): the server stores
 * `{ key, ...params }` in cards.status_reason and each page words it in its language. An admin's reason and a
 * company's name are someone's own words, shown as written.
 */
const Stopped = z.enum(['frozen', 'cancelled'])

export const CARD_STATUS_REASONS = {
  /** The cardholder or a manager froze or cancelled it in the app. */
  by_you: { status: Stopped },
  /** Cash's staff did, with the admin's reason (empty when they gave none). */
  by_cash: { status: Stopped, reason: z.string() },
  /** The cardholder was removed from the company the card is on. */
  left_company: { company: z.string() },
  /** Words of no known shape, kept as written. */
  note: { text: z.string() },
} as const satisfies Record<string, z.ZodRawShape>

export type CardStatusReasonKey = keyof typeof CARD_STATUS_REASONS
export type CardStatusReason = Keyed<typeof CARD_STATUS_REASONS>

/** A card's status reason as the API sends it (`statusReasonKey`): `{ key, ...params }`. */
export const CardStatusReasonSchema = keyedSchema(CARD_STATUS_REASONS, 'CardStatusReason')

/** A status reason with these parameters, checked by the type system at each call. */
export const cardStatusReason = keyedBuilder<typeof CARD_STATUS_REASONS>()

type Catalog = {
  [K in CardStatusReasonKey]: (r: KeyedOf<typeof CARD_STATUS_REASONS, K>) => string
}

const EN: Catalog = {
  by_you: (r) => (r.status === 'frozen' ? 'Frozen by you.' : 'Cancelled by you.'),
  by_cash: (r) => `${r.status === 'frozen' ? 'Frozen' : 'Cancelled'} by Cash${r.reason ? `: ${r.reason}` : '.'}`,
  left_company: (r) => `Frozen: the cardholder left ${r.company}`,
  note: (r) => r.text,
}

const PT_BR: Catalog = {
  by_you: (r) => (r.status === 'frozen' ? 'Congelado por você.' : 'Cancelado por você.'),
  by_cash: (r) => `${r.status === 'frozen' ? 'Congelado' : 'Cancelado'} pela Cash${r.reason ? `: ${r.reason}` : '.'}`,
  left_company: (r) => `Congelado: o titular saiu da empresa ${r.company}`,
  note: (r) => r.text,
}

/**
 * Whether a card stopped for this reason may only be cancelled: one frozen because its holder left the company, who
 * may still know its number, is never unfrozen (nor frozen again, which would replace the reason that keeps it so).
 * The server refuses the rest (server/cards/card-service.ts); pages offer Cancel alone.
 */
export const onlyCancellable = (reason: CardStatusReason | null | undefined): boolean => reason?.key === 'left_company'

/** A card's status reason in `language`. */
export function cardStatusReasonText(r: CardStatusReason, language: Language): string {
  const catalog = language === 'pt-BR' ? PT_BR : EN
  return (catalog[r.key] as (r: CardStatusReason) => string)(r)
}
