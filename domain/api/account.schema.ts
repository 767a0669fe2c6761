import { messageKey } from '../error-message'
import { z } from 'zod'
import { HealthView } from './borrow.schema'
import { isTimeZone } from '../account-rules'
import { MovementTitleSchema } from '../movement-title'
import { DecimalString, HeldAssetSchema, IsoDateTime, SignedDecimalString } from './common.schema'
import { plainName } from '../plain-name'

export const AccountParams = z.object({ accountId: z.uuid() })

export const BalanceLine = z.object({
  asset: HeldAssetSchema,
  /** Posted balance. */
  balance: DecimalString,
  /** Posted minus pending outgoing reservations. */
  available: DecimalString,
  /** USD value at current prices, USDC decimals. */
  usdValue: DecimalString,
})

export const BalancesResponse = z
  .object({
    accountId: z.uuid(),
    accountName: z.string(),
    accountKind: z.enum(['personal', 'corporate']),
    mode: z.enum(['direct_pay', 'borrow']),
    safeAddress: z.string().nullable(),
    balances: z.array(BalanceLine),
    spendable: DecimalString,
    limitedBy: z.enum(['daily', 'monthly', 'capacity']),
    dailyLimit: DecimalString,
    dailyLeft: DecimalString,
    monthlyLimit: DecimalString,
    monthlyLeft: DecimalString,
    debt: DecimalString,
    borrowLimit: DecimalString,
    pendingHolds: DecimalString,
    /** Null when nothing is owed. */
    health: HealthView.nullable(),
    pendingModeChange: z.object({ toMode: z.enum(['direct_pay', 'borrow']), effectiveAt: IsoDateTime }).nullable(),
  })
  .meta({ id: 'Balances' })
export type BalancesResponse = z.infer<typeof BalancesResponse>

export const ActivityItem = z.object({
  id: z.uuid(),
  kind: z.string(),
  title: MovementTitleSchema,
  asset: HeldAssetSchema,
  /** Signed change to the holder's balance of `asset`. */
  amount: SignedDecimalString,
  createdAt: IsoDateTime,
})
export const ActivityResponse = z.object({ items: z.array(ActivityItem) }).meta({ id: 'Activity' })
export type ActivityResponse = z.infer<typeof ActivityResponse>

export const LimitsResponse = z
  .object({
    daily: DecimalString,
    monthly: DecimalString,
    timeZone: z.string(),
    pending: z.object({ daily: DecimalString, monthly: DecimalString, effectiveAt: IsoDateTime }).nullable(),
  })
  .meta({ id: 'Limits' })

export const OpenAccountBody = z
  .object({
    kind: z.enum(['personal', 'corporate']),
    /** The company's name (corporate); a personal account takes its holder's name. */
    name: z.string().trim().min(2, messageKey('enter_2_characters')).max(100).check(plainName).optional(),
    timeZone: z.string().refine(isTimeZone, messageKey('choose_time_zone')).default('UTC'),
  })
  .meta({ id: 'OpenAccountBody' })
export const OpenAccountResponse = z
  .object({
    accountId: z.uuid(),
    kind: z.enum(['personal', 'corporate']),
    name: z.string(),
    role: z.enum(['holder', 'owner']),
  })
  .meta({ id: 'OpenAccount' })
