import { AdminDashboard } from '../../domain/api/admin-people.schema'
import { formatDate } from '../../domain/format-date'
import type { EmbedProps } from '../lib/embed-props'
import { useI18n } from '../lib/i18n'
import { useResource } from '../lib/use-resource'
import { useSession } from '../lib/session'
import { Page } from '../ui/page'
import { AdminNav } from './admin-nav'
import { AuditTrail } from './audit-trail'
import { FeedbackInbox } from './feedback-inbox'
import { ResourceView } from '../ui/resource-view'

/**
 * The back office's front page: queues with links to work them, the ledger check, recent client errors and admin
 * actions.
 */
export function AdminDashboardPage({ title }: EmbedProps) {
  const { api } = useSession()
  const { t, locale } = useI18n()
  const dashboard = useResource('admin-dashboard', (signal) => api.get('/admin/dashboard', AdminDashboard, signal))
  const when = (iso: string) => formatDate(iso, locale, 'stamp')
  const n = (value: number) => value.toLocaleString(locale)
  return (
    <Page title={title}>
      <AdminNav current="/admin" />
      <ResourceView resource={dashboard}>
        {(loaded) => (
          <>
            <section className="cash-card cash-stack" aria-labelledby="admin-dashboard-queues">
              <h2 id="admin-dashboard-queues">{t('admin.dashboard.queues')}</h2>
              <ul className="cash-link-list" data-testid="admin-dashboard.queues">
                <li>
                  <a href="/app/cash/admin/identity-reviews">
                    <strong>{t('admin.dashboard.pendingKyc', { count: n(loaded.pendingKyc) })}</strong>
                    {t('admin.dashboard.pendingKyb', { count: n(loaded.pendingKyb) })}
                  </a>
                </li>
                <li>
                  <a href="/app/cash/admin/failed-recons">
                    <strong>{t('admin.dashboard.failedRecons', { count: n(loaded.openFailedRecons) })}</strong>
                  </a>
                </li>
                <li>
                  <a href="/app/cash/admin/pending-holds">
                    <strong>{t('admin.dashboard.pendingHolds', { count: n(loaded.pendingHolds.count) })}</strong>
                    {loaded.pendingHolds.oldestAt
                      ? t('admin.dashboard.oldestHold', { when: when(loaded.pendingHolds.oldestAt) })
                      : t('admin.dashboard.noHolds')}
                  </a>
                </li>
              </ul>
            </section>
            <section className="cash-card cash-stack" aria-labelledby="admin-dashboard-ledger">
              <h2 id="admin-dashboard-ledger">{t('admin.dashboard.ledger')}</h2>
              <p className={loaded.ledger.ok ? 'cash-notice' : 'cash-warning'} data-testid="admin-dashboard.ledger">
                {loaded.ledger.ok
                  ? t('admin.dashboard.ledgerOk', {
                      journals: n(loaded.ledger.journalsChecked),
                      accounts: n(loaded.ledger.accountsChecked),
                    })
                  : t('admin.dashboard.ledgerProblems', { count: n(loaded.ledger.problems.length) })}
              </p>
              {loaded.ledger.problems.length > 0 ? (
                <ul>
                  {loaded.ledger.problems.slice(0, 10).map((p) => (
                    <li key={`${p.kind}:${p.id}`}>
                      <code>{p.kind}</code> {p.id}: {p.detail}
                    </li>
                  ))}
                </ul>
              ) : null}
            </section>
            <section className="cash-card cash-stack" aria-labelledby="admin-dashboard-errors">
              <h2 id="admin-dashboard-errors">{t('admin.dashboard.errors')}</h2>
              {loaded.errorInbox.items.length === 0 ? (
                <p className="cash-muted">{t('admin.dashboard.noErrors')}</p>
              ) : null}
              <ul className="cash-stack" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {loaded.errorInbox.items.map((e) => (
                  <li key={e.id}>
                    <time dateTime={e.receivedAt}>{when(e.receivedAt)}</time> · {e.summary}
                  </li>
                ))}
              </ul>
            </section>
          </>
        )}
      </ResourceView>
      <FeedbackInbox />
      <AuditTrail />
    </Page>
  )
}
