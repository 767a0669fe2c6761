import { useId, type InputHTMLAttributes } from 'react'

type Props = InputHTMLAttributes<HTMLInputElement> & {
  label: string
  hint?: string
  error?: string | undefined
  name: string
}

/** A labelled input whose error is announced and tied to it (aria-describedby). */
export function TextField({ label, hint, error, name, ...input }: Props) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined
  return (
    <div className="cash-field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={hintId} className="cash-muted" style={{ margin: 0 }}>
          {hint}
        </p>
      ) : null}
      <input id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {error ? (
        <p id={errorId} className="cash-field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}
