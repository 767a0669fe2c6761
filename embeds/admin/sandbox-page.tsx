import { useState, type FormEvent } from 'react'
import { announceDataChanged } from '../lib/data-changed'
import type { EmbedProps } from '../lib/embed-props'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { useClientConfig } from '../lib/use-client-config'
import { Page } from '../ui/page'
import { SandboxChip } from '../ui/sandbox-chip'
import { ResourceView } from '../ui/resource-view'
import { CalloutCard } from '../ui/state-views'
import { TextField } from '../ui/text-field'
import { AdminNav } from './admin-nav'
import { SandboxControls } from './sandbox-controls'

/**
 * `/admin/sandbox`: the test-mode dashboard for any account, on servers that are not in production. Until /config
 * says which server this is, the loading line; if it fails, its error with a retry.
 */
export function SandboxPage(props: EmbedProps) {
  const config = useClientConfig()
  return (
    <ResourceView resource={config}>
      {(c) => <SandboxDashboard {...props} environment={c.monitoring.environment} />}
    </ResourceView>
  )
}

function SandboxDashboard({ title, environment }: EmbedProps & { environment: string }) {
  const { api } = useSession()
  const { t } = useI18n()
  const [who, setWho] = useState('personal@demo.cash')
  const [acting, setActing] = useState<string | null>(null)
  const [error, setError] = useState<string | undefined>()
  if (environment === 'production') {
    return (
      <Page title={title}>
        <AdminNav current="/admin/sandbox" />
        <CalloutCard
          title={t('admin.sandbox.offTitle')}
          body={t('qa.sandboxOff')}
          action={<a href="/app/cash/admin">{t('admin.nav.dashboard')}</a>}
        />
      </Page>
    )
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const value = who.trim()
    if (!value) return setError(t('admin.sandbox.whoNeeded'))
    setActing(value)
  }
  return (
    <Page title={title} actions={<SandboxChip />}>
      <AdminNav current="/admin/sandbox" />
      <p className="cash-muted">{t('admin.sandbox.intro')}</p>
      <form className="cash-card cash-stack" onSubmit={submit} aria-label={t('admin.sandbox.pick')}>
        <TextField
          name="who"
          label={t('admin.sandbox.who')}
          hint={t('admin.sandbox.whoHint')}
          value={who}
          error={error}
          maxLength={254}
          onChange={(e) => (setWho(e.target.value), setError(undefined))}
        />
        <button type="submit" className="cash-button">
          {t('admin.sandbox.open')}
        </button>
      </form>
      {acting ? (
        <SandboxControls
          key={acting}
          api={api}
          who={acting}
          environment={environment}
          onChanged={announceDataChanged}
        />
      ) : null}
    </Page>
  )
}
