import { AuditResponse, type AuditSubject } from '../../domain/api/admin.schema'
import { errorText } from '../../domain/error-words'
import { formatDate } from '../../domain/format-date'
import { useI18n } from '../lib/i18n'
import { useResource } from '../lib/use-resource'
import { useSession } from '../lib/session'
import { ResourceView } from '../ui/resource-view'

const show = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value, null, 1))

/**
 * The audit lines of one record (or, with no subject, of the whole back office): who did what, when, and the
 * record before and after. `version` changes after an action so the trail reloads with it.
 */
export function AuditTrail({
  subjectType,
  subjectId,
  version = 0,
}: {
  subjectType?: AuditSubject
  subjectId?: string
  version?: number
}) {
  const { api } = useSession()
  const { t, locale } = useI18n()
  const query = new URLSearchParams()
  if (subjectType) query.set('subjectType', subjectType)
  if (subjectId) query.set('subjectId', subjectId)
  const audit = useResource(`audit:${query.toString()}:${version}`, (signal) =>
    api.get(`/admin/audit?${query.toString()}`, AuditResponse, signal),
  )
  return (
    <section className="cash-card cash-stack" aria-labelledby="audit-trail-title">
      <h2 id="audit-trail-title">{t('admin.audit.title')}</h2>
      <ResourceView
        resource={audit}
        isEmpty={(loaded) => loaded.items.length === 0}
        empty={<p className="cash-muted">{t('admin.audit.empty')}</p>}
      >
        {(loaded) => (
          <ol className="cash-stack" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="audit-trail">
            {loaded.items.map((e) => (
              <li
                key={e.id}
                className="cash-stack"
                style={{ borderTop: '1px solid var(--cash-border)', paddingTop: '0.5rem' }}
              >
                <p style={{ margin: 0 }}>
                  <strong>{e.action}</strong> · {e.actor.email} ·{' '}
                  <time dateTime={e.at}>{formatDate(e.at, locale, 'stamp')}</time>
                </p>
                {e.reason || e.reasonMessage ? (
                  <p style={{ margin: 0 }}>
                    {t('admin.audit.reason')}: {e.reasonMessage ? errorText(e.reasonMessage, locale) : e.reason}
                  </p>
                ) : null}
                <dl className="cash-row" style={{ margin: 0, alignItems: 'flex-start' }}>
                  <div>
                    <dt className="cash-muted">{t('admin.audit.before')}</dt>
                    <dd style={{ margin: 0 }}>
                      <code data-testid="audit-before">{show(e.before) ?? t('admin.audit.nothing')}</code>
                    </dd>
                  </div>
                  <div>
                    <dt className="cash-muted">{t('admin.audit.after')}</dt>
                    <dd style={{ margin: 0 }}>
                      <code data-testid="audit-after">{show(e.after) ?? t('admin.audit.nothing')}</code>
                    </dd>
                  </div>
                </dl>
              </li>
            ))}
          </ol>
        )}
      </ResourceView>
    </section>
  )
}
