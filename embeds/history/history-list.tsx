import { Download, Receipt } from 'lucide-react'
import { useState } from 'react'
import { HISTORY_STATUSES as STATUSES, HISTORY_TYPES as TYPES } from '../../domain/activity-kinds'
import { HistoryResponse } from '../../domain/api/money-out.schema'
import { calendarDay, formatDay } from '../../domain/format-date'
import { HistoryRow } from '../ui/history-row'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { readyData, useResource } from '../lib/use-resource'
import { useAction } from '../lib/use-action'
import { EmptyState } from '../ui/empty-state'
import { Icon } from '../ui/icon'
import { Section } from '../ui/section'
import { ResourceView } from '../ui/resource-view'

type Item = ReturnType<typeof HistoryResponse.parse>['items'][number]

/** Newest-first movements in runs of one calendar day (the device's), as the list heads them. */
function byDay(items: readonly Item[]): { day: string; items: Item[] }[] {
  const days: { day: string; items: Item[] }[] = []
  for (const item of items) {
    const day = calendarDay(item.createdAt)
    if (days.at(-1)?.day === day) days.at(-1)!.items.push(item)
    else days.push({ day, items: [item] })
  }
  return days
}

/**
 * Every movement in one list, under a header per day ("Today", "Yesterday", then the date), each row with its
 * time: filters, search, "load more" paging and a CSV download of the same filter. `now` is the page's clock.
 */
export function HistoryList({ accountId, now = () => new Date() }: { accountId: string; now?: () => Date }) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const [type, setType] = useState('')
  const [status, setStatus] = useState('')
  const [q, setQ] = useState('')
  const [more, setMore] = useState<{ items: Item[]; cursor: string | null }>({ items: [], cursor: null })
  const filter = new URLSearchParams(Object.entries({ type, status, q }).filter(([, v]) => v))
  const first = useResource(`history:${accountId}:${filter}`, async (signal) => {
    const page = await api.get(`/accounts/${accountId}/history?${filter}`, HistoryResponse, signal)
    setMore({ items: [], cursor: page.nextCursor })
    return page
  })
  const loadMore = async () => {
    if (!more.cursor) return
    const page = await api.get(
      `/accounts/${accountId}/history?${filter}&before=${encodeURIComponent(more.cursor)}`,
      HistoryResponse,
    )
    setMore((m) => ({ items: [...m.items, ...page.items], cursor: page.nextCursor }))
  }
  const exporting = useAction()
  const download = () =>
    exporting.run(async () => {
      const csv = await api.file(`/accounts/${accountId}/history.csv?${filter}&locale=${locale}`, 'text/csv')
      const url = URL.createObjectURL(csv)
      const a = Object.assign(document.createElement('a'), { href: url, download: 'cash-history.csv' })
      a.click()
      URL.revokeObjectURL(url)
    })
  const items = [...(readyData(first)?.items ?? []), ...more.items]
  return (
    <div className="cash-stack">
      <form className="cash-card cash-stack" role="search" onSubmit={(e) => e.preventDefault()}>
        <div className="cash-field">
          <label htmlFor="history-q">{t('history.search')}</label>
          <input id="history-q" type="search" value={q} onChange={(e) => setQ(e.target.value)} />
        </div>
        <div className="cash-actions">
          <div className="cash-field">
            <label htmlFor="history-type">{t('history.type')}</label>
            <select id="history-type" value={type} onChange={(e) => setType(e.target.value)}>
              <option value="">{t('history.all')}</option>
              {TYPES.map((x) => (
                <option key={x} value={x}>
                  {t(`history.type.${x}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="cash-field">
            <label htmlFor="history-status">{t('history.status')}</label>
            <select id="history-status" value={status} onChange={(e) => setStatus(e.target.value)}>
              <option value="">{t('history.all')}</option>
              {STATUSES.map((x) => (
                <option key={x} value={x}>
                  {t(`history.status.${x}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div>
          <button
            type="button"
            className="cash-button"
            data-variant="secondary"
            aria-busy={exporting.busy}
            onClick={() => void download()}
          >
            <Icon icon={Download} />
            {t('history.csv')}
          </button>
          {exporting.error ? (
            <p className="cash-alert" role="alert" style={{ marginBottom: 0 }}>
              {exporting.error}
            </p>
          ) : null}
        </div>
      </form>
      <ResourceView
        resource={first}
        isEmpty={() => items.length === 0}
        empty={
          <div className="cash-card">
            <EmptyState
              icon={Receipt}
              text={t(type || status || q ? 'history.empty.filtered' : 'history.empty')}
              action={
                type || status || q ? (
                  <button
                    type="button"
                    className="cash-button"
                    data-variant="secondary"
                    onClick={() => (setType(''), setStatus(''), setQ(''))}
                  >
                    {t('history.clearFilters')}
                  </button>
                ) : (
                  <a className="cash-button" href="/app/cash/top-up">
                    {t('nav.topUp')}
                  </a>
                )
              }
            />
          </div>
        }
      >
        {() => (
          <div className="cash-stack" data-testid="history.list">
            {byDay(items).map((group) => (
              <Section key={group.day} title={formatDay(group.items[0]!.createdAt, locale, now())}>
                <ul className="cash-rows">
                  {group.items.map((i) => (
                    <li key={`${i.type}:${i.id}`}>
                      <HistoryRow item={i} when="time" />
                    </li>
                  ))}
                </ul>
              </Section>
            ))}
          </div>
        )}
      </ResourceView>
      {more.cursor ? (
        <div>
          <button type="button" className="cash-button" data-variant="secondary" onClick={() => void loadMore()}>
            {t('history.more')}
          </button>
        </div>
      ) : null}
    </div>
  )
}
