import { useState } from 'react'
import { VaultEmailRequestBody, VaultEmailVerifyBody, VaultEmailView } from '../../domain/api/settings.schema'
import { formatDate } from '../../domain/format-date'
import { useI18n } from '../lib/i18n'
import { useAction } from '../lib/use-action'
import { useResource } from '../lib/use-resource'
import { useSession } from '../lib/session'
import { useZodForm } from '../lib/use-zod-form'
import { FormFooter } from '../ui/form-footer'
import { TextField } from '../ui/text-field'
import { ResourceView } from '../ui/resource-view'

/**
 * `/settings/vault-email`: the verified address in use, one waiting for its code (shown "unverified"), the
 * code form, and a form to send a code to a new address.
 */
export function VaultEmailPage() {
  const { api } = useSession()
  const [view, setView] = useState<VaultEmailView | null>(null)
  const loaded = useResource('vault-email', (signal) => api.get('/vault-email', VaultEmailView, signal))
  return (
    <ResourceView resource={loaded}>
      {(ready) => {
        return <VaultEmailForms view={view ?? ready} onChange={setView} />
      }}
    </ResourceView>
  )
}

function VaultEmailForms({ view, onChange }: { view: VaultEmailView; onChange: (view: VaultEmailView) => void }) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const [notice, setNotice] = useState<string | null>(null)
  const request = useZodForm(VaultEmailRequestBody, { email: '' }, async (data) => {
    setNotice(null)
    onChange(await api.post('/vault-email', VaultEmailView, data))
  })
  const verify = useZodForm(VaultEmailVerifyBody, { code: '' }, async (data) => {
    const next = await api.post('/vault-email/verify', VaultEmailView, data)
    setNotice(t('vault.verified', { email: next.verified?.email ?? '' }))
    onChange(next)
  })
  const resend = useAction()
  const date = (iso: string) => formatDate(iso, locale, 'dateTime')
  return (
    <div className="cash-stack">
      <p className="cash-muted" style={{ margin: 0 }}>
        {t('vault.intro')}
      </p>
      <section className="cash-card cash-stack" aria-labelledby="vault-current">
        <h2 id="vault-current">{t('vault.current')}</h2>
        {view.verified ? (
          <p style={{ margin: 0 }} data-testid="vault.verified">
            <strong>{view.verified.email}</strong>{' '}
            <span className="cash-muted">{t('vault.verifiedAt', { date: date(view.verified.verifiedAt) })}</span>
          </p>
        ) : (
          <p className="cash-muted" style={{ margin: 0 }}>
            {t('vault.none')}
          </p>
        )}
        {view.pending ? (
          <div className="cash-stack" data-testid="vault.pending">
            <p className="cash-row" style={{ margin: 0, justifyContent: 'flex-start' }}>
              <strong>{view.pending.email}</strong> <span className="cash-badge">{t('vault.unverified')}</span>
            </p>
            {view.pending.codeUsable ? (
              <form className="cash-stack" onSubmit={(e) => void verify.onSubmit(e)} noValidate aria-busy={verify.busy}>
                <p className="cash-muted" style={{ margin: 0 }}>
                  {t('vault.pendingNote', { email: view.pending.email })}
                </p>
                <TextField
                  label={t('vault.code')}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  {...verify.bind('code')}
                />
                <FormFooter
                  error={verify.formError}
                  busy={verify.busy}
                  label={t('vault.verify')}
                  busyLabel={t('vault.verifying')}
                />
              </form>
            ) : (
              <div className="cash-stack">
                <p className="cash-alert" role="alert" style={{ margin: 0 }}>
                  {t('vault.codeDead', { email: view.pending.email })}
                </p>
                {resend.error || resend.fieldErrors.email ? (
                  <p className="cash-field-error" role="alert">
                    {resend.error ?? resend.fieldErrors.email}
                  </p>
                ) : null}
                <button
                  type="button"
                  className="cash-button"
                  disabled={resend.busy}
                  onClick={() =>
                    void resend.run(async () =>
                      onChange(await api.post('/vault-email', VaultEmailView, { email: view.pending!.email })),
                    )
                  }
                >
                  {resend.busy ? t('vault.sending') : t('vault.resend')}
                </button>
              </div>
            )}
          </div>
        ) : null}
        {notice ? (
          <p role="status" className="cash-notice" style={{ margin: 0 }}>
            {notice}
          </p>
        ) : null}
      </section>
      <form
        className="cash-card cash-stack"
        onSubmit={(e) => void request.onSubmit(e)}
        noValidate
        aria-busy={request.busy}
      >
        <TextField
          label={t('vault.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          {...request.bind('email')}
        />
        <FormFooter
          error={request.formError}
          busy={request.busy}
          label={t('vault.send')}
          busyLabel={t('vault.sending')}
        />
      </form>
    </div>
  )
}
