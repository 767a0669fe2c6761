import { z } from 'zod'
import { plainText } from '../plain-name'
import { DecimalString, HeldAssetSchema } from './common.schema'

/** Body of the sandbox deposit and debit calls. */
export const SandboxMovementBody = z
  .object({
    accountId: z.uuid(),
    asset: HeldAssetSchema,
    amount: DecimalString,
    description: z.string().trim().max(140).check(plainText).optional(),
  })
  .meta({ id: 'SandboxMovementBody' })

export const JournalResult = z
  .object({ journalId: z.uuid(), asset: HeldAssetSchema, amount: DecimalString, balance: DecimalString })
  .meta({ id: 'JournalResult' })
export type JournalResult = z.infer<typeof JournalResult>

export const LedgerCheckResponse = z
  .object({
    ok: z.boolean(),
    journalsChecked: z.number().int(),
    accountsChecked: z.number().int(),
    problems: z.array(z.object({ kind: z.string(), id: z.string(), detail: z.string() })),
  })
  .meta({ id: 'LedgerCheck' })
export type LedgerCheckResponse = z.infer<typeof LedgerCheckResponse>

export const HealthResponse = z
  .object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']), version: z.string() })
  .meta({ id: 'Health' })

/** `GET /health/live`: the process answers (nothing else is looked at, so a slow database never restarts it). */
export const LivenessResponse = z.object({ status: z.literal('ok') }).meta({ id: 'Liveness' })

/**
 * `GET /health/ready`: each check of readiness; any not `ok` (or `off`) answers 503 `not_ready` with these as details.
 */
export const ReadinessResponse = z
  .object({
    status: z.literal('ready'),
    checks: z.object({ database: z.literal('ok'), migrations: z.literal('ok'), jobs: z.enum(['ok', 'off']) }),
  })
  .meta({ id: 'Readiness' })
