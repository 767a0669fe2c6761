import { useState } from 'react'
import type { z } from 'zod'
import type { AlertSettingsResponse } from '../../domain/api/alerts.schema'
import { toTypedAmount } from '../../domain/typed-amount'
import type { MessageKey } from '../lib/messages-en'
import { useI18n } from '../lib/i18n'
import { useZodForm } from '../lib/use-zod-form'
import { FormFooter } from '../ui/form-footer'
import { AmountField } from '../ui/amount-field'
import { useAlertSettings } from './use-alert-settings'
import { ResourceView } from '../ui/resource-view'

type Field = 'purchaseAbove' | 'dailySpendAbove' | 'spendableBelow'
type FormProps<F extends Field> = {
  fields: readonly F[]
  schema: z.ZodObject
  labels: Record<F, MessageKey>
  turnOffLabel: MessageKey
}

/**
 * One alert form: a USD field per threshold (empty = off), checked with the API's own schema so errors
 * show at the field; Save, and a button that turns every alert of the form off.
 */
export function AlertForm<F extends Field>({ accountId, ...props }: FormProps<F> & { accountId: string }) {
  const { resource, save } = useAlertSettings(accountId)
  const [saved, setSaved] = useState<AlertSettingsResponse | null>(null)
  return (
    <ResourceView resource={resource}>
      {(loaded) => {
        const current = saved ?? loaded
        const onSaved = (next: AlertSettingsResponse) => setSaved(next)
        // Keyed by the saved values: turning alerts off shows the emptied fields.
        return (
          <AlertFormView
            key={props.fields.map((f) => current[f]).join('|')}
            {...props}
            current={current}
            justSaved={saved !== null}
            save={async (body) => onSaved(await save(body))}
          />
        )
      }}
    </ResourceView>
  )
}

function AlertFormView<F extends Field>({
  fields,
  schema,
  labels,
  turnOffLabel,
  current,
  justSaved,
  save,
}: FormProps<F> & {
  current: AlertSettingsResponse
  justSaved: boolean
  save: (body: Partial<Record<Field, string | null>>) => Promise<void>
}) {
  const { t, locale } = useI18n()
  const [turningOff, setTurningOff] = useState(false)
  const [turnOffError, setTurnOffError] = useState<string | null>(null)
  const form = useZodForm(
    schema,
    Object.fromEntries(fields.map((f) => [f, current[f] === null ? '' : toTypedAmount(current[f], locale)])) as Record<
      F,
      string
    >,
    (data) => save(data as Partial<Record<Field, string | null>>),
    { amounts: Object.fromEntries(fields.map((f) => [f, 'USD'])) as Record<F, 'USD'> },
  )
  const turnOff = async () => {
    setTurningOff(true)
    setTurnOffError(null)
    try {
      await save(Object.fromEntries(fields.map((f) => [f, null])))
    } catch (error) {
      setTurnOffError(error instanceof Error ? error.message : String(error))
      setTurningOff(false)
    }
  }
  const busy = form.busy || turningOff
  return (
    <form className="cash-card cash-stack" noValidate onSubmit={(e) => void form.onSubmit(e)} aria-busy={busy}>
      {fields.map((f) => (
        <AmountField key={f} label={t(labels[f])} hint={t('alerts.form.hintOff')} {...form.bind(f)} />
      ))}
      {justSaved && !busy ? (
        <p role="status" className="cash-notice" style={{ margin: 0 }}>
          {t('alerts.form.saved')}
        </p>
      ) : null}
      <FormFooter
        error={form.formError ?? turnOffError}
        busy={form.busy}
        label={t('alerts.form.save')}
        busyLabel={t('alerts.form.saving')}
      />
      <button
        type="button"
        className="cash-button"
        data-variant="secondary"
        disabled={busy}
        onClick={() => void turnOff()}
      >
        {t(turnOffLabel)}
      </button>
      <a href="/app/cash/settings/alerts">{t('alerts.form.back')}</a>
    </form>
  )
}
