import { z } from 'zod'
import { HELD_ASSETS } from '../asset'
import type { FieldErrors } from '../errors'

/** An amount on the wire: an exact decimal string in whole units, e.g. "2500.5". */
export const DecimalString = z
  .string()
  .regex(/^\d+(\.\d+)?$/, 'Enter an amount like 12.50.')
  .meta({ description: 'Exact decimal amount in whole units of the asset', example: '2500.00' })

/** A signed decimal amount (activity lines may be negative). */
export const SignedDecimalString = z.string().regex(/^-?\d+(\.\d+)?$/)

export const HeldAssetSchema = z.enum(HELD_ASSETS)
export const Uuid = z.uuid()
export const IsoDateTime = z.iso.datetime({ offset: true })

/** The error body every API failure returns. */
export const ApiErrorSchema = z
  .object({
    error: z.object({
      code: z.string().meta({ description: 'Stable error code from domain/errors.ts' }),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
      /** More about the refusal for the page to act on (an expired quote carries `freshQuote`). */
      details: z.record(z.string(), z.unknown()).optional(),
      digest: z.string().optional(),
    }),
  })
  .meta({ id: 'ApiError' })
export type ApiError = z.infer<typeof ApiErrorSchema>

/** Turns zod issues into field messages keyed by dotted path. The first message per field wins. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {}
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_'
    fields[key] ??= issue.message
  }
  return fields
}
