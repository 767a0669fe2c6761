import { errorText } from '../../domain/error-words'
import { useState } from 'react'
import { SafeView } from '../../domain/api/safe.schema'
import { useEmbedNavigation } from '../lib/embed-navigation'
import { useI18n } from '../lib/i18n'
import { safeNext } from '../lib/safe-next'
import { useSession } from '../lib/session'
import { useAction } from '../lib/use-action'
import { useResource } from '../lib/use-resource'
import { CopyButton } from '../ui/copy-button'
import { FormFooter } from '../ui/form-footer'
import { CalloutCard } from '../ui/state-views'
import { ResourceView } from '../ui/resource-view'

/** The account being set up: the company when onboarding a company, else the person's own. */
function useOnboardingAccount(next: string) {
  const { state } = useSession()
  const kind = next.includes('/corporate') ? 'corporate' : 'personal'
  const memberships = state.status === 'signed-in' ? state.session.memberships : []
  return memberships.find((m) => m.accountKind === kind && (m.role === 'holder' || m.role === 'owner'))
}

const nextParam = () => safeNext(new URLSearchParams(window.location.search).get('next'), '/app/cash')

/** `/safe-creation`: who will own the safe, its address before it exists, the threshold, then create. */
export function SafeCreationPage() {
  const { t } = useI18n()
  const next = nextParam()
  const membership = useOnboardingAccount(next)
  if (!membership)
    return (
      <CalloutCard
        title={t('home.noAccount.title')}
        body={t('home.noAccount.body')}
        action={<a href="/app/cash/onboarding/personal">{t('home.noAccount.action')}</a>}
      />
    )
  return <SafeCreation accountId={membership.accountId} next={next} />
}

function SafeCreation({ accountId, next }: { accountId: string; next: string }) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const navigation = useEmbedNavigation()
  const action = useAction()
  const [threshold, setThreshold] = useState(1)
  const data = useResource(`safe:${accountId}`, (signal) => api.get(`/accounts/${accountId}/safe`, SafeView, signal))
  return (
    <ResourceView resource={data}>
      {(loaded) => {
        const success = `/app/cash/safe-creation/success?next=${encodeURIComponent(next)}`
        if (loaded.safe) {
          return (
            <section className="cash-card cash-stack">
              <p style={{ margin: 0 }}>{t('safe.create.already')}</p>
              <a className="cash-button" href={success}>
                {t('safe.create.see')}
              </a>
            </section>
          )
        }
        const plan = loaded.plan!
        if (!plan.verification.approved)
          return (
            <CalloutCard
              title={t('safe.create.verifyFirst')}
              body={plan.verification.says ? errorText(plan.verification.says, locale) : ''}
              action={
                <a href={`${plan.verification.link}?next=${encodeURIComponent(next)}`}>
                  {t(`safe.create.verifyLink.${plan.verification.check}`)}
                </a>
              }
            />
          )
        const submit = (e: React.FormEvent) => {
          e.preventDefault()
          void action.run(async () => {
            await api.post(`/accounts/${accountId}/safe`, SafeView, { threshold })
            navigation.go(success)
          })
        }
        return (
          <form className="cash-card cash-stack" onSubmit={submit} noValidate aria-busy={action.busy}>
            <p style={{ margin: 0 }}>{t('safe.create.body')}</p>
            <div className="cash-stack" style={{ gap: 4 }}>
              <strong>{t('safe.address')}</strong>
              <code className="cash-mono" data-testid="safe.predicted-address" style={{ overflowWrap: 'anywhere' }}>
                {plan.address}
              </code>
              <span className="cash-muted">{t('safe.create.addressHint')}</span>
            </div>
            <div>
              <strong>{t('safe.owners')}</strong>
              <ul className="cash-list">
                {plan.owners.map((o) => (
                  <li key={o.address} className="cash-row">
                    <span>{o.name}</span>
                    <code className="cash-mono">
                      {o.address.slice(0, 6)}…{o.address.slice(-4)}
                    </code>
                  </li>
                ))}
              </ul>
            </div>
            {plan.maxThreshold > 1 ? (
              <div className="cash-field">
                <label htmlFor="safe-threshold">{t('safe.threshold')}</label>
                <select id="safe-threshold" value={threshold} onChange={(e) => setThreshold(Number(e.target.value))}>
                  {Array.from({ length: plan.maxThreshold }, (_, i) => i + 1).map((n) => (
                    <option key={n} value={n}>
                      {t('safe.thresholdOf', { n: String(n), of: String(plan.maxThreshold) })}
                    </option>
                  ))}
                </select>
                {action.fieldErrors.threshold ? (
                  <p className="cash-field-error" role="alert">
                    {action.fieldErrors.threshold}
                  </p>
                ) : null}
              </div>
            ) : null}
            <FormFooter
              error={action.error}
              busy={action.busy}
              label={t('safe.create.submit')}
              busyLabel={t('safe.create.submitting')}
            />
          </form>
        )
      }}
    </ResourceView>
  )
}

/** `/safe-creation/success`: the address to share, the deployment as the chain reports it, and what is next. */
export function SafeSuccessPage() {
  const { t } = useI18n()
  const next = nextParam()
  const membership = useOnboardingAccount(next)
  const { api } = useSession()
  const data = useResource(
    `safe-success:${membership?.accountId ?? 'none'}`,
    (signal) => api.get(`/accounts/${membership!.accountId}/safe`, SafeView, signal),
    { pollMs: 1500, keepPolling: (s) => s.safe?.status === 'deploying' },
  )
  if (!membership) return <CalloutCard title={t('home.noAccount.title')} body={t('home.noAccount.body')} />
  return (
    <ResourceView resource={data}>
      {(loaded) => {
        const safe = loaded.safe
        if (!safe)
          return (
            <CalloutCard
              title={t('safe.none')}
              body={t('safe.create.body')}
              action={
                <a href={`/app/cash/safe-creation?next=${encodeURIComponent(next)}`}>{t('safe.create.submit')}</a>
              }
            />
          )
        return (
          <section className="cash-card cash-stack" data-testid="safe.success">
            <p role="status" style={{ margin: 0 }}>
              {safe.status === 'deployed'
                ? t('safe.deployed', { network: safe.network })
                : t('safe.deploying', { network: safe.network })}
            </p>
            <code className="cash-mono" style={{ overflowWrap: 'anywhere' }}>
              {safe.address}
            </code>
            <div>
              <CopyButton text={safe.address} label={t('safe.copyAddress')} />
            </div>
            {safe.deployTxHash ? (
              <p className="cash-muted" style={{ margin: 0 }}>
                {t('safe.txHash')}:{' '}
                <code className="cash-mono">
                  {safe.deployTxHash.slice(0, 10)}…{safe.deployTxHash.slice(-8)}
                </code>
              </p>
            ) : null}
            <a className="cash-button" href={next}>
              {t('safe.continue')}
            </a>
          </section>
        )
      }}
    </ResourceView>
  )
}
