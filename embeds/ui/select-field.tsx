import type { ReactNode } from 'react'

/**
 * A labelled select whose error is announced and tied to it (aria-describedby), like TextField. `accessibleName`
 * names it more fully than its visible label where a list repeats the field ("Role" read as "Role for Marco").
 */
export function SelectField({
  id,
  name,
  label,
  accessibleName,
  value,
  error,
  onChange,
  children,
}: {
  id: string
  name?: string | undefined
  label: string
  accessibleName?: string | undefined
  value: string
  error?: string | undefined
  onChange: (v: string) => void
  children: ReactNode
}) {
  const errorId = `${id}-error`
  return (
    <div className="cash-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        value={value}
        aria-label={accessibleName}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        {children}
      </select>
      {error ? (
        <p id={errorId} className="cash-field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}
