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

/** zod's own English defaults ("Invalid input: …", "Too big: …"): never shown to anyone as such. */
export const ZOD_DEFAULT_MESSAGE = /^(Invalid|Too (small|big)|Unrecognized key|Expected)/

/**
 * A zod issue's message for people: the schema's own message, or, where the schema gave none (zod's
 * default), one of ours from the issue's code and limits. The page has each of these in Portuguese too.
 */
export function issueMessage(issue: z.core.$ZodIssue): string {
  if (!ZOD_DEFAULT_MESSAGE.test(issue.message)) return issue.message
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null || issue.input === ''
        ? 'Fill in this field.'
        : 'This value is not valid.'
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1 ? 'Fill in this field.' : `Use at least ${issue.minimum} characters.`
      return issue.origin === 'array' || issue.origin === 'set'
        ? `Choose at least ${issue.minimum}.`
        : `The minimum is ${issue.minimum}.`
    case 'too_big':
      if (issue.origin === 'string') return `Use at most ${issue.maximum} characters.`
      return issue.origin === 'array' || issue.origin === 'set'
        ? `Choose at most ${issue.maximum}.`
        : `The maximum is ${issue.maximum}.`
    case 'invalid_format':
      return issue.format === 'email' ? 'Enter an e-mail address like name@example.com.' : 'This format is not valid.'
    case 'invalid_value':
      return 'Choose one of the options.'
    default:
      return 'This value is not valid.'
  }
}

/** Turns zod issues into field messages keyed by dotted path. The first message per field wins. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {}
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_'
    fields[key] ??= issueMessage(issue)
  }
  return fields
}
