import { useState } from 'react'
import { AdminOptionalReasonBody, AdminReasonBody } from '../../domain/api/admin-people.schema'
import { useI18n } from '../lib/i18n'
import { useZodForm } from '../lib/use-zod-form'
import { FormFooter } from '../ui/form-footer'
import { TextField } from '../ui/text-field'

/**
 * An admin action that states why (freeze, unfreeze, cancel). `required` makes the reason mandatory;
 * `confirm` adds a second step for an action that cannot be undone.
 */
export function ReasonForm({
  id,
  title,
  label,
  busyLabel,
  required,
  confirm,
  onSubmit,
}: {
  id: string
  title: string
  label: string
  busyLabel: string
  required: boolean
  confirm?: string
  onSubmit: (reason: string | undefined) => Promise<void>
}) {
  const { t } = useI18n()
  const [pending, setPending] = useState<string | null>(null)
  const schema = required ? AdminReasonBody : AdminOptionalReasonBody
  const form = useZodForm(schema, { reason: '' }, async ({ reason }) => {
    if (confirm && pending === null) {
      setPending(reason ?? '')
      return
    }
    await onSubmit(reason || undefined)
    setPending(null)
  })
  return (
    <form
      className="cash-card cash-stack"
      onSubmit={(e) => void form.onSubmit(e)}
      noValidate
      aria-busy={form.busy}
      aria-labelledby={`${id}-title`}
      data-testid={id}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <TextField
        label={required ? t('admin.account.reasonLabel') : t('admin.account.reasonOptional')}
        autoComplete="off"
        {...form.bind('reason')}
      />
      {pending !== null && confirm ? (
        <p className="cash-warning" role="alert">
          {confirm}
        </p>
      ) : null}
      <FormFooter
        error={form.formError}
        busy={form.busy}
        label={pending !== null ? t('admin.account.reasonConfirm') : label}
        busyLabel={busyLabel}
      />
      {pending !== null ? (
        <button type="button" className="cash-button" data-variant="secondary" onClick={() => setPending(null)}>
          {t('admin.account.reasonBack')}
        </button>
      ) : null}
    </form>
  )
}
