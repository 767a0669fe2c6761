import { useState, type InputHTMLAttributes } from 'react'
import { ASSETS, type Asset } from '../../domain/asset'
import { readTypedAmount, toTypedAmount, type TypedAmount, type TypedAmountProblem } from '../../domain/typed-amount'
import { useI18n, type Locale } from '../lib/i18n'
import type { MessageKey } from '../lib/messages-en'
import { TextField } from './text-field'

/** What an amount field counts in: a held asset, reais, or US dollars to the cent (limits, thresholds). */
export type AmountUnit = Asset | 'USD'

const decimalsOf = (unit: AmountUnit) => (unit === 'USD' ? 2 : ASSETS[unit].decimals)

/** Reads what a person typed in `locale` for `unit` (see domain/typed-amount.ts for the rule). */
export function readAmountIn(text: string, locale: Locale, unit: AmountUnit, allowZero = false): TypedAmount {
  return readTypedAmount(text, locale, decimalsOf(unit), { allowZero })
}

/** Why a typed amount was refused, in the page's language. */
export function amountProblemMessage(
  problem: TypedAmountProblem,
  unit: AmountUnit,
  t: (key: MessageKey, vars?: Record<string, string>) => string,
): string {
  return t(`amount.error.${problem}`, { asset: unit, places: String(decimalsOf(unit)) })
}

type Options = { initial?: string | null; optional?: boolean; allowZero?: boolean }

/**
 * The state of one amount field: the text as typed, the canonical decimal it reads as (for live quotes),
 * and `read()` for submit, which shows why at the field when the text is not an amount.
 * `initial` is a canonical decimal from the API (a saved limit); it is shown the page's way.
 */
export function useAmountInput(
  unit: AmountUnit,
  { initial = null, optional = false, allowZero = false }: Options = {},
) {
  const { t, locale } = useI18n()
  const [text, setText] = useState(() => (initial ? toTypedAmount(initial, locale) : ''))
  const [shown, setShown] = useState(false)
  const result = readAmountIn(text, locale, unit, allowZero)
  const blank = !result.ok && result.problem === 'empty'
  const problem = result.ok || (optional && blank) ? null : result.problem
  const error = shown && problem ? amountProblemMessage(problem, unit, t) : undefined
  return {
    text,
    /** The canonical decimal ("1234.56") the text reads as, or null while it does not read (nothing shown yet). */
    value: result.ok ? result.value : null,
    /**
     * The amount to send: the canonical decimal, '' for an empty optional field, or undefined after showing why not.
     */
    read: (): string | undefined => {
      setShown(true)
      if (result.ok) return result.value
      return optional && blank ? '' : undefined
    },
    /** Sets the text, e.g. from a "Max" button: `canonical` is shown the page's way. */
    setCanonical: (canonical: string) => (setText(toTypedAmount(canonical, locale)), setShown(false)),
    clear: () => (setText(''), setShown(false)),
    field: {
      value: text,
      error,
      onChange: (e: { target: { value: string } }) => (setText(e.target.value), setShown(false)),
      onBlur: () => setShown(text.trim() !== ''),
    },
  }
}

export type AmountInput = ReturnType<typeof useAmountInput>

type Props = InputHTMLAttributes<HTMLInputElement> & {
  label: string
  name: string
  hint?: string | undefined
  error?: string | undefined
  amount?: AmountInput
}

/**
 * The one amount input: every amount field uses it, so "12,50" and "1.234,56" on a Portuguese page and
 * "1,234.56" on an English one mean the same on every form. Give it `amount` (useAmountInput), or the
 * value and handlers of a form that reads amounts itself (useZodForm's `amounts`). The field's own error
 * (the text is not an amount) wins over `error`, the server's word on the amount.
 */
export function AmountField({ amount, error, hint, ...input }: Props) {
  return (
    <TextField
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      {...(hint ? { hint } : {})}
      {...input}
      {...amount?.field}
      error={amount?.field.error ?? error}
    />
  )
}
