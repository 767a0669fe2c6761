import { useState, type FormEvent } from 'react'
import { errorText } from '../../domain/error-words'
import {
  PlaidInstitutionsResponse,
  PlaidLinkedResponse,
  PlaidStartResponse,
  RecipientView,
} from '../../domain/api/money-out.schema'
import { useEmbedNavigation } from '../lib/embed-navigation'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { useAction } from '../lib/use-action'
import { useResource } from '../lib/use-resource'
import { FormFooter } from '../ui/form-footer'
import { TextField } from '../ui/text-field'
import { ResourceView } from '../ui/resource-view'

type Linked = ReturnType<typeof PlaidLinkedResponse.parse>
type Step =
  | { at: 'bank' }
  | { at: 'credentials'; institution: { id: string; name: string } }
  | { at: 'mfa'; sessionId: string; prompt: string }
  | { at: 'account'; linked: Linked }

/** Link the holder's own bank through Plaid Link (sandbox): bank → sign-in → code → account → saved, masked. */
export function PlaidLinkPage({ accountId }: { accountId: string }) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const navigation = useEmbedNavigation()
  const institutions = useResource('plaid-institutions', (signal) =>
    api.get('/plaid/institutions', PlaidInstitutionsResponse, signal),
  )
  const [step, setStep] = useState<Step>({ at: 'bank' })
  const [values, setValues] = useState({ username: '', password: '', code: '', account: '' })
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
      if (step.at === 'credentials') {
        const started = await api.post(`/accounts/${accountId}/plaid/link-sessions`, PlaidStartResponse, {
          institutionId: step.institution.id,
          username: values.username,
          password: values.password,
        })
        setStep({ at: 'mfa', sessionId: started.sessionId, prompt: errorText(started.mfa.promptKey, locale) })
      } else if (step.at === 'mfa') {
        setStep({
          at: 'account',
          linked: await api.post(
            `/accounts/${accountId}/plaid/link-sessions/${step.sessionId}/mfa`,
            PlaidLinkedResponse,
            { code: values.code },
          ),
        })
      } else if (step.at === 'account') {
        const recipient = await api.post(`/accounts/${accountId}/plaid/exchange`, RecipientView, {
          publicToken: step.linked.publicToken,
          plaidAccountId: values.account || step.linked.accounts[0]!.id,
        })
        navigation.go(`/app/cash/bank/send?recipient=${recipient.id}`)
      }
    })
  }
  if (step.at === 'bank') {
    return (
      <ResourceView resource={institutions}>
        {(loaded) => (
          <section className="cash-card cash-stack" aria-labelledby="plaid-banks">
            <h2 id="plaid-banks">{t('plaid.chooseBank')}</h2>
            <p className="cash-muted" style={{ margin: 0 }}>
              {t('plaid.privacy')}
            </p>
            <ul className="cash-link-list">
              {loaded.items.map((i) => (
                <li key={i.id}>
                  <button type="button" onClick={() => setStep({ at: 'credentials', institution: i })}>
                    <strong>{i.name}</strong>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )}
      </ResourceView>
    )
  }
  return (
    <form className="cash-card cash-stack" onSubmit={submit} noValidate aria-busy={action.busy}>
      {step.at === 'credentials' ? (
        <>
          <h2>{t('plaid.signIn', { bank: step.institution.name })}</h2>
          <p className="cash-notice" style={{ margin: 0 }}>
            {t('plaid.sandboxCredentials')}
          </p>
          <TextField label={t('plaid.username')} autoComplete="off" {...bind('username')} />
          <TextField label={t('plaid.password')} type="password" autoComplete="off" {...bind('password')} />
        </>
      ) : step.at === 'mfa' ? (
        <>
          <h2>{t('plaid.mfaTitle')}</h2>
          <p style={{ margin: 0 }}>{step.prompt}</p>
          <p className="cash-notice" style={{ margin: 0 }}>
            {t('plaid.sandboxCode')}
          </p>
          <TextField label={t('plaid.code')} inputMode="numeric" autoComplete="one-time-code" {...bind('code')} />
        </>
      ) : (
        <fieldset className="cash-stack" style={{ border: 0, padding: 0, margin: 0 }}>
          <legend>{t('plaid.chooseAccount', { bank: step.linked.institution })}</legend>
          {step.linked.accounts.map((a, i) => (
            <label key={a.id}>
              <input
                type="radio"
                name="account"
                value={a.id}
                checked={(values.account || step.linked.accounts[0]!.id) === a.id}
                onChange={() => setValues((v) => ({ ...v, account: a.id }))}
                defaultChecked={i === 0}
              />{' '}
              {a.name} •••• {a.mask}
            </label>
          ))}
        </fieldset>
      )}
      <FormFooter
        error={action.error}
        busy={action.busy}
        label={step.at === 'account' ? t('plaid.link') : t('pixSend.continue')}
        busyLabel={t('pixSend.checking')}
      />
    </form>
  )
}
