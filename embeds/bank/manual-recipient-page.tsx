import { useState, type FormEvent } from 'react'
import { RecipientView } from '../../domain/api/money-out.schema'
import { useEmbedNavigation } from '../lib/embed-navigation'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { useAction } from '../lib/use-action'
import { FormFooter } from '../ui/form-footer'
import { TextField } from '../ui/text-field'

/** Add a recipient by hand: US (name, ABA routing, account) or EU (name, IBAN, BIC), each number checked. */
export function ManualRecipientPage({ accountId }: { accountId: string }) {
  const { t } = useI18n()
  const { api } = useSession()
  const navigation = useEmbedNavigation()
  const [region, setRegion] = useState<'us' | 'eu'>('eu')
  const [values, setValues] = useState({ name: '', routingNumber: '', accountNumber: '', iban: '', bic: '' })
  const action = useAction()
  const bind = (name: keyof typeof values) => ({
    name,
    value: values[name],
    error: action.fieldErrors[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [name]: e.target.value })),
  })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void action.run(async () => {
      const body =
        region === 'us'
          ? { region, name: values.name, routingNumber: values.routingNumber, accountNumber: values.accountNumber }
          : { region, name: values.name, iban: values.iban, ...(values.bic ? { bic: values.bic } : {}) }
      const recipient = await api.post(`/accounts/${accountId}/bank-recipients`, RecipientView, body)
      navigation.go(`/app/cash/bank/send?recipient=${recipient.id}`)
    })
  }
  return (
    <form className="cash-card cash-stack" onSubmit={submit} noValidate aria-busy={action.busy}>
      <fieldset className="cash-actions" style={{ border: 0, padding: 0, margin: 0 }}>
        <legend>{t('bank.add.where')}</legend>
        <label>
          <input type="radio" name="region" checked={region === 'eu'} onChange={() => setRegion('eu')} />{' '}
          {t('bank.add.eu')}
        </label>
        <label>
          <input type="radio" name="region" checked={region === 'us'} onChange={() => setRegion('us')} />{' '}
          {t('bank.add.us')}
        </label>
      </fieldset>
      <TextField label={t('bank.add.name')} autoComplete="name" {...bind('name')} />
      {region === 'us' ? (
        <>
          <TextField label={t('bank.routing')} inputMode="numeric" autoComplete="off" {...bind('routingNumber')} />
          <TextField label={t('bank.account')} inputMode="numeric" autoComplete="off" {...bind('accountNumber')} />
        </>
      ) : (
        <>
          <TextField label={t('bank.iban')} autoComplete="off" spellCheck={false} {...bind('iban')} />
          <TextField label={t('bank.add.bicOptional')} autoComplete="off" spellCheck={false} {...bind('bic')} />
        </>
      )}
      <FormFooter error={action.error} busy={action.busy} label={t('bank.add.save')} busyLabel={t('bank.add.saving')} />
    </form>
  )
}
