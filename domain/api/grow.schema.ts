import { limitKey, messageKey } from '../error-message'
import { z } from 'zod'
import { plainText } from '../plain-name'
import { MAX_VAULT_APY_BPS, VAULT_IDS } from '../grow'
import { DecimalString, HeldAssetSchema, IsoDateTime } from './common.schema'
import { ConfirmationSchema } from './money-out.schema'

export const ConvertQuoteBody = z
  .object({ from: HeldAssetSchema, to: HeldAssetSchema, amount: DecimalString })
  .refine((b) => b.from !== b.to, { path: ['to'], message: messageKey('choose_different_asset') })
  .meta({ id: 'ConvertQuoteBody' })

export const StakeQuoteBody = z.object({ amount: DecimalString }).meta({ id: 'StakeQuoteBody' })

export const QuoteView = z
  .object({
    id: z.uuid(),
    kind: z.enum(['convert', 'stake']),
    from: HeldAssetSchema,
    to: HeldAssetSchema,
    amountIn: DecimalString,
    /** What the holder receives, spread taken. */
    amountOut: DecimalString,
    /** `to` for one whole `from` at the price-book rate, before the spread. */
    rate: DecimalString,
    spreadPercent: z.string(),
    /** The spread in the asset received, and in US dollars. */
    spread: DecimalString,
    spreadUsd: DecimalString,
    expiresAt: IsoDateTime,
    ttlSeconds: z.number().int(),
  })
  .meta({ id: 'ConversionQuote' })
export type QuoteView = z.infer<typeof QuoteView>

export const ExecuteQuoteBody = z
  .object({ quoteId: z.uuid(), confirmation: ConfirmationSchema.optional() })
  .meta({ id: 'ExecuteQuoteBody' })

export const ConversionResult = z
  .object({ quote: QuoteView, journalId: z.uuid(), executedAt: IsoDateTime })
  .meta({ id: 'Conversion' })

/** The details of a `quote_expired` refusal: the fresh quote to offer at once. */
export const QuoteExpiredDetails = z.object({ freshQuote: QuoteView })

export const VaultIdSchema = z.enum(VAULT_IDS)

export const VaultAmountBody = z
  .object({ vault: VaultIdSchema, amount: DecimalString, confirmation: ConfirmationSchema.optional() })
  .meta({ id: 'VaultAmountBody' })

export const VaultWithdrawalView = z
  .object({
    id: z.uuid(),
    vault: VaultIdSchema,
    asset: HeldAssetSchema,
    requestedAmount: DecimalString,
    /** What the queued shares are worth now; paid at the share price at settlement. */
    currentValue: DecimalString,
    paidAmount: DecimalString.nullable(),
    status: z.enum(['queued', 'paid', 'cancelled']),
    settleAt: IsoDateTime,
    createdAt: IsoDateTime,
  })
  .meta({ id: 'VaultWithdrawal' })

export const VaultView = z.object({
  vault: VaultIdSchema,
  asset: HeldAssetSchema,
  apyPercent: z.string(),
  sharePrice: z.string(),
  shares: DecimalString,
  value: DecimalString,
  valueUsd: DecimalString,
  yieldEarned: DecimalString,
  /** Daily points over the last 30 days: the share price and what today's shares were worth then. */
  history: z.array(z.object({ at: IsoDateTime, apyPercent: z.string(), sharePrice: z.string(), value: DecimalString })),
})

export const EarnResponse = z
  .object({
    vaults: z.array(VaultView),
    withdrawals: z.array(VaultWithdrawalView),
    settlementSeconds: z.number().int(),
    weeth: z.object({ balance: DecimalString, valueUsd: DecimalString, rate: DecimalString }),
  })
  .meta({ id: 'Earn' })
export type EarnResponse = z.infer<typeof EarnResponse>

export const VaultDepositResult = z
  .object({
    vault: VaultIdSchema,
    amount: DecimalString,
    shares: DecimalString,
    sharePrice: z.string(),
    journalId: z.uuid(),
  })
  .meta({ id: 'VaultDeposit' })

/** An admin's change of a Liquid vault's APY, in basis points (from now on; audited). */
export const VaultApyBody = z
  .object({
    apyBps: z
      .number({ error: messageKey('enter_apy_bps') })
      .int(messageKey('enter_apy_bps'))
      .min(0, messageKey('apy_negative'))
      .max(MAX_VAULT_APY_BPS, limitKey('at_most_bps')),
    reason: z.string().trim().max(200).check(plainText).nullable().default(null),
  })
  .meta({ id: 'VaultApyBody' })
export const VaultApyView = z
  .object({
    vault: VaultIdSchema,
    apyPercent: z.string(),
    apyBps: z.number().int(),
    sharePrice: z.string(),
    effectiveFrom: IsoDateTime,
  })
  .meta({ id: 'VaultApy' })
