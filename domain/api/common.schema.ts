import { type DomainError, type ErrorCode, ERRORS } from '../errors'
import { z } from 'zod'
import { HELD_ASSETS } from '../asset'
import {
  ErrorMessageSchema,
  type ErrorMessage,
  type FieldMessages,
  isMessageKey,
  limitMessage,
  messageKey,
  say,
} from '../error-message'

/** An amount on the wire: an exact decimal string in whole units, e.g. "2500.5". */
export const DecimalString = z
  .string()
  .regex(/^\d+(\.\d+)?$/, messageKey('amount_invalid'))
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
      fields: z.record(z.string(), z.string()).optional().meta({ description: 'English message per field path' }),
      messageKey: ErrorMessageSchema.optional().meta({
        description: 'What `message` says as data, `{ key, ...params }`, for a page to word in its language',
      }),
      fieldKeys: z
        .record(z.string(), ErrorMessageSchema)
        .optional()
        .meta({ description: 'What each of `fields` says as data, by the same paths' }),
      /** More about the refusal for the page to act on (an expired quote carries `freshQuote`). */
      details: z.record(z.string(), z.unknown()).optional(),
      digest: z.string().optional(),
    }),
  })
  .meta({ id: 'ApiError' })
export type ApiError = z.infer<typeof ApiErrorSchema>

/**
 * What a refusal says as data: its `messageKey`, else its code's own message; `otherwise` for an answer that is not
 * a refusal of ours (an unreadable body, a code this version does not know).
 */
export function refusalSays(error: ApiError['error'] | undefined, otherwise: ErrorMessage): ErrorMessage {
  if (!error) return otherwise
  return error.messageKey ?? (Object.hasOwn(ERRORS, error.code) ? say(error.code as ErrorCode) : otherwise)
}

/**
 * The body a refusal is answered with: the English for integrators, and the same as data for pages. `messageKey` only
 * when the message says more than its code's own.
 */
export function apiErrorBody(error: DomainError): ApiError {
  return {
    error: {
      code: error.code,
      message: error.message,
      ...(error.fields ? { fields: error.fields } : {}),
      ...(error.says.key === error.code ? {} : { messageKey: error.says }),
      ...(error.fieldMessages ? { fieldKeys: error.fieldMessages } : {}),
      ...(error.details ? { details: error.details } : {}),
    },
  }
}

/**
 * A zod issue as a message: the key a schema gave (`messageKey('enter_city')`), or, where the schema gave none,
 * one of ours from the issue's code and limits. zod's own English is never read.
 */
export function issueMessage(issue: z.core.$ZodIssue): ErrorMessage {
  if (isMessageKey(issue.message)) return say(issue.message)
  const limit = issue.code === 'too_big' ? issue.maximum : issue.code === 'too_small' ? issue.minimum : undefined
  const limited = limit === undefined ? null : limitMessage(issue.message, limit)
  if (limited) return limited
  switch (issue.code) {
    case 'invalid_type':
      return say(issue.input === undefined || issue.input === null || issue.input === '' ? 'fill_in' : 'value_invalid')
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1 ? say('fill_in') : say('min_chars', { min: Number(issue.minimum) })
      return issue.origin === 'array' || issue.origin === 'set'
        ? say('choose_at_least', { min: Number(issue.minimum) })
        : say('minimum', { min: String(issue.minimum) })
    case 'too_big':
      if (issue.origin === 'string') return say('max_chars', { max: Number(issue.maximum) })
      return issue.origin === 'array' || issue.origin === 'set'
        ? say('choose_at_most', { max: Number(issue.maximum) })
        : say('maximum', { max: String(issue.maximum) })
    case 'invalid_format':
      return say(issue.format === 'email' ? 'email_format' : 'format_invalid')
    case 'invalid_value':
      return say('choose_option')
    default:
      return say('value_invalid')
  }
}

/** zod issues as field messages keyed by dotted path. The first message per field wins. */
export function fieldMessages(error: z.ZodError): FieldMessages {
  const fields: FieldMessages = {}
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_'
    fields[key] ??= issueMessage(issue)
  }
  return fields
}
