import { useId, useState } from 'react'
import type { NotificationsResponse } from '../../domain/api/alerts.schema'
import { useI18n } from '../lib/i18n'
import { useAction } from '../lib/use-action'
import { ErrorState } from '../ui/state-views'
import { notificationText } from './notification-text'
import { useNotifications } from './use-notifications'

type ViewProps = { data: NotificationsResponse; onMarkRead: (id: string) => Promise<void>; onMarkAllRead: () => Promise<void> }

/** The list behind the notifications button: newest first, unread marked, read one or all. */
export function NotificationsList({ data, onMarkRead, onMarkAllRead }: ViewProps) {
  const { t, locale } = useI18n()
  const action = useAction()
  if (data.items.length === 0) {
    return (
      <p className="cash-muted" style={{ margin: 0 }}>
        {t('notifications.empty')} <a href="/app/cash/settings/alerts">{t('notifications.setAlerts')}</a>
      </p>
    )
  }
  return (
    <div className="cash-stack">
      {data.unread > 0 ? (
        <div>
          <button type="button" className="cash-button" data-variant="secondary" disabled={action.busy} onClick={() => void action.run(onMarkAllRead)}>
            {t('notifications.markAllRead')}
          </button>
        </div>
      ) : null}
      {action.error ? <p className="cash-alert" role="alert">{action.error}</p> : null}
      <ul className="cash-list" data-testid="home.notifications">
        {data.items.map((n) => {
          const text = notificationText(n, t, locale)
          return (
            <li key={n.id} className="cash-stack" style={{ gap: 4 }}>
              <div className="cash-row">
                <strong>{text.title}</strong>
                {n.read ? null : <span className="cash-badge">{t('notifications.new')}</span>}
              </div>
              <span>{text.body}</span>
              <span className="cash-muted">{new Date(n.createdAt).toLocaleString(locale)}</span>
              <div className="cash-actions">
                {n.kind === 'health_low' ? <a href="/app/cash/repay">{t('notifications.repay')}</a> : null}
                {n.read ? null : (
                  <button type="button" className="cash-button" data-variant="secondary" disabled={action.busy} aria-label={`${t('notifications.markRead')}: ${text.title}`} onClick={() => void action.run(() => onMarkRead(n.id))}>
                    {t('notifications.markRead')}
                  </button>
                )}
              </div>
            </li>
          )
        })}
      </ul>
    </div>
  )
}

/** Home's notifications: a button with the unread count that opens the list. */
export function NotificationsPanel() {
  const { t } = useI18n()
  const { resource, markRead, markAllRead } = useNotifications()
  const [open, setOpen] = useState(false)
  const listId = useId()
  const unread = resource.status === 'ready' ? resource.data.unread : 0
  return (
    <section className="cash-card cash-stack" aria-label={t('notifications.title')}>
      <div>
        <button type="button" className="cash-button" data-variant="secondary" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((o) => !o)}>
          {t('notifications.button')}
          {unread > 0 ? <span className="cash-badge" data-testid="home.notifications.unread" style={{ marginLeft: 8 }}>{t('notifications.unread', { count: String(unread) })}</span> : null}
        </button>
      </div>
      <div id={listId} hidden={!open}>
        {resource.status === 'error' ? <ErrorState message={resource.error.message} onRetry={resource.reload} /> : null}
        {open && resource.status === 'ready' ? <NotificationsList data={resource.data} onMarkRead={markRead} onMarkAllRead={markAllRead} /> : null}
      </div>
    </section>
  )
}
