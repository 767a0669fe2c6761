import { z } from 'zod'
import { ErrorMessageSchema } from '../error-message'
import { DecimalString, HeldAssetSchema, IsoDateTime } from './common.schema'
import { ConfirmationSchema } from './money-out.schema'

export const ModeSchema = z.enum(['direct_pay', 'borrow'])

export const ModeBody = z
  .object({ mode: ModeSchema, confirmation: ConfirmationSchema.optional() })
  .meta({ id: 'ModeBody' })

export const ModeResponse = z
  .object({
    mode: ModeSchema,
    /** A switch waiting out the mode delay. */
    pending: z.object({ id: z.uuid(), toMode: ModeSchema, effectiveAt: IsoDateTime }).nullable(),
    /** The last switch refused when it came due (e.g. debt was borrowed meanwhile), with why. */
    lastRefused: z
      .object({
        toMode: ModeSchema,
        /** In English; `reasonKey` says it as data for a page to word in its language. */
        reason: z.string(),
        reasonKey: ErrorMessageSchema.nullable(),
        at: IsoDateTime,
      })
      .nullable(),
    delaySeconds: z.number().int(),
    /** What stands in the way of switching to the other mode now, if anything. */
    blocker: z.string().nullable(),
    /** The same, as data for a page to word in its language. */
    blockerKey: ErrorMessageSchema.nullable(),
    debt: DecimalString,
    pendingBorrowHolds: DecimalString,
    aprPercent: z.string(),
  })
  .meta({ id: 'Mode' })
export type ModeResponse = z.infer<typeof ModeResponse>

export const HealthView = z
  .object({
    /** Health factor with two decimals: Σ collateral × liquidation threshold ÷ debt. */
    factor: z.string(),
    status: z.enum(['healthy', 'warning', 'liquidatable']),
    warningFactor: z.string(),
    /** Σ collateral × liquidation threshold: the debt at which the position becomes liquidatable at today's prices. */
    liquidationValue: DecimalString,
  })
  .meta({ id: 'LoanHealth' })

export const PriceBody = z.object({ usdPrice: DecimalString }).meta({ id: 'PriceBody' })
export const PricesResponse = z
  .object({ items: z.array(z.object({ asset: HeldAssetSchema, usdPrice: DecimalString })) })
  .meta({ id: 'Prices' })

export const LiquidationView = z
  .object({
    id: z.uuid(),
    accountId: z.uuid(),
    trigger: z.enum(['job', 'admin']),
    debtBefore: DecimalString,
    repaid: DecimalString,
    healthBefore: z.string(),
    healthAfter: z.string().nullable(),
    sold: z.array(z.object({ asset: HeldAssetSchema, amount: DecimalString })),
    cancelledWithdrawalId: z.uuid().nullable(),
    createdAt: IsoDateTime,
  })
  .meta({ id: 'Liquidation' })
export const LiquidationsResponse = z.object({ items: z.array(LiquidationView) }).meta({ id: 'Liquidations' })
