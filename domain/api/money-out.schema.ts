import { ErrorMessageSchema, messageKey } from '../error-message'
import { z } from 'zod'
import { CardStatusReasonSchema } from '../card-status-reason'
import { MovementReasonSchema } from '../movement-reason'
import { HISTORY_STATUSES, HISTORY_TYPES } from '../activity-kinds'
import { MovementTitleSchema } from '../movement-title'
import { DecimalString, HeldAssetSchema, IsoDateTime } from './common.schema'
import { plainName } from '../plain-name'

/**
 * How the holder confirmed: their password (web) or the native host's biometrics (native sessions only). `host`
 * answers a challenge from POST /auth/confirmations/challenge: its id, and the host's HMAC of it with the session's
 * confirm secret (domain/host-confirmation.ts). Without a valid, unused answer the server refuses it.
 */
export const ConfirmationSchema = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('password'),
    password: z.string().min(1, messageKey('enter_password_confirm')).max(200),
  }),
  z.object({ method: z.literal('host'), challengeId: z.uuid(), signature: z.string().min(1).max(100) }),
])

const Address = z.string().min(1, messageKey('enter_address_send')).max(100)

export const WithdrawalQuoteQuery = z.object({ asset: HeldAssetSchema, amount: DecimalString, address: Address })
export const WithdrawalQuoteResponse = z
  .object({
    asset: HeldAssetSchema,
    amount: DecimalString,
    fee: DecimalString,
    total: DecimalString,
    feeUsd: DecimalString,
    address: z.string(),
    network: z.string(),
    delaySeconds: z.number().int(),
    arrivalSeconds: z.number().int(),
  })
  .meta({ id: 'WithdrawalQuote' })
export const WithdrawalBody = z
  .object({
    asset: HeldAssetSchema,
    amount: DecimalString,
    address: Address,
    confirmation: ConfirmationSchema.optional(),
  })
  .meta({ id: 'WithdrawalBody' })
export const WithdrawalView = z
  .object({
    id: z.uuid(),
    asset: HeldAssetSchema,
    amount: DecimalString,
    fee: DecimalString,
    total: DecimalString,
    address: z.string(),
    status: z.enum(['delayed', 'broadcast', 'confirmed', 'failed', 'cancelled', 'replaced']),
    txHash: z.string().nullable(),
    failureReason: MovementReasonSchema.nullable(),
    releaseAt: IsoDateTime,
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
  })
  .meta({ id: 'Withdrawal' })
export const WithdrawalsResponse = z.object({ items: z.array(WithdrawalView) }).meta({ id: 'Withdrawals' })

export const PixSendQuoteBody = z
  .object({
    destination: z.string().trim().min(1, messageKey('enter_pix_key')).max(512),
    brlAmount: z.string().max(20).optional(),
  })
  .meta({ id: 'PixSendQuoteBody' })
export const PixPaymentView = z
  .object({
    id: z.uuid(),
    recipientName: z.string(),
    /**
     * The name came from the sandbox's made-up key directory (every server but production): show it as sandbox data.
     */
    recipientSandbox: z.boolean(),
    recipientCity: z.string(),
    key: z.string().nullable(),
    source: z.enum(['key', 'code']),
    brlAmount: DecimalString,
    rate: DecimalString,
    usdcAmount: DecimalString,
    feeUsdc: DecimalString,
    totalUsdc: DecimalString,
    status: z.enum(['quoted', 'completed']),
    endToEndId: z.string().nullable(),
    expiresAt: IsoDateTime,
  })
  .meta({ id: 'PixPayment' })
export const ConfirmBody = z.object({ confirmation: ConfirmationSchema.optional() }).meta({ id: 'ConfirmBody' })

/** A bank account holder's name, as the bank will read it. */
const HolderName = z.string().trim().min(1, messageKey('enter_holder_name')).max(140).check(plainName)

export const RecipientBody = z
  .discriminatedUnion('region', [
    z.object({
      region: z.literal('us'),
      name: HolderName,
      routingNumber: z.string().max(20),
      accountNumber: z.string().max(30),
    }),
    z.object({
      region: z.literal('eu'),
      name: HolderName,
      iban: z.string().max(50),
      bic: z.string().max(20).optional(),
    }),
  ])
  .meta({ id: 'RecipientBody' })
export const RecipientView = z
  .object({
    id: z.uuid(),
    region: z.enum(['us', 'eu']),
    name: z.string(),
    currency: z.enum(['USD', 'EUR']),
    masked: z.string(),
    bic: z.string().nullable(),
    source: z.enum(['manual', 'plaid']),
    institution: z.string().nullable(),
  })
  .meta({ id: 'Recipient' })
export const RecipientsResponse = z.object({ items: z.array(RecipientView) }).meta({ id: 'Recipients' })
export const BankSendQuoteQuery = z.object({ recipientId: z.uuid(), amount: DecimalString })
export const BankSendQuoteResponse = z
  .object({
    amount: DecimalString,
    fee: DecimalString,
    total: DecimalString,
    currency: z.enum(['USD', 'EUR']),
    recipientGets: DecimalString,
    etaSeconds: z.number().int(),
  })
  .meta({ id: 'BankSendQuote' })
export const BankSendBody = z
  .object({ recipientId: z.uuid(), amount: DecimalString, confirmation: ConfirmationSchema.optional() })
  .meta({ id: 'BankSendBody' })
export const BankSendView = z
  .object({
    id: z.uuid(),
    recipient: RecipientView,
    currency: z.enum(['USD', 'EUR']),
    amount: DecimalString,
    fee: DecimalString,
    total: DecimalString,
    recipientGets: DecimalString,
    status: z.enum(['processing', 'completed', 'returned']),
    returnReason: MovementReasonSchema.nullable(),
    etaAt: IsoDateTime,
    createdAt: IsoDateTime,
  })
  .meta({ id: 'BankSend' })
export const BankSendsResponse = z.object({ items: z.array(BankSendView) }).meta({ id: 'BankSends' })

const RepayAmount = z.union([z.literal('all'), DecimalString])
export const RepayQuery = z.object({ amount: RepayAmount })
export const RepayBody = z.object({ amount: RepayAmount }).meta({ id: 'RepayBody' })
export const RepayView = z
  .object({
    amount: DecimalString,
    debtBefore: DecimalString,
    debtAfter: DecimalString,
    borrowLimitBefore: DecimalString,
    borrowLimitAfter: DecimalString,
    /** Liquidation value ÷ debt; below 1.00 the position is liquidatable; null without debt. */
    healthBefore: DecimalString.nullable(),
    healthAfter: DecimalString.nullable(),
  })
  .meta({ id: 'Repay' })

export const PlaidInstitutionsResponse = z
  .object({ items: z.array(z.object({ id: z.string(), name: z.string() })) })
  .meta({ id: 'PlaidInstitutions' })
export const PlaidStartBody = z
  .object({
    institutionId: z.string().max(40),
    username: z.string().min(1, messageKey('enter_bank_username')).max(100),
    password: z.string().min(1, messageKey('enter_bank_password')).max(100),
  })
  .meta({ id: 'PlaidStartBody' })
export const PlaidStartResponse = z
  .object({
    sessionId: z.uuid(),
    /** `prompt` in English; `promptKey` says it as data for a page to word in its language. */
    mfa: z.object({ prompt: z.string(), promptKey: ErrorMessageSchema }),
  })
  .meta({ id: 'PlaidStart' })
export const PlaidMfaBody = z
  .object({ code: z.string().min(1, messageKey('enter_code')).max(12) })
  .meta({ id: 'PlaidMfaBody' })
export const PlaidLinkedResponse = z
  .object({
    publicToken: z.string(),
    institution: z.string(),
    accounts: z.array(z.object({ id: z.string(), name: z.string(), subtype: z.string(), mask: z.string() })),
  })
  .meta({ id: 'PlaidLinked' })
export const PlaidExchangeBody = z
  .object({ publicToken: z.string().max(100), plaidAccountId: z.string().max(40) })
  .meta({ id: 'PlaidExchangeBody' })

// Cards
const Limit = DecimalString.nullable().optional()
export const CardLimits = z.object({ perPurchase: Limit, daily: Limit, monthly: Limit })
export const CardView = z
  .object({
    id: z.uuid(),
    accountId: z.uuid(),
    cardholderUserId: z.uuid(),
    kind: z.enum(['virtual', 'physical']),
    status: z.enum(['active', 'frozen', 'cancelled']),
    /** In English; `statusReasonKey` says it as data for a page to word in its language. */
    statusReason: z.string().nullable(),
    statusReasonKey: CardStatusReasonSchema.nullable(),
    last4: z.string(),
    expiry: z.string(),
    nameOnCard: z.string(),
    limits: z.object({
      perPurchase: DecimalString.nullable(),
      daily: DecimalString.nullable(),
      monthly: DecimalString.nullable(),
    }),
    /** Physical cards: shipping and activation; null for virtual cards. */
    shipping: z
      .object({
        status: z.enum(['ordered', 'shipped', 'delivered', 'activated']),
        eta: IsoDateTime.nullable(),
        city: z.string(),
        country: z.string(),
        shippedAt: IsoDateTime.nullable(),
        deliveredAt: IsoDateTime.nullable(),
        activatedAt: IsoDateTime.nullable(),
      })
      .nullable(),
    orderFee: DecimalString,
  })
  .meta({ id: 'Card' })
export const CardsResponse = z.object({ items: z.array(CardView) }).meta({ id: 'Cards' })
export const IssueCardBody = z
  .object({ cardholderUserId: z.uuid().optional(), limits: CardLimits.optional() })
  .meta({ id: 'IssueCardBody' })
export const CardAuthorizationView = z
  .object({
    id: z.uuid(),
    cardId: z.uuid(),
    cardLast4: z.string(),
    amount: DecimalString,
    clearedAmount: DecimalString.nullable(),
    refundedAmount: DecimalString,
    merchantName: z.string(),
    merchantCity: z.string(),
    mcc: z.string(),
    status: z.enum(['approved', 'declined', 'cleared', 'reversed', 'expired', 'refunded']),
    declineReason: z.string().nullable(),
    declineMessage: z.string().nullable(),
    holdExpiresAt: IsoDateTime.nullable(),
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
  })
  .meta({ id: 'CardAuthorization' })
export const CardAuthorizationsResponse = z
  .object({ items: z.array(CardAuthorizationView) })
  .meta({ id: 'CardAuthorizations' })
export const SandboxPurchaseBody = z
  .object({
    amount: DecimalString,
    merchantName: z.string().min(1).max(60),
    merchantCity: z.string().max(40).default('LISBOA'),
    mcc: z
      .string()
      .regex(/^\d{4}$/)
      .default('5812'),
    networkTimeout: z
      .boolean()
      .default(false)
      .meta({
        description:
          'The network gives up at once: it declines to the merchant ' +
          'and sends the issuer a timeout advice for what it asked',
      }),
  })
  .meta({ id: 'SandboxPurchase' })
export const SandboxPurchaseResponse = z.object({
  networkId: z.string(),
  approved: z.boolean(),
  reason: z.string().optional(),
  message: z.string().optional(),
})

// History
export const HistoryQuerySchema = z.object({
  type: z.enum(HISTORY_TYPES).optional(),
  status: z.enum(HISTORY_STATUSES).optional(),
  q: z.string().trim().max(80).optional(),
  before: z.string().max(100).optional(),
  /** Only this card's purchases (the card page's recent activity). */
  cardId: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
})
export const HistoryItem = z.object({
  type: z.string(),
  id: z.string(),
  title: MovementTitleSchema,
  status: z.string(),
  amount: z.string(),
  asset: HeldAssetSchema,
  createdAt: IsoDateTime,
  reason: MovementReasonSchema.nullable(),
})
export const HistoryResponse = z
  .object({ items: z.array(HistoryItem), nextCursor: z.string().nullable() })
  .meta({ id: 'History' })
export type HistoryResponse = z.infer<typeof HistoryResponse>
export const HistoryDetail = HistoryItem.extend({
  timeline: z.array(z.object({ step: z.string(), at: IsoDateTime.nullable() })),
  details: z.record(z.string(), z.string().nullable()),
  /** A card purchase's later additions (a tip, a hotel's extra nights), each approved or declined with its reason. */
  increments: z.array(
    z.object({ amount: DecimalString, approved: z.boolean(), reason: MovementReasonSchema.nullable() }),
  ),
}).meta({ id: 'HistoryDetail' })

export const LimitsBody = z
  .object({ daily: DecimalString, monthly: DecimalString, confirmation: ConfirmationSchema.optional() })
  .meta({ id: 'LimitsBody' })
