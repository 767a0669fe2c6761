import { z } from 'zod'
import { IsoDateTime } from './common.schema'

/**
 * What the sandbox controls can act on for one account (or a person without one): its cards, deposit address,
 * open PIX charges, recent card purchases and open identity applications. Amounts are base-unit strings.
 */
export const SandboxTarget = z
  .object({
    user: z.object({ id: z.uuid(), email: z.string(), name: z.string(), kycStatus: z.string() }).nullable(),
    account: z
      .object({
        id: z.uuid(),
        name: z.string(),
        kind: z.enum(['personal', 'corporate']),
        kybStatus: z.string(),
        depositAddress: z.string().nullable(),
      })
      .nullable(),
    cards: z.array(
      z.object({ id: z.uuid(), last4: z.string(), kind: z.enum(['virtual', 'physical']), status: z.string() }),
    ),
    pixCharges: z.array(z.object({ txid: z.string(), brlAmount: z.string(), createdAt: IsoDateTime })),
    authorizations: z.array(
      z.object({
        networkId: z.string(),
        merchantName: z.string(),
        amount: z.string(),
        status: z.string(),
        createdAt: IsoDateTime,
      }),
    ),
    applications: z.array(
      z.object({
        id: z.uuid(),
        reference: z.string(),
        kind: z.enum(['kyc', 'kyb']),
        subject: z.string(),
        status: z.string(),
        submittedAt: IsoDateTime,
      }),
    ),
  })
  .meta({ id: 'SandboxTarget' })
export type SandboxTarget = z.infer<typeof SandboxTarget>

/**
 * The sandbox's own settings: whether the identity provider decides applications itself (`auto`) or leaves them for an
 * admin (`manual`).
 */
const sandboxSettings = z.object({ identityDecisions: z.enum(['auto', 'manual']) })
export const SandboxSettings = sandboxSettings.meta({ id: 'SandboxSettings' })
export type SandboxSettings = z.infer<typeof SandboxSettings>
/** The same as a request body, which reads differently in the OpenAPI document (other properties are ignored). */
export const SandboxSettingsBody = sandboxSettings.meta({ id: 'SandboxSettingsBody' })

/** How many due jobs ran. */
export const SandboxJobsResult = z.object({ ranJobs: z.number().int() }).meta({ id: 'SandboxJobsResult' })
