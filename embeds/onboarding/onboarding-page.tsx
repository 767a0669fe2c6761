import { useState } from 'react'
import { OpenAccountBody, OpenAccountResponse } from '../../domain/api/account.schema'
import { OnboardingView } from '../../domain/api/safe.schema'
import { deviceTimeZone } from '../../domain/format-date'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { useAction } from '../lib/use-action'
import { useResource } from '../lib/use-resource'
import { FormFooter } from '../ui/form-footer'
import { TextField } from '../ui/text-field'
import { TimeZoneField } from './time-zone-field'
import { ResourceView } from '../ui/resource-view'

type Kind = 'personal' | 'corporate'

/** The first step: open the account (a person's own, or a company's). */
function ProfileStep({ kind, onDone }: { kind: Kind; onDone: () => Promise<void> }) {
  const { t } = useI18n()
  const { api } = useSession()
  const action = useAction()
  const [name, setName] = useState('')
  const [timeZone, setTimeZone] = useState(deviceTimeZone)
  const [nameError, setNameError] = useState<string | undefined>()
  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    const body = { kind, timeZone, ...(kind === 'corporate' ? { name } : {}) }
    const parsed = OpenAccountBody.safeParse(body)
    if (kind === 'corporate' && (!name.trim() || !parsed.success))
      return setNameError(t('onboarding.profile.companyNameNeeded'))
    setNameError(undefined)
    void action.run(async () => {
      await api.post('/accounts', OpenAccountResponse, body)
      await onDone()
    })
  }
  return (
    <form id="profile" className="cash-card cash-stack" onSubmit={submit} noValidate aria-busy={action.busy}>
      <h2>{t(`onboarding.profile.title.${kind}`)}</h2>
      <p className="cash-muted" style={{ margin: 0 }}>
        {t(`onboarding.profile.body.${kind}`)}
      </p>
      {kind === 'corporate' ? (
        <TextField
          label={t('onboarding.profile.companyName')}
          name="name"
          autoComplete="organization"
          value={name}
          error={nameError ?? action.fieldErrors.name}
          onChange={(e) => setName(e.target.value)}
        />
      ) : null}
      <TimeZoneField value={timeZone} onChange={setTimeZone} error={action.fieldErrors.timeZone} />
      <FormFooter
        error={action.error}
        busy={action.busy}
        label={t('onboarding.profile.submit')}
        busyLabel={t('onboarding.profile.submitting')}
      />
    </form>
  )
}

/** Onboarding as steps read from the account's real state; each step leads to the screen that does it. */
export function OnboardingPage({ kind }: { kind: Kind }) {
  const { t } = useI18n()
  const { api, refresh } = useSession()
  const data = useResource(`onboarding:${kind}`, (signal) => api.get(`/onboarding/${kind}`, OnboardingView, signal), {
    pollMs: 3000,
    keepPolling: (o) => o.steps.some((s) => s.state === 'waiting'),
  })
  return (
    <ResourceView resource={data}>
      {(o) => {
        const done = o.steps.filter((s) => s.state === 'done').length
        const current = o.steps.find((s) => s.state === 'current')
        return (
          <div className="cash-stack">
            <section className="cash-card cash-stack" aria-labelledby="onboarding-progress">
              <h2 id="onboarding-progress">
                {o.complete
                  ? t('onboarding.complete')
                  : t('onboarding.progress', { done: String(done), total: String(o.steps.length) })}
              </h2>
              <progress
                max={o.steps.length}
                value={done}
                aria-labelledby="onboarding-progress"
                style={{ width: '100%' }}
              />
              <ol className="cash-list" data-testid="onboarding.steps">
                {o.steps.map((s) => (
                  <li key={s.id} className="cash-row" aria-current={s.state === 'current' ? 'step' : undefined}>
                    <span>{t(`onboarding.step.${s.id}.${kind}`)}</span>
                    <span className="cash-badge">{t(`onboarding.state.${s.state}`)}</span>
                  </li>
                ))}
              </ol>
              {o.steps
                .filter((s) => s.state === 'waiting' && s.detail)
                .map((s) => (
                  <p key={s.id} className="cash-notice" role="status" style={{ margin: 0 }}>
                    {s.detail}
                  </p>
                ))}
            </section>
            {current?.id === 'profile' ? (
              <ProfileStep kind={kind} onDone={async () => (await refresh(), data.reload())} />
            ) : current ? (
              <section className="cash-card cash-stack">
                <h2>{t(`onboarding.step.${current.id}.${kind}`)}</h2>
                <p style={{ margin: 0 }}>{current.detail ?? t(`onboarding.next.${current.id}`)}</p>
                <a className="cash-button" href={current.href}>
                  {t(`onboarding.go.${current.id}.${kind}`)}
                </a>
              </section>
            ) : o.complete ? (
              <section className="cash-card cash-stack" role="status">
                <p style={{ margin: 0 }}>{t('onboarding.completeBody')}</p>
                <a className="cash-button" href="/app/cash">
                  {t('state.goHome')}
                </a>
              </section>
            ) : null}
          </div>
        )
      }}
    </ResourceView>
  )
}
