import { messageKey } from '../error-message'
import { z } from 'zod'
import { DecimalString, IsoDateTime } from './common.schema'

/** A threshold in US dollars as a person types it: positive, at most two decimals. */
export const UsdThreshold = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,2})?$/, messageKey('enter_dollars_example'))
  .refine((v) => /[1-9]/.test(v), messageKey('enter_amount_above'))

/** Each field: a threshold, null to turn that alert off, or absent to leave it as it is. */
export const AlertSettingsBody = z
  .object({
    purchaseAbove: UsdThreshold.nullable().optional(),
    dailySpendAbove: UsdThreshold.nullable().optional(),
    spendableBelow: UsdThreshold.nullable().optional(),
  })
  .meta({ id: 'AlertSettingsBody' })

/** A form field as typed: empty means off. The same rules as the API, so errors show at the field first. */
const FormThreshold = z
  .string()
  .trim()
  .transform((v) => (v === '' ? null : v))
  .pipe(UsdThreshold.nullable())
export const SpendLimitAlertsForm = z.object({ purchaseAbove: FormThreshold, dailySpendAbove: FormThreshold })
export const SpendableAlertForm = z.object({ spendableBelow: FormThreshold })

export const AlertSettingsResponse = z
  .object({
    accountId: z.uuid(),
    purchaseAbove: DecimalString.nullable(),
    dailySpendAbove: DecimalString.nullable(),
    spendableBelow: DecimalString.nullable(),
    /** The account's time zone: the daily-spend alert counts from local midnight. */
    timeZone: z.string(),
    /** The health factor under which a Borrow position with debt is warned, e.g. "1.10". */
    healthWarning: z.string(),
  })
  .meta({ id: 'AlertSettings' })
export type AlertSettingsResponse = z.infer<typeof AlertSettingsResponse>

export const NOTIFICATION_KINDS = ['purchase_above', 'daily_spend_above', 'spendable_below', 'health_low'] as const

export const NotificationItem = z.object({
  id: z.uuid(),
  accountId: z.uuid(),
  accountName: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** The purchase, today's spend or the spendable balance, in USD. */
  amount: DecimalString.nullable(),
  threshold: DecimalString.nullable(),
  merchant: z.string().nullable(),
  /** health_low: the health factor when it fired, e.g. "1.07". */
  health: z.string().nullable(),
  read: z.boolean(),
  createdAt: IsoDateTime,
})
export type NotificationItem = z.infer<typeof NotificationItem>

export const NotificationsResponse = z
  .object({ items: z.array(NotificationItem), unread: z.number().int().min(0) })
  .meta({ id: 'Notifications' })
export type NotificationsResponse = z.infer<typeof NotificationsResponse>

export const NotificationParams = z.object({ notificationId: z.uuid() })
