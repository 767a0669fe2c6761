import { z } from 'zod'
import { ASSETS, type Asset } from './asset'
import { ERRORS, type ErrorCode } from './errors'
import { BaseUnits, keyedBuilder, type Keyed, type KeyedOf } from './keyed-data'
import { PLAIN_MESSAGES_EN } from './plain-messages-en'

/** Any asset an amount can be in: its base units are worded by its decimals. */
const AssetName = z.enum(Object.keys(ASSETS) as [Asset, ...Asset[]])

/**
 * What an error says, as data the page words in its language (domain/error-words.ts): an error code's own message
 * (`{ key: 'iban_checksum' }`), a plain message with no figures (`{ key: 'enter_city' }`), or one of the kinds below
 * with its parameters (`{ key: 'min_chars', min: 10 }`, amounts in base units). The server sends these beside its
 * English (`messageKey`, `fieldKeys`); nothing parses the English back.
 */
export const ERROR_MESSAGE_PARAMS = {
  /** zod's own issues, from their code and limits. */
  min_chars: { min: z.number() },
  max_chars: { max: z.number() },
  choose_at_least: { min: z.number() },
  choose_at_most: { max: z.number() },
  minimum: { min: z.string() },
  maximum: { max: z.string() },
  /** Some details of a request (its form, query or path) are missing or not valid. */
  details_invalid: { where: z.enum(['form', 'query', 'path']) },
  request_too_large: { kb: z.number() },
  more_than_free: { asset: AssetName, free: BaseUnits },
  /** More than the free balance once the fee is added; `free` in base units of `asset`. */
  more_than_free_with_fee: { asset: AssetName, free: BaseUnits },
  not_enough_free: { asset: AssetName, free: BaseUnits },
  more_than_available: { asset: AssetName },
  overdraw: { asset: AssetName },
  more_than_position: { asset: AssetName, owned: BaseUnits },
  /** A manual refund over what one admin may ask for in 24 hours; both in USDC base units. */
  refund_cap: { cap: BaseUnits, left: BaseUnits },
  you_owe: { debt: BaseUnits },
  usdc_free: { free: BaseUnits },
  threshold_range: { max: z.number() },
  no_account_found: { text: z.string() },
  no_account_found_hint: { text: z.string() },
  nothing_found_for: { q: z.string() },
  nothing_found_hint: { q: z.string() },
  card_already: { status: z.string() },
  hold_already: { status: z.string() },
  shipping_already: { status: z.string() },
  authorization_no_pending_hold: { status: z.string() },
  identity_application_unknown: { reference: z.string() },
  /** A file not of the accepted types: JPEG or PNG, and PDF too for company documents. */
  file_not_type: { pdf: z.boolean() },
  min_age: { years: z.number() },
  owner_shares_over: { total: z.string() },
  card_count: { tier: z.string(), kind: z.string(), max: z.number() },
  card_count_hint: { tier: z.string(), kind: z.string(), max: z.number() },
  password_min: { min: z.number() },
  at_most_bps: { max: z.number() },
  iban_country_unsupported: { country: z.string() },
  iban_length_for: { country: z.string(), length: z.number(), actual: z.number() },
  /** The account is frozen, with the admin's reason (their words, as written). */
  account_frozen_because: { reason: z.string() },
  hold_already_nothing_to_release: { status: z.string() },
  recon_already: { status: z.string(), at: z.string().optional() },
  /** Borrowed debt left, and card purchases made in Borrow mode still holding (USDC base units). */
  debt_and_borrow_holds: { holds: BaseUnits },
  card_fee_not_covered: { fee: BaseUnits },
  cashback_cut_notice: { earliest: z.string() },
  file_uploaded_as: { was: z.string(), wanted: z.string() },
  tier_no_reward: { tier: z.string() },
  code_wrong_tries_left: { left: z.number() },
  feedback_per_hour: { max: z.number(), retryAt: z.string() },
  not_enough_with_fee: { asset: AssetName, free: BaseUnits, total: BaseUnits },
  /** `reason`: a reviewer's words, as written; or the `document` asked for (a DocumentKind) and the `owner`'s. */
  verification_gate: {
    check: z.string(),
    status: z.string(),
    purpose: z.string(),
    reason: z.string().optional(),
    document: z.string().optional(),
    owner: z.string().optional(),
  },
  /** Words meant for a provider or an operator, not for a holder (a webhook's refusal), shown as written. */
  note: { text: z.string() },
} as const satisfies Record<string, z.ZodRawShape>

export type ParamKey = keyof typeof ERROR_MESSAGE_PARAMS
export type PlainKey = keyof typeof PLAIN_MESSAGES_EN
export type ErrorMessageOf<K extends ParamKey> = KeyedOf<typeof ERROR_MESSAGE_PARAMS, K>
export type ErrorMessage = { key: ErrorCode } | { key: PlainKey } | Keyed<typeof ERROR_MESSAGE_PARAMS>

/** Field-level messages as data, keyed by the field's path: `{ iban: { key: 'iban_checksum' } }`. */
export type FieldMessages = Record<string, ErrorMessage>

/** An error's message as the API sends it: `{ key, ...params }`. */
export const ErrorMessageSchema = z
  .union([
    // Lazy: errors.ts, which this reads, imports this module's neighbours while it loads.
    z.lazy(() => z.object({ key: z.enum([...Object.keys(ERRORS), ...Object.keys(PLAIN_MESSAGES_EN)]) })),
    ...Object.entries(ERROR_MESSAGE_PARAMS).map(([key, shape]) => z.object({ key: z.literal(key), ...shape })),
  ])
  .meta({ id: 'ErrorMessage' }) as unknown as z.ZodType<ErrorMessage>

const withParams = keyedBuilder<typeof ERROR_MESSAGE_PARAMS>()

/** A message as data: `say('enter_city')`, `say('min_chars', { min: 10 })`. The type system checks the params. */
export function say(key: ErrorCode | PlainKey): ErrorMessage
export function say<K extends ParamKey>(key: K, params: Omit<ErrorMessageOf<K>, 'key'>): ErrorMessage
export function say(key: string, params?: object): ErrorMessage {
  return (params ? withParams(key as ParamKey, params as never) : { key }) as ErrorMessage
}

/** A plain message's key where zod takes a message (`.min(1, messageKey('enter_city'))`): checked, still a key. */
export const messageKey = (key: ErrorCode | PlainKey): string => key

/** The kinds whose one parameter is the limit a zod check broke: the issue gives it (`.max(1000, limitKey(…))`). */
const LIMIT_KINDS = { at_most_bps: 'max', min_chars: 'min', max_chars: 'max' } as const
export type LimitKey = keyof typeof LIMIT_KINDS

/** A kind worded with the limit of the check it is given to, where zod takes a message. */
export const limitKey = (key: LimitKey): string => key

/** The message of an issue a `limitKey` was given to, with the limit; null for any other message. */
export function limitMessage(message: string, limit: unknown): ErrorMessage | null {
  if (!Object.hasOwn(LIMIT_KINDS, message)) return null
  const key = message as LimitKey
  return { key, [LIMIT_KINDS[key]]: Number(limit) } as ErrorMessage
}

/** Whether zod's message on an issue is one of our keys (a schema gave it), not zod's own default. */
export const isMessageKey = (message: string): message is ErrorCode | PlainKey =>
  Object.hasOwn(PLAIN_MESSAGES_EN, message) || Object.hasOwn(ERRORS, message)
