import { ErrorMessageSchema, messageKey } from '../error-message'
import { z } from 'zod'
import { plainText } from '../plain-name'
import { IsoDateTime } from './common.schema'
import { ConfirmationSchema } from './money-out.schema'

const Owner = z.object({ address: z.string(), name: z.string().nullable() })
const Verification = z.object({
  check: z.enum(['kyc', 'kyb']),
  status: z.string(),
  approved: z.boolean(),
  link: z.string(),
  /** In English; `says` is the same as data, for a page to word in its language. */
  message: z.string().nullable(),
  says: ErrorMessageSchema.nullable(),
})

export const SafeView = z
  .object({
    /** The safe, once created. */
    safe: z
      .object({
        address: z.string(),
        network: z.string(),
        chainId: z.number().int(),
        status: z.enum(['deploying', 'deployed']),
        /** Null until the chain reports the deployment. */
        deployTxHash: z.string().nullable(),
        deployedAt: IsoDateTime.nullable(),
        threshold: z.number().int(),
        owners: z.array(Owner),
        recoverySigners: z.array(
          z.object({
            kind: z.enum(['platform', 'third_party', 'holder']),
            address: z.string(),
            /** In English: the holder's own name for it, else its kind's. */
            label: z.string(),
            /** The name the holder gave it, or null: a page names it by its `kind` in its language. */
            ownLabel: z.string().nullable(),
          }),
        ),
        recovery: z
          .object({
            id: z.uuid(),
            incomingOwner: z.string(),
            approvals: z.array(z.enum(['platform', 'third_party', 'holder'])),
            needed: z.number().int(),
            status: z.enum(['collecting', 'scheduled']),
            executesAt: IsoDateTime.nullable(),
            message: z.string(),
          })
          .nullable(),
        securityOperations: z.array(
          z.object({
            kind: z.enum(['mode_change', 'limit_change', 'withdrawal', 'recovery']),
            id: z.uuid(),
            summary: z.string(),
            at: IsoDateTime,
            href: z.string(),
          }),
        ),
      })
      .nullable(),
    /** Before creation: who will own it and the address it will have. */
    plan: z
      .object({
        address: z.string(),
        owners: z.array(Owner),
        maxThreshold: z.number().int(),
        verification: Verification,
      })
      .nullable(),
  })
  .meta({ id: 'Safe' })
export type SafeView = z.infer<typeof SafeView>

export const CreateSafeBody = z
  .object({ threshold: z.number().int().min(1).max(20).default(1) })
  .meta({ id: 'CreateSafeBody' })
export const RecoverySignerBody = z
  .object({
    address: z.string().min(1, messageKey('enter_address_recovery')).max(100),
    label: z.string().trim().max(60).check(plainText).optional(),
    confirmation: ConfirmationSchema.optional(),
  })
  .meta({ id: 'RecoverySignerBody' })
export const StartRecoveryBody = z
  .object({
    incomingOwner: z.string().min(1, messageKey('enter_address_incoming')).max(100),
    confirmation: ConfirmationSchema.optional(),
  })
  .meta({ id: 'StartRecoveryBody' })
export const ApproveRecoveryBody = z
  .object({ signature: z.string().regex(/^0x[0-9a-fA-F]+$/, messageKey('signature_format')) })
  .meta({ id: 'ApproveRecoveryBody' })
export const CancelRecoveryBody = z
  .object({ confirmation: ConfirmationSchema.optional() })
  .meta({ id: 'CancelRecoveryBody' })

export const OnboardingStep = z.object({
  id: z.enum(['profile', 'verification', 'safe', 'card']),
  state: z.enum(['done', 'current', 'waiting', 'todo']),
  href: z.string(),
  detail: z.string().nullable(),
})
export const OnboardingView = z
  .object({
    kind: z.enum(['personal', 'corporate']),
    accountId: z.uuid().nullable(),
    accountName: z.string().nullable(),
    steps: z.array(OnboardingStep),
    complete: z.boolean(),
  })
  .meta({ id: 'Onboarding' })
export type OnboardingView = z.infer<typeof OnboardingView>
