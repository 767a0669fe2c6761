import { HistoryResponse } from '../../domain/api/money-out.schema'
import { HistoryRow } from '../ui/history-row'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { useResource } from '../lib/use-resource'
import { ErrorState, LoadingState } from '../ui/state-views'

/** A card's recent purchases, from the transaction history (one source), each linking to its detail page. */
export function CardActivity({ accountId, cardId, last4 }: { accountId: string; cardId: string; last4: string }) {
  const { t } = useI18n()
  const { api } = useSession()
  const history = useResource(`card-activity:${cardId}`, (signal) => api.get(`/accounts/${accountId}/history?cardId=${cardId}&limit=5`, HistoryResponse, signal))
  if (history.status === 'loading') return <LoadingState />
  if (history.status === 'error') return <ErrorState message={history.error.message} onRetry={history.reload} />
  const items = history.data.items
  return (
    <section className="cash-stack" aria-label={t('cards.activityOf', { last4 })}>
      <h3 style={{ margin: 0 }}>{t('cards.activity')}</h3>
      {items.length === 0 ? (
        <p className="cash-muted" style={{ margin: 0 }}>{t('cards.activity.none')}</p>
      ) : (
        <ul className="cash-list" data-testid={`cards.activity-${last4}`}>
          {items.map((i) => (
            <li key={i.id}><HistoryRow item={i} /></li>
          ))}
        </ul>
      )}
      {items.length > 0 ? <a href="/app/cash/transaction-history">{t('cards.activity.all')}</a> : null}
    </section>
  )
}
