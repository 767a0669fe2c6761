import type { FieldMessages } from '../../domain/error-message'
import { useState } from 'react'
import type { z } from 'zod'
import { DomainError, type FieldErrors } from '../../domain/errors'
import { ApiError } from '../lib/api-client'
import { useI18n } from '../lib/i18n'
import { fieldTexts, errorText } from '../../domain/error-words'
import { localisedFieldErrors } from '../lib/localise-error'

/**
 * A form whose values nest (addresses, owners, documents): checked with the server's zod schema and the
 * domain rules before sending, with every message, the page's or the server's, at its dotted field path.
 */
export function useNestedForm<V>(initial: V) {
  const { locale } = useI18n()
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  /** Changes the values; clears the message at `path` (the field the person is fixing). */
  const update = (path: string, change: (v: V) => V) => {
    setValues(change)
    setErrors((old) =>
      Object.fromEntries(Object.entries(old).filter(([key]) => key !== path && !key.startsWith(`${path}.`))),
    )
  }

  /**
   * Checks with the schema and, at the same time, the domain `rules` (which report their field messages), then sends.
   */
  const submit = async <S extends z.ZodType>(
    schema: S,
    body: unknown,
    rules: () => FieldMessages,
    send: (parsed: z.output<S>) => Promise<void>,
  ) => {
    if (busy) return
    setFormError(null)
    const parsed = schema.safeParse(body)
    const found = {
      ...fieldTexts(rules(), locale),
      ...(parsed.success ? {} : localisedFieldErrors(parsed.error, locale)),
    }
    if (!parsed.success || Object.keys(found).length) return setErrors(found)
    setBusy(true)
    try {
      setErrors({})
      await send(parsed.data)
    } catch (error) {
      const fields =
        error instanceof ApiError
          ? error.fields
          : error instanceof DomainError
            ? fieldTexts(error.fieldMessages ?? {}, locale)
            : undefined
      if (fields && Object.keys(fields).length) setErrors(fields)
      else
        setFormError(
          error instanceof DomainError
            ? errorText(error.says, locale)
            : error instanceof Error
              ? error.message
              : String(error),
        )
    } finally {
      setBusy(false)
    }
  }

  return { values, errors, formError, busy, update, submit }
}

/** The field messages a domain rule throws, or none. */
export function ruleErrors(...checks: (() => void)[]): FieldMessages {
  const fields: FieldMessages = {}
  for (const check of checks) {
    try {
      check()
    } catch (e) {
      if (!(e instanceof DomainError)) throw e
      Object.assign(fields, e.fieldMessages ?? { _: e.says })
    }
  }
  return fields
}
