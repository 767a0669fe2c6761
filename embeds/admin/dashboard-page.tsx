import { AdminDashboard } from '../../domain/api/admin-people.schema'
import { formatDate } from '../../domain/format-date'
import type { EmbedProps } from '../lib/embed-props'
import { useI18n } from '../lib/i18n'
import { useResource } from '../lib/use-resource'
import { useSession } from '../lib/session'
import { Page } from '../ui/page'
import { ErrorState, LoadingState } from '../ui/state-views'
import { AdminNav } from './admin-nav'
import { AuditTrail } from './audit-trail'
import { FeedbackInbox } from './feedback-inbox'

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
      {dashboard.status === 'loading' ? <LoadingState /> : null}
      {dashboard.status === 'error' ? (
        <ErrorState message={dashboard.error.message} onRetry={dashboard.reload} />
      ) : null}
      {dashboard.status === 'ready' ? (
        <>
          <section className="cash-card cash-stack" aria-labelledby="admin-dashboard-queues">
            <h2 id="admin-dashboard-queues">{t('admin.dashboard.queues')}</h2>
            <ul className="cash-link-list" data-testid="admin-dashboard.queues">
              <li>
                <a href="/app/cash/admin/identity-reviews">
                  <strong>{t('admin.dashboard.pendingKyc', { count: n(dashboard.data.pendingKyc) })}</strong>
                  {t('admin.dashboard.pendingKyb', { count: n(dashboard.data.pendingKyb) })}
                </a>
              </li>
              <li>
                <a href="/app/cash/admin/failed-recons">
                  <strong>{t('admin.dashboard.failedRecons', { count: n(dashboard.data.openFailedRecons) })}</strong>
                </a>
              </li>
              <li>
                <a href="/app/cash/admin/pending-holds">
                  <strong>{t('admin.dashboard.pendingHolds', { count: n(dashboard.data.pendingHolds.count) })}</strong>
                  {dashboard.data.pendingHolds.oldestAt
                    ? t('admin.dashboard.oldestHold', { when: when(dashboard.data.pendingHolds.oldestAt) })
                    : t('admin.dashboard.noHolds')}
                </a>
              </li>
            </ul>
          </section>
          <section className="cash-card cash-stack" aria-labelledby="admin-dashboard-ledger">
            <h2 id="admin-dashboard-ledger">{t('admin.dashboard.ledger')}</h2>
            <p
              className={dashboard.data.ledger.ok ? 'cash-notice' : 'cash-warning'}
              data-testid="admin-dashboard.ledger"
            >
              {dashboard.data.ledger.ok
                ? t('admin.dashboard.ledgerOk', {
                    journals: n(dashboard.data.ledger.journalsChecked),
                    accounts: n(dashboard.data.ledger.accountsChecked),
                  })
                : t('admin.dashboard.ledgerProblems', { count: n(dashboard.data.ledger.problems.length) })}
            </p>
            {dashboard.data.ledger.problems.length > 0 ? (
              <ul>
                {dashboard.data.ledger.problems.slice(0, 10).map((p) => (
                  <li key={`${p.kind}:${p.id}`}>
                    <code>{p.kind}</code> {p.id}: {p.detail}
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
          <section className="cash-card cash-stack" aria-labelledby="admin-dashboard-errors">
            <h2 id="admin-dashboard-errors">{t('admin.dashboard.errors')}</h2>
            {dashboard.data.errorInbox.items.length === 0 ? (
              <p className="cash-muted">{t('admin.dashboard.noErrors')}</p>
            ) : null}
            <ul className="cash-stack" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {dashboard.data.errorInbox.items.map((e) => (
                <li key={e.id}>
                  <time dateTime={e.receivedAt}>{when(e.receivedAt)}</time> · {e.summary}
                </li>
              ))}
            </ul>
          </section>
        </>
      ) : null}
      <FeedbackInbox />
      <AuditTrail />
    </Page>
  )
}
