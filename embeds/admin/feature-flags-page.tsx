import { useState, type ChangeEvent, type FormEvent } from 'react'
import { z } from 'zod'
import { FeatureFlagOverrideBody, FeatureFlagsResponse, FeatureFlagView } from '../../domain/api/admin-people.schema'
import { formatDate } from '../../domain/format-date'
import type { EmbedProps } from '../lib/embed-props'
import { useI18n } from '../lib/i18n'
import { useAction } from '../lib/use-action'
import { useResource } from '../lib/use-resource'
import { useSession } from '../lib/session'
import { useZodForm } from '../lib/use-zod-form'
import { FormFooter } from '../ui/form-footer'
import { Page } from '../ui/page'
import { TextField } from '../ui/text-field'
import { AdminNav } from './admin-nav'
import { AuditTrail } from './audit-trail'
import { ResourceView } from '../ui/resource-view'

/** The override form's fields as typed: the on/off choice arrives as text from the select. */
const OverrideForm = z.object({
  email: FeatureFlagOverrideBody.shape.email,
  enabled: z.enum(['true', 'false']).transform((v) => v === 'true'),
})

/** Feature flags: on/off, percentage rollout by a stable hash of the user id, and per-person overrides. */
export function FeatureFlagsPage({ title }: EmbedProps) {
  const { api } = useSession()
  const [version, setVersion] = useState(0)
  const flags = useResource(`admin-flags:${version}`, (signal) =>
    api.get('/admin/feature-flags', FeatureFlagsResponse, signal),
  )
  const changed = () => setVersion((v) => v + 1)
  return (
    <Page title={title}>
      <AdminNav current="/admin/feature-flags" />
      <ResourceView resource={flags}>
        {(loaded) =>
          loaded.items.map((f) => (
            <FlagCard key={`${f.key}:${f.updatedAt ?? ''}:${version}`} flag={f} onChanged={changed} />
          ))
        }
      </ResourceView>
      <AuditTrail subjectType="feature_flag" version={version} />
    </Page>
  )
}

function FlagCard({ flag, onChanged }: { flag: FeatureFlagView; onChanged: () => void }) {
  const { api } = useSession()
  const { t, locale } = useI18n()
  const save = useAction()
  const remove = useAction()
  const [enabled, setEnabled] = useState(flag.enabled)
  const [rollout, setRollout] = useState(String(flag.rolloutPercent))
  const id = `admin-flag-${flag.key}`
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void save.run(async () => {
      await api.put(`/admin/feature-flags/${flag.key}`, FeatureFlagView, { enabled, rolloutPercent: rollout })
      onChanged()
    })
  }
  const override = useZodForm(OverrideForm, { email: '', enabled: 'true' }, async (data) => {
    await api.put(`/admin/feature-flags/${flag.key}/overrides`, FeatureFlagView, data)
    onChanged()
  })
  const overrideEnabled = override.bind('enabled')
  return (
    <section className="cash-card cash-stack" aria-labelledby={`${id}-title`} data-testid={id}>
      <h2 id={`${id}-title`}>
        <code>{flag.key}</code>
      </h2>
      <p>{t(`admin.flags.description.${flag.key}`)}</p>
      <p className="cash-muted">
        {flag.updatedAt
          ? t('admin.flags.updated', { when: formatDate(flag.updatedAt, locale, 'stamp') })
          : t('admin.flags.default')}
      </p>
      <form
        className="cash-stack"
        onSubmit={submit}
        noValidate
        aria-busy={save.busy}
        aria-label={t('admin.flags.stateLabel', { key: flag.key })}
      >
        <label>
          <input type="checkbox" name="enabled" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />{' '}
          {t('admin.flags.enabled')}
        </label>
        <TextField
          label={t('admin.flags.rollout')}
          hint={t('admin.flags.rolloutHint')}
          name="rolloutPercent"
          inputMode="numeric"
          value={rollout}
          error={save.fieldErrors.rolloutPercent}
          onChange={(e) => setRollout(e.target.value)}
        />
        <FormFooter
          error={save.error}
          busy={save.busy}
          label={t('admin.flags.save')}
          busyLabel={t('admin.flags.busy')}
        />
      </form>
      <h3>{t('admin.flags.overrides')}</h3>
      {flag.overrides.length === 0 ? <p className="cash-muted">{t('admin.flags.noOverrides')}</p> : null}
      <ul className="cash-stack" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {flag.overrides.map((o) => (
          <li key={o.userId} className="cash-row">
            <span>
              {o.email} · {o.enabled ? t('admin.flags.on') : t('admin.flags.off')}
            </span>
            <button
              type="button"
              className="cash-button"
              data-variant="secondary"
              disabled={remove.busy}
              onClick={() =>
                void remove.run(async () => {
                  await api.request('DELETE', `/admin/feature-flags/${flag.key}/overrides/${o.userId}`, FeatureFlagView)
                  onChanged()
                })
              }
            >
              {t('admin.flags.removeOverride', { email: o.email })}
            </button>
          </li>
        ))}
      </ul>
      {remove.error ? (
        <p className="cash-alert" role="alert">
          {remove.error}
        </p>
      ) : null}
      <form
        className="cash-stack"
        onSubmit={(e) => void override.onSubmit(e)}
        noValidate
        aria-busy={override.busy}
        aria-label={t('admin.flags.overrideLabel', { key: flag.key })}
      >
        <TextField
          label={t('admin.flags.overrideEmail')}
          type="email"
          inputMode="email"
          autoComplete="off"
          {...override.bind('email')}
        />
        <div className="cash-field">
          <label htmlFor={`${id}-override-state`}>{t('admin.flags.overrideState')}</label>
          <select
            id={`${id}-override-state`}
            name="enabled"
            value={overrideEnabled.value}
            onChange={
              (e) =>
                overrideEnabled.onChange(e as unknown as ChangeEvent<HTMLInputElement>) /* only target.value is read */
            }
          >
            <option value="true">{t('admin.flags.on')}</option>
            <option value="false">{t('admin.flags.off')}</option>
          </select>
        </div>
        <FormFooter
          error={override.formError}
          busy={override.busy}
          label={t('admin.flags.addOverride')}
          busyLabel={t('admin.flags.busy')}
        />
      </form>
    </section>
  )
}
