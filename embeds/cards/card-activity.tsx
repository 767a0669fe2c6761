import { ShoppingBag } from 'lucide-react'
import { HistoryResponse } from '../../domain/api/money-out.schema'
import { HistoryRow } from '../ui/history-row'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { useResource } from '../lib/use-resource'
import { EmptyState } from '../ui/empty-state'
import { ResourceView } from '../ui/resource-view'

/** A card's recent purchases, from the transaction history (one source), each linking to its detail page. */
export function CardActivity({ accountId, cardId, last4 }: { accountId: string; cardId: string; last4: string }) {
  const { t } = useI18n()
  const { api } = useSession()
  const history = useResource(`card-activity:${cardId}`, (signal) =>
    api.get(`/accounts/${accountId}/history?cardId=${cardId}&limit=5`, HistoryResponse, signal),
  )
  return (
    <ResourceView resource={history}>
      {(loaded) => {
        const items = loaded.items
        return (
          <section className="cash-stack" aria-label={t('cards.activityOf', { last4 })}>
            <div className="cash-section-head" style={{ padding: 0 }}>
              <h3 style={{ margin: 0 }}>{t('cards.activity')}</h3>
            </div>
            {items.length === 0 ? (
              <EmptyState icon={ShoppingBag} text={t('cards.activity.none')} />
            ) : (
              <ul className="cash-rows" data-testid={`cards.activity-${last4}`}>
                {items.map((i) => (
                  <li key={i.id}>
                    <HistoryRow item={i} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        )
      }}
    </ResourceView>
  )
}
