import { useId, useState } from 'react'
import type { z } from 'zod'
import { RulesResponse, RuleView } from '../../domain/api/cashback.schema'
import { type CASHBACK_CATEGORIES, CASHBACK_CUT_NOTICE_DAYS } from '../../domain/cashback'
import { formatDate } from '../../domain/format-date'
import { formatBps } from '../../domain/money'
import type { EmbedProps } from '../lib/embed-props'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { useAction } from '../lib/use-action'
import { readyData, useResource } from '../lib/use-resource'
import { Page } from '../ui/page'
import { TableScroll } from '../ui/table-scroll'
import { TextField } from '../ui/text-field'
import { AdminNav } from './admin-nav'
import { AuditTrail } from './audit-trail'
import { RuleForm, toIso } from './rule-form'
import { ResourceView } from '../ui/resource-view'

type Rule = z.infer<typeof RuleView>

/**
 * `admin/cashback-rules`: every version of every rule; create, change (a new version), remove. Cuts are announced
 * ahead.
 */
export function CashbackRulesPage({ title }: EmbedProps) {
  const { t } = useI18n()
  const { api } = useSession()
  const [version, setVersion] = useState(0)
  const [editing, setEditing] = useState<Rule | null>(null)
  const list = useResource(`admin-rules:${version}`, (signal) =>
    api.get('/admin/cashback-rules', RulesResponse, signal),
  )
  const changed = () => setVersion((v) => v + 1)
  const rules = new Map<string, Rule[]>()
  for (const r of readyData(list)?.items ?? []) rules.set(r.ruleId, [...(rules.get(r.ruleId) ?? []), r])
  return (
    <Page title={title}>
      <AdminNav current="/admin/cashback-rules" />
      <p className="cash-muted" style={{ margin: '0 0 var(--cash-space)' }}>
        {t('admin.rules.intro', { days: String(CASHBACK_CUT_NOTICE_DAYS) })}
      </p>
      <section className="cash-stack" aria-labelledby="rules-list">
        <h2 id="rules-list">{t('admin.rules.list')}</h2>
        <ResourceView
          resource={list}
          isEmpty={() => rules.size === 0}
          empty={<p className="cash-muted">{t('admin.rules.empty')}</p>}
        >
          {() =>
            [...rules.values()].map((versions) => (
              <RuleItem
                key={versions[0]!.ruleId}
                versions={versions}
                onChange={() => setEditing(versions.at(-1)!)}
                onChanged={changed}
              />
            ))
          }
        </ResourceView>
      </section>
      <RuleForm
        key={editing ? `${editing.ruleId}:${editing.version}` : 'new'}
        editing={editing}
        onDone={() => (setEditing(null), changed())}
        onCancel={() => setEditing(null)}
      />
      <AuditTrail subjectType="cashback_rule" version={version} />
    </Page>
  )
}

function RuleItem({
  versions,
  onChange,
  onChanged,
}: {
  versions: Rule[]
  onChange: () => void
  onChanged: () => void
}) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const id = useId()
  const last = versions.at(-1)!
  const when = (iso: string | null) => (iso ? formatDate(iso, locale, 'stamp') : '—')
  const now = Date.now()
  const pending = new Date(last.effectiveFrom).getTime() > now
  const [removing, setRemoving] = useState(false)
  const [effectiveFrom, setEffectiveFrom] = useState('')
  const remove = useAction()
  const percent = (bps: number) => formatBps(bps, locale)
  return (
    <article className="cash-card cash-stack" aria-labelledby={`${id}-name`} data-testid="admin.rule">
      <h3 id={`${id}-name`} style={{ margin: 0 }}>
        {last.name}
      </h3>
      <TableScroll inCard label={t('admin.rules.versions', { name: last.name })}>
        <table className="cash-table">
          <caption className="cash-visually-hidden">{t('admin.rules.versions', { name: last.name })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.rules.col.version')}</th>
              <th scope="col">{t('admin.rules.col.effectiveFrom')}</th>
              <th scope="col">{t('admin.rules.col.rate')}</th>
              <th scope="col">{t('admin.rules.col.scope')}</th>
              <th scope="col">{t('admin.rules.col.dates')}</th>
              <th scope="col">{t('admin.rules.col.by')}</th>
            </tr>
          </thead>
          <tbody>
            {versions.map((v) => (
              <tr key={v.version} data-testid="admin.rule.version">
                <th scope="row">
                  {v.version}
                  {v.cut ? ` · ${t('admin.rules.cut')}` : ''}
                </th>
                <td>
                  {when(v.effectiveFrom)}
                  {new Date(v.effectiveFrom).getTime() > now ? ` (${t('admin.rules.scheduled')})` : ''}
                </td>
                <td>{v.removed ? t('admin.rules.removed') : `+${percent(v.bps)} (${v.bps} bps)`}</td>
                <td>
                  {[
                    v.category ? t(`promotion.category.${v.category as (typeof CASHBACK_CATEGORIES)[number]}`) : null,
                    v.merchantName,
                  ]
                    .filter(Boolean)
                    .join(' · ') || t('admin.rules.everything')}
                </td>
                <td>{v.startsAt || v.endsAt ? `${when(v.startsAt)} → ${when(v.endsAt)}` : '—'}</td>
                <td>{v.createdBy ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {last.removed ? null : pending ? (
        <p className="cash-muted" style={{ margin: 0 }}>
          {t('admin.rules.waiting')}
        </p>
      ) : (
        <div className="cash-actions">
          <button type="button" className="cash-button" data-variant="secondary" onClick={onChange}>
            {t('admin.rules.change', { name: last.name })}
          </button>
          {!removing ? (
            <button type="button" className="cash-button" data-variant="secondary" onClick={() => setRemoving(true)}>
              {t('admin.rules.remove', { name: last.name })}
            </button>
          ) : null}
        </div>
      )}
      {removing ? (
        <form
          className="cash-notice cash-stack"
          noValidate
          aria-labelledby={`${id}-remove`}
          onSubmit={(e) => {
            e.preventDefault()
            void remove.run(async () => {
              await api.request('DELETE', `/admin/cashback-rules/${last.ruleId}`, RuleView, {
                body: { effectiveFrom: toIso(effectiveFrom) ?? undefined },
              })
              setRemoving(false)
              onChanged()
            })
          }}
        >
          <p id={`${id}-remove`} style={{ margin: 0 }}>
            {t('admin.rules.removeConfirm', { name: last.name, days: String(CASHBACK_CUT_NOTICE_DAYS) })}
          </p>
          <TextField
            name="effectiveFrom"
            type="datetime-local"
            label={t('admin.rules.field.effectiveFrom')}
            value={effectiveFrom}
            error={remove.fieldErrors.effectiveFrom}
            onChange={(e) => setEffectiveFrom(e.target.value)}
          />
          {remove.error ? (
            <p className="cash-alert" role="alert">
              {remove.error}
            </p>
          ) : null}
          <div className="cash-actions">
            <button type="submit" className="cash-button" disabled={remove.busy}>
              {t('admin.rules.removeSubmit')}
            </button>
            <button type="button" className="cash-button" data-variant="secondary" onClick={() => setRemoving(false)}>
              {t('admin.rules.keep')}
            </button>
          </div>
        </form>
      ) : null}
    </article>
  )
}
