import { useState } from 'react'
import {
  AdminFeedbackResponse,
  MarkFeedbackReadResponse,
  type AdminFeedbackItem,
} from '../../domain/api/support.schema'
import { formatDate } from '../../domain/format-date'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { useAction } from '../lib/use-action'
import { readyData, useResource } from '../lib/use-resource'
import { ErrorState, LoadingState } from '../ui/state-views'
import { ResourceView } from '../ui/resource-view'

/**
 * The back office's feedback inbox (issue 9): every message newest first with its rating, who sent it and
 * when, the unread count, and "Mark read" (audited on the server). Mounted on the admin dashboard.
 */
export function FeedbackInbox() {
  const { t } = useI18n()
  const { api } = useSession()
  const [unreadOnly, setUnreadOnly] = useState(false)
  const [changed, setChanged] = useState<{ key: string; data: AdminFeedbackResponse } | null>(null)
  const key = `admin-feedback:${unreadOnly}`
  const inbox = useResource(key, (signal) =>
    api.get(`/admin/feedback?limit=100${unreadOnly ? '&unread=true' : ''}`, AdminFeedbackResponse, signal),
  )
  const data = changed?.key === key ? changed.data : (readyData(inbox) ?? null)
  const onRead = (read: MarkFeedbackReadResponse) => {
    if (!data) return
    setChanged({
      key,
      data: { unread: read.unread, items: data.items.map((i) => (i.id === read.item.id ? read.item : i)) },
    })
  }
  const shown = data ? (
    data.items.length === 0 ? (
      <p className="cash-muted" style={{ margin: 0 }}>
        {t('support.inbox.empty')}
      </p>
    ) : (
      <ul className="cash-list">
        {data.items.map((item) => (
          <FeedbackRow key={item.id} item={item} onRead={onRead} />
        ))}
      </ul>
    )
  ) : null
  return (
    <section className="cash-card cash-stack" aria-labelledby="feedback-inbox-title" data-testid="support.inbox">
      <div className="cash-row">
        <h2 id="feedback-inbox-title">{t('support.inbox.title')}</h2>
        {data ? (
          <span className="cash-badge" data-testid="support.inbox.unread">
            {t('support.inbox.unread', { count: String(data.unread) })}
          </span>
        ) : null}
      </div>
      <label className="cash-row" style={{ justifyContent: 'flex-start' }}>
        <input
          type="checkbox"
          checked={unreadOnly}
          onChange={(e) => (setUnreadOnly(e.target.checked), setChanged(null))}
        />
        {t('support.inbox.unreadOnly')}
      </label>
      {/* What a read mark changed here is shown while the inbox loads again, and below a failure to. */}
      <ResourceView
        resource={inbox}
        loading={shown ?? <LoadingState />}
        error={(error, retry) => (
          <>
            <ErrorState message={error.message} onRetry={retry} />
            {shown}
          </>
        )}
      >
        {() => shown}
      </ResourceView>
    </section>
  )
}

function FeedbackRow({ item, onRead }: { item: AdminFeedbackItem; onRead: (read: MarkFeedbackReadResponse) => void }) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const action = useAction()
  const when = (iso: string) => formatDate(iso, locale, 'stamp')
  return (
    <li className="cash-stack" style={{ gap: 6 }}>
      <div className="cash-row">
        <strong aria-hidden="true">
          {'★'.repeat(item.rating)}
          {'☆'.repeat(5 - item.rating)}
        </strong>
        <span className="cash-visually-hidden">{t('support.inbox.rating', { rating: String(item.rating) })}</span>
        {item.readAt ? (
          <span className="cash-muted">{t('support.inbox.readAt', { date: when(item.readAt) })}</span>
        ) : (
          <span className="cash-badge">{t('support.inbox.new')}</span>
        )}
      </div>
      <p id={`feedback-${item.id}-message`} style={{ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {item.message}
      </p>
      <p className="cash-muted" style={{ margin: 0, fontSize: '0.875rem' }}>
        {t('support.inbox.from', { name: item.user.name, email: item.user.email })} ·{' '}
        <time dateTime={item.createdAt}>{when(item.createdAt)}</time>
        {item.account ? <> · {t('support.inbox.account', { name: item.account.name })}</> : null}
        {item.page ? <> · {t('support.inbox.page', { page: item.page })}</> : null}
      </p>
      {action.error ? (
        <p className="cash-field-error" role="alert">
          {action.error}
        </p>
      ) : null}
      {item.readAt ? null : (
        <div>
          <button
            type="button"
            className="cash-button"
            data-variant="secondary"
            disabled={action.busy}
            aria-describedby={`feedback-${item.id}-message`}
            onClick={() =>
              void action.run(async () =>
                onRead(await api.post(`/admin/feedback/${item.id}/read`, MarkFeedbackReadResponse)),
              )
            }
          >
            {action.busy ? t('support.inbox.marking') : t('support.inbox.markRead')}
          </button>
        </div>
      )}
    </li>
  )
}
