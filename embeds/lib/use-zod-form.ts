import { useState, type ChangeEvent, type FormEvent } from 'react'
import type { z } from 'zod'
import type { FieldErrors } from '../../domain/errors'
import { ApiError } from './api-client'
import { useI18n } from './i18n'
import { localisedFieldErrors } from './localise-error'

/**
 * A form checked with the same zod schema the server enforces: errors show at their field before the
 * request, and the server's field errors land in the same place after it.
 */
export function useZodForm<S extends z.ZodObject>(schema: S, initial: Record<keyof z.input<S>, string>, submit: (data: z.output<S>) => Promise<void>) {
  const { locale } = useI18n()
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const bind = (name: keyof z.input<S> & string) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      setValues((v) => ({ ...v, [name]: e.target.value }))
      if (errors[name]) setErrors(({ [name]: _cleared, ...rest }) => rest)
    },
  })

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    if (busy) return
    setFormError(null)
    const parsed = schema.safeParse(values)
    if (!parsed.success) {
      setErrors(localisedFieldErrors(parsed.error, locale))
      return
    }
    setErrors({})
    setBusy(true)
    try {
      await submit(parsed.data)
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) setErrors(error.fields)
      else setFormError(error instanceof Error ? error.message : String(error))
    } finally {
      setBusy(false)
    }
  }

  return { bind, errors, formError, busy, onSubmit }
}
