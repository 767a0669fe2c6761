import { VerificationReasonSchema } from '../identity'
import { messageKey } from '../error-message'
import { z } from 'zod'
import { plainText } from '../plain-name'
import { FEATURE_FLAG_KEYS, type FeatureFlagKey } from '../feature-flags'
import { ActivityResponse, BalancesResponse } from './account.schema'
import { DecimalString, IsoDateTime } from './common.schema'
import { LedgerCheckResponse } from './ledger.schema'
import { ErrorInboxResponse } from './meta.schema'
import { CardLimits, CardView } from './money-out.schema'

// Schemas of the back office's people pages (issue 9, part A): dashboard, users, accounts, cards, feature flags.

const VerificationStatus = z.enum(['not_started', 'submitted', 'in_review', 'approved', 'rejected', 'more_info_needed'])
const Tier = z.enum(['core', 'luxe', 'pinnacle', 'vip'])

export const AdminDashboard = z
  .object({
    pendingKyc: z.number().int(),
    pendingKyb: z.number().int(),
    openFailedRecons: z.number().int(),
    pendingHolds: z.object({ count: z.number().int(), oldestAt: IsoDateTime.nullable() }),
    ledger: LedgerCheckResponse,
    errorInbox: ErrorInboxResponse,
  })
  .meta({ id: 'AdminDashboard' })
export type AdminDashboard = z.infer<typeof AdminDashboard>

/** A search box: e-mail, name, safe address, account id or user id. */
export const AdminSearchQuery = z.object({
  q: z.string().trim().min(1, messageKey('enter_search')).max(200, messageKey('keep_under_200_characters')),
})

/** Why an admin acts: required on freezes and cancels, shown in the audit log and to the holder. */
export const AdminReasonBody = z.object({
  reason: z
    .string()
    .trim()
    .min(3, messageKey('say_why_sentence_holder'))
    .max(200, messageKey('keep_under_200_characters'))
    .check(plainText),
})
export const AdminOptionalReasonBody = z.object({
  reason: z.string().trim().max(200, messageKey('keep_under_200_characters')).check(plainText).optional(),
})

export const AdminUserSummary = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  platformRole: z.enum(['user', 'admin']),
  kycStatus: VerificationStatus,
  createdAt: IsoDateTime,
})
export const AdminUsersResponse = z.object({ items: z.array(AdminUserSummary) }).meta({ id: 'AdminUsers' })

const OpenApplication = z.object({
  id: z.uuid(),
  kind: z.enum(['kyc', 'kyb']),
  status: VerificationStatus,
  subjectName: z.string(),
  submittedAt: IsoDateTime,
})

export const AdminUserDetail = z
  .object({
    user: AdminUserSummary.extend({
      /** In English; `kycReasonKey` says it as data for a page to word in its language. */
      kycReason: z.string().nullable(),
      kycReasonKey: VerificationReasonSchema.nullable(),
      language: z.string().nullable(),
    }),
    memberships: z.array(
      z.object({
        accountId: z.uuid(),
        accountName: z.string(),
        accountKind: z.enum(['personal', 'corporate']),
        role: z.enum(['holder', 'owner', 'admin', 'member']),
      }),
    ),
    activeSessions: z.number().int(),
    /**
     * The person's KYC applications waiting for a decision (decide them with
     * /admin/identity-applications/{id}/decision).
     */
    openApplications: z.array(OpenApplication),
  })
  .meta({ id: 'AdminUserDetail' })
export type AdminUserDetail = z.infer<typeof AdminUserDetail>

export const AdminAccountSummary = z.object({
  id: z.uuid(),
  kind: z.enum(['personal', 'corporate']),
  name: z.string(),
  safeAddress: z.string().nullable(),
  tier: Tier,
  frozen: z.boolean(),
})
export const AdminAccountsResponse = z.object({ items: z.array(AdminAccountSummary) }).meta({ id: 'AdminAccounts' })

export const AdminCardSummary = z.object({
  id: z.uuid(),
  accountId: z.uuid(),
  accountName: z.string(),
  last4: z.string(),
  kind: z.enum(['virtual', 'physical']),
  status: z.enum(['active', 'frozen', 'cancelled']),
  cardholder: z.object({ id: z.uuid(), email: z.string(), name: z.string() }),
})
export const AdminCardsResponse = z.object({ items: z.array(AdminCardSummary) }).meta({ id: 'AdminCards' })

export const AdminAccountDetail = z
  .object({
    account: AdminAccountSummary.extend({
      mode: z.enum(['direct_pay', 'borrow']),
      timeZone: z.string(),
      frozenAt: IsoDateTime.nullable(),
      frozenReason: z.string().nullable(),
      kybStatus: VerificationStatus,
      /** In English; `kybReasonKey` says it as data for a page to word in its language. */
      kybReason: z.string().nullable(),
      kybReasonKey: VerificationReasonSchema.nullable(),
    }),
    balances: BalancesResponse,
    members: z.array(
      z.object({
        userId: z.uuid(),
        email: z.string(),
        name: z.string(),
        role: z.enum(['holder', 'owner', 'admin', 'member']),
      }),
    ),
    cards: z.array(AdminCardSummary),
    activity: ActivityResponse,
    openApplications: z.array(OpenApplication),
  })
  .meta({ id: 'AdminAccountDetail' })
export type AdminAccountDetail = z.infer<typeof AdminAccountDetail>

export const AdminAccountFreeze = z
  .object({ id: z.uuid(), frozen: z.boolean(), frozenAt: IsoDateTime.nullable(), frozenReason: z.string().nullable() })
  .meta({ id: 'AdminAccountFreeze' })
export type AdminAccountFreeze = z.infer<typeof AdminAccountFreeze>

export const AdminAuthorization = z.object({
  id: z.uuid(),
  networkId: z.string(),
  amount: DecimalString,
  merchantName: z.string(),
  status: z.string(),
  declineReason: z.string().nullable(),
  createdAt: IsoDateTime,
})
export const AdminCardDetail = z
  .object({
    card: CardView,
    cardholder: z.object({ id: z.uuid(), email: z.string(), name: z.string() }),
    account: z.object({ id: z.uuid(), name: z.string(), kind: z.enum(['personal', 'corporate']), frozen: z.boolean() }),
    authorizations: z.array(AdminAuthorization),
  })
  .meta({ id: 'AdminCardDetail' })
export type AdminCardDetail = z.infer<typeof AdminCardDetail>

export const AdminCardLimitsBody = CardLimits.meta({ id: 'AdminCardLimits' })

export const FeatureFlagKeySchema = z.enum(FEATURE_FLAG_KEYS as [FeatureFlagKey, ...FeatureFlagKey[]])
export const FeatureFlagView = z.object({
  key: FeatureFlagKeySchema,
  /** What the flag turns on, in English for integrators; pages word it from the key. */
  description: z.string(),
  enabled: z.boolean(),
  rolloutPercent: z.number().int().min(0).max(100),
  /** Null while the flag has its default (never changed by an admin). */
  updatedAt: IsoDateTime.nullable(),
  overrides: z.array(z.object({ userId: z.uuid(), email: z.string(), enabled: z.boolean() })),
})
export type FeatureFlagView = z.infer<typeof FeatureFlagView>
export const FeatureFlagsResponse = z.object({ items: z.array(FeatureFlagView) }).meta({ id: 'FeatureFlags' })
export const FeatureFlagBody = z.object({
  enabled: z.boolean(),
  rolloutPercent: z.coerce
    .number(messageKey('enter_whole_percent'))
    .int(messageKey('enter_whole_percent'))
    .min(0, messageKey('enter_whole_percent'))
    .max(100, messageKey('enter_whole_percent')),
})
export const FeatureFlagOverrideBody = z.object({
  email: z.string().trim().toLowerCase().email(messageKey('enter_email_example')),
  enabled: z.boolean(),
})
/** The flags evaluated for the caller: key → on. */
export const MyFeatureFlags = z.object({ flags: z.record(z.string(), z.boolean()) }).meta({ id: 'MyFeatureFlags' })
