import { Bell, BellOff } from 'lucide-react'
import { useId, useState } from 'react'
import type { NotificationsResponse } from '../../domain/api/alerts.schema'
import { formatDate } from '../../domain/format-date'
import { useI18n } from '../lib/i18n'
import { useAction } from '../lib/use-action'
import { readyData } from '../lib/use-resource'
import { EmptyState } from '../ui/empty-state'
import { Avatar, ListRow } from '../ui/list-row'
import { notificationText } from './notification-text'
import { useNotifications } from './use-notifications'
import { ResourceView } from '../ui/resource-view'

type ViewProps = {
  data: NotificationsResponse
  onMarkRead: (id: string) => Promise<void>
  onMarkAllRead: () => Promise<void>
}

/** The list behind the notifications button: newest first, unread marked, read one or all. */
export function NotificationsList({ data, onMarkRead, onMarkAllRead }: ViewProps) {
  const { t, locale } = useI18n()
  const action = useAction()
  if (data.items.length === 0) {
    return (
      <EmptyState
        icon={BellOff}
        text={t('notifications.empty')}
        action={
          <a className="cash-button" data-variant="secondary" href="/app/cash/settings/alerts">
            {t('notifications.setAlerts')}
          </a>
        }
      />
    )
  }
  return (
    <div className="cash-stack">
      {data.unread > 0 ? (
        <div>
          <button
            type="button"
            className="cash-button"
            data-variant="secondary"
            disabled={action.busy}
            onClick={() => void action.run(onMarkAllRead)}
          >
            {t('notifications.markAllRead')}
          </button>
        </div>
      ) : null}
      {action.error ? (
        <p className="cash-alert" role="alert">
          {action.error}
        </p>
      ) : null}
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
              <time className="cash-muted" dateTime={n.createdAt}>
                {formatDate(n.createdAt, locale, 'dateTime')}
              </time>
              <div className="cash-actions">
                {n.kind === 'health_low' ? <a href="/app/cash/repay">{t('notifications.repay')}</a> : null}
                {n.read ? null : (
                  <button
                    type="button"
                    className="cash-button"
                    data-variant="secondary"
                    disabled={action.busy}
                    aria-label={`${t('notifications.markRead')}: ${text.title}`}
                    onClick={() => void action.run(() => onMarkRead(n.id))}
                  >
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
  const unread = readyData(resource)?.unread ?? 0
  return (
    <section className="cash-rows" aria-label={t('notifications.title')}>
      <ListRow
        leading={<Avatar icon={Bell} />}
        title={t('notifications.button')}
        subtitle={unread > 0 ? undefined : t('notifications.allRead')}
        end={
          unread > 0 ? (
            <span className="cash-badge" data-testid="home.notifications.unread" data-tone="accent">
              {t('notifications.unread', { count: String(unread) })}
            </span>
          ) : undefined
        }
        chevron
        onClick={() => setOpen((o) => !o)}
        rowProps={{ 'aria-expanded': open, 'aria-controls': listId }}
      />
      <div id={listId} hidden={!open} style={{ padding: '0 16px 16px' }}>
        <ResourceView resource={resource} loading={null}>
          {(loaded) =>
            open ? <NotificationsList data={loaded} onMarkRead={markRead} onMarkAllRead={markAllRead} /> : null
          }
        </ResourceView>
      </div>
    </section>
  )
}
