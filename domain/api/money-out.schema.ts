import { z } from 'zod'
import { DecimalString, HeldAssetSchema, IsoDateTime } from './common.schema'

/** How the holder confirmed: their password (web) or the native host's biometrics (native sessions only). */
export const ConfirmationSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('password'), password: z.string().min(1, 'Enter your password to confirm.').max(200) }),
  z.object({ method: z.literal('host') }),
])

const Address = z.string().min(1, 'Enter the address to send to.').max(100)

export const WithdrawalQuoteQuery = z.object({ asset: HeldAssetSchema, amount: DecimalString, address: Address })
export const WithdrawalQuoteResponse = z
  .object({ asset: HeldAssetSchema, amount: DecimalString, fee: DecimalString, total: DecimalString, feeUsd: DecimalString, address: z.string(), network: z.string(), delaySeconds: z.number().int(), arrivalSeconds: z.number().int() })
  .meta({ id: 'WithdrawalQuote' })
export const WithdrawalBody = z.object({ asset: HeldAssetSchema, amount: DecimalString, address: Address, confirmation: ConfirmationSchema.optional() }).meta({ id: 'WithdrawalBody' })
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
    failureReason: z.string().nullable(),
    releaseAt: IsoDateTime,
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
  })
  .meta({ id: 'Withdrawal' })
export const WithdrawalsResponse = z.object({ items: z.array(WithdrawalView) }).meta({ id: 'Withdrawals' })
