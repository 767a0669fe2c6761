/** The end of a form: the form-level error (announced) and the submit button with its busy label. */
export function FormFooter({
  error,
  busy,
  label,
  busyLabel,
}: {
  error: string | null
  busy: boolean
  label: string
  busyLabel: string
}) {
  return (
    <>
      {error ? (
        <p className="cash-alert" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="cash-button" disabled={busy}>
        {busy ? busyLabel : label}
      </button>
    </>
  )
}
