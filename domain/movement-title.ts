import { z } from 'zod'
import { HELD_ASSETS } from './asset'
import { ACCOUNT_TIERS } from './card-issuing'
import { BaseUnits, keyedBuilder, keyedSchema, type Keyed, type KeyedOf } from './keyed-data'

/**
 * What a movement is, as data: a kind of title and the names, amounts and dates in it. The server stores it with
 * the movement (journals.title, holds.title) and sends it as it is; each page words it in its own language
 * (domain/movement-words.ts), formatting amounts and dates the page's way. Nothing the server writes is a sentence.
 *
 * Amounts are base units of their asset as integer strings (`"12500000"` USDC is $12.50), days `YYYY-MM-DD`,
 * months `YYYY-MM`. Names (a merchant, a recipient, an admin's reason) are the words someone else chose, shown as
 * they are. Adding a kind is adding it here and wording it in every language (the type system asks for both).
 */
const Asset = z.enum(HELD_ASSETS)
const Name = z.string()
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)
const Month = z.string().regex(/^\d{4}-\d{2}$/)

export const MOVEMENT_TITLES = {
  /** A card purchase as its authorization shows: the merchant's name and nothing else. */
  merchant: { merchant: Name },
  /** A card purchase's or adjustment's journal. */
  card: { merchant: Name },
  /** A seeded or imported purchase that was paid with borrowed money. */
  card_borrowed: { merchant: Name },
  card_refund: { merchant: Name, cashbackReturned: BaseUnits.optional() },
  deposit: { asset: Asset },
  sent_out: { asset: Asset },
  withdrawal: { asset: Asset, address: Name },
  withdrawal_returned: { asset: Asset },
  pix_top_up: { brl: BaseUnits },
  pix_to: { name: Name },
  bank_in: { rail: z.enum(['ach', 'sepa', 'wire']), name: Name },
  bank_out: { rail: z.enum(['ach', 'sepa']), name: Name },
  bank_returned: {},
  bridge: { asset: Asset, chain: Name, bridge: z.enum(['stargate', 'etherfi']) },
  repay: {},
  borrow_interest: { day: Day, debt: BaseUnits },
  liquidation: { repaid: BaseUnits },
  convert: { from: Asset, fromAmount: BaseUnits, to: Asset, toAmount: BaseUnits },
  stake: { from: Asset, fromAmount: BaseUnits, to: Asset, toAmount: BaseUnits },
  earn_deposit: { asset: Asset, amount: BaseUnits, vault: Name },
  earn_withdrawal: { asset: Asset, amount: BaseUnits, vault: Name },
  cashback: { source: z.enum(['card', 'promotion', 'referral']), merchant: Name.optional() },
  cashback_pool_funded: {},
  referral_cashback: {},
  membership_reward: { tier: z.enum(ACCOUNT_TIERS), month: Month },
  physical_card_fee: { name: Name },
  cash_refund: { reason: Name },
  recon_write_off: { reason: Name },
  recon_refund: { merchant: Name.nullable(), reason: Name },
  /** Membership points for weETH held through a day, worth `usd` (USDC base units) then. */
  weeth_held: { day: Day, usd: BaseUnits },
  /** Words someone chose for the movement (an operator's transfer), or a title written before titles were data. */
  note: { text: Name },
} as const satisfies Record<string, z.ZodRawShape>

export type MovementTitleKey = keyof typeof MOVEMENT_TITLES
export type MovementTitleOf<K extends MovementTitleKey> = KeyedOf<typeof MOVEMENT_TITLES, K>
export type MovementTitle = Keyed<typeof MOVEMENT_TITLES>

/** A movement's title as the API sends it: `{ key, ...params }`. */
export const MovementTitleSchema = keyedSchema(MOVEMENT_TITLES, 'MovementTitle')

/** A title with these parameters, checked by the type system at each call. */
export const title = keyedBuilder<typeof MOVEMENT_TITLES>()

/**
 * The parameters a history search looks into: names people would type (a merchant, a recipient, an asset, a
 * chain). Amounts and days are not searched as digits of base units.
 */
export const SEARCHED_PARAMS = ['merchant', 'name', 'asset', 'chain', 'reason', 'text', 'from', 'to'] as const
