import { ErrorMessageSchema, messageKey } from '../error-message'
import { z } from 'zod'
import { plainText } from '../plain-name'
import { ACCOUNT_TIERS, VERIFICATION_STATUSES } from '../card-issuing'
import { DecimalString } from './common.schema'
import { ConfirmationSchema } from './money-out.schema'

const regionNames = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'region' }) : null
/** An ISO 3166-1 alpha-2 code the runtime knows as a region (unknown codes come back unchanged). */
const isCountry = (code: string) => {
  try {
    return regionNames === null || regionNames.of(code) !== code
  } catch {
    return false
  }
}

/** Where a physical card ships. Each field carries the message the page shows at it. */
export const ShippingAddressSchema = z
  .object({
    line1: z
      .string()
      .trim()
      .min(1, messageKey('enter_street_number'))
      .max(100, messageKey('keep_under_100_characters'))
      .check(plainText),
    line2: z.string().trim().max(100, messageKey('keep_under_100_characters')).check(plainText).optional(),
    city: z
      .string()
      .trim()
      .min(1, messageKey('enter_city'))
      .max(60, messageKey('keep_under_60_characters'))
      .check(plainText),
    region: z
      .string()
      .trim()
      .min(1, messageKey('enter_state_region'))
      .max(60, messageKey('keep_under_60_characters'))
      .check(plainText),
    postalCode: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{1,10}$/, messageKey('enter_postal_code')),
    country: z
      .string()
      .trim()
      .toUpperCase()
      .min(1, messageKey('choose_country'))
      .regex(/^[A-Z]{2}$/, messageKey('use_country_code'))
      .refine(isCountry, messageKey('country_code_unknown')),
  })
  .meta({ id: 'ShippingAddress' })
export type ShippingAddress = z.output<typeof ShippingAddressSchema>

export const OrderPhysicalCardBody = z
  .object({
    cardholderUserId: z.uuid().optional(),
    shipping: ShippingAddressSchema,
    confirmation: ConfirmationSchema.optional(),
  })
  .meta({ id: 'OrderPhysicalCardBody' })

export const VerificationGateView = z.object({
  check: z.enum(['kyc', 'kyb']),
  status: z.enum(VERIFICATION_STATUSES),
  approved: z.boolean(),
  link: z.string(),
  /** In English; `says` is the same as data, for a page to word in its language. */
  message: z.string().nullable(),
  says: ErrorMessageSchema.nullable(),
})
export const CardOrderingView = z
  .object({
    verification: VerificationGateView,
    tier: z.enum(ACCOUNT_TIERS),
    virtual: z.object({ count: z.number().int(), max: z.number().int() }),
    physical: z.object({
      count: z.number().int(),
      max: z.number().int(),
      fee: DecimalString,
      etaDays: z.number().int(),
    }),
  })
  .meta({ id: 'CardOrdering' })

export const ActivateCardBody = z
  .object({
    last4: z
      .string()
      .trim()
      .regex(/^\d{4}$/, messageKey('enter_card_last4')),
  })
  .meta({ id: 'ActivateCardBody' })
export const RevealCardBody = z.object({ confirmation: ConfirmationSchema.optional() }).meta({ id: 'RevealCardBody' })
export const CardDetailsView = z
  .object({
    number: z.string().regex(/^\d{16}$/),
    cvv: z.string().regex(/^\d{3}$/),
    expiry: z.string(),
    nameOnCard: z.string(),
    hideAfterSeconds: z.number().int(),
  })
  .meta({ id: 'CardDetails' })

export const SandboxIncrementBody = z.object({ amount: DecimalString }).meta({ id: 'SandboxIncrement' })
export const SandboxIncrementResponse = z.object({
  incrementId: z.string(),
  approved: z.boolean(),
  total: DecimalString,
  reason: z.string().optional(),
  message: z.string().optional(),
})
