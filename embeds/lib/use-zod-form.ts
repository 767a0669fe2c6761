import { useState, type ChangeEvent, type FormEvent } from 'react'
import type { z } from 'zod'
import type { FieldErrors } from '../../domain/errors'
import { amountProblemMessage, readAmountIn, type AmountUnit } from '../ui/amount-field'
import { ApiError } from './api-client'
import { useI18n } from './i18n'
import { localisedFieldErrors } from './localise-error'

/**
 * A form checked with the same zod schema the server enforces: errors show at their field before the
 * request, and the server's field errors land in the same place after it. Fields named in `amounts` are
 * typed the page's way ("1.234,56" in pt-BR) and reach the schema as canonical decimals ("1234.56"); an
 * empty one stays empty for the schema to judge.
 */
export function useZodForm<S extends z.ZodObject>(
  schema: S,
  initial: Record<keyof z.input<S>, string>,
  submit: (data: z.output<S>) => Promise<void>,
  options: { amounts?: Partial<Record<keyof z.input<S> & string, AmountUnit>> } = {},
) {
  const { locale, t } = useI18n()
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const bind = (name: keyof z.input<S> & string) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: Pick<ChangeEvent<HTMLInputElement>, 'target'>) => {
      setValues((v) => ({ ...v, [name]: e.target.value }))
      if (errors[name]) setErrors(({ [name]: _cleared, ...rest }) => rest)
    },
  })

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    if (busy) return
    setFormError(null)
    const typed: Record<string, string> = { ...values }
    const amountErrors: FieldErrors = {}
    for (const [name, unit] of Object.entries(options.amounts ?? {}) as [string, AmountUnit][]) {
      const text = typed[name] ?? ''
      if (text.trim() === '') continue
      const amount = readAmountIn(text, locale, unit)
      if (amount.ok) typed[name] = amount.value
      else amountErrors[name] = amountProblemMessage(amount.problem, unit, t)
    }
    if (Object.keys(amountErrors).length > 0) {
      setErrors(amountErrors)
      return
    }
    const parsed = schema.safeParse(typed)
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
