import { useRef, useState, type ReactNode } from 'react'
import type { FieldErrors } from '../../domain/errors'
import { useI18n } from '../lib/i18n'
import { useAction } from '../lib/use-action'
import { FormFooter } from '../ui/form-footer'
import { TextField } from '../ui/text-field'

/**
 * A back-office action that needs a reason (write off, release a hold, reject a refund…): the reason field,
 * any extra fields, the submit button and cancel. `onSubmit` gets the reason and one Idempotency-Key per form,
 * so a retried submit never acts twice. Refusals land at their field, or above the button.
 */
export function ReasonActionForm({
  title,
  submitLabel,
  onSubmit,
  onCancel,
  children,
  testId,
}: {
  title: string
  submitLabel: string
  onSubmit: (reason: string, idempotencyKey: string) => Promise<void>
  onCancel: () => void
  children?: (fieldErrors: FieldErrors) => ReactNode
  testId?: string
}) {
  const { t } = useI18n()
  const [reason, setReason] = useState('')
  const idempotencyKey = useRef(crypto.randomUUID())
  const { busy, error, fieldErrors, run } = useAction()
  return (
    <form
      className="cash-stack cash-notice"
      noValidate
      aria-label={title}
      data-testid={testId}
      onSubmit={(e) => {
        e.preventDefault()
        void run(() => onSubmit(reason, idempotencyKey.current))
      }}
    >
      <p style={{ margin: 0 }}>
        <strong>{title}</strong>
      </p>
      {children?.(fieldErrors)}
      <TextField
        label={t('admin.money.reason')}
        name="reason"
        hint={t('admin.money.reasonHint')}
        autoComplete="off"
        value={reason}
        error={fieldErrors.reason}
        onChange={(e) => setReason(e.target.value)}
      />
      <div className="cash-actions">
        <FormFooter error={error} busy={busy} label={submitLabel} busyLabel={t('admin.money.working')} />
        <button type="button" className="cash-button" data-variant="secondary" onClick={onCancel}>
          {t('admin.money.cancel')}
        </button>
      </div>
    </form>
  )
}
