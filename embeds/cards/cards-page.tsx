import { CreditCard, Plus, UserPlus } from 'lucide-react'
import { CardsResponse } from '../../domain/api/money-out.schema'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { useResource } from '../lib/use-resource'
import { EmptyState } from '../ui/empty-state'
import { Icon } from '../ui/icon'
import { CardTile } from './card-tile'
import { ResourceView } from '../ui/resource-view'

/** The holder's cards (a company member: their own), each with its shipping, actions and recent activity. */
export function CardsPage({
  accountId,
  corporate,
  canIssue,
  orderPath,
}: {
  accountId: string
  corporate: boolean
  canIssue: boolean
  orderPath: string | null
}) {
  const { t } = useI18n()
  const { api, state } = useSession()
  const userId = state.status === 'signed-in' ? state.session.user.id : ''
  const data = useResource(`cards:${accountId}`, (signal) =>
    api.get(`/accounts/${accountId}/cards`, CardsResponse, signal),
  )
  return (
    <ResourceView resource={data}>
      {(loaded) => (
        <div className="cash-stack">
          {loaded.items.length === 0 ? (
            <div className="cash-card">
              <EmptyState
                icon={CreditCard}
                text={t('cards.none')}
                action={
                  orderPath ? (
                    <a className="cash-button" href={orderPath}>
                      {t('cards.orderLink')}
                    </a>
                  ) : undefined
                }
              />
            </div>
          ) : (
            loaded.items.map((c) => (
              <CardTile
                key={c.id}
                card={c}
                accountId={accountId}
                userId={userId}
                corporate={corporate}
                onChange={data.reload}
              />
            ))
          )}
          <div className="cash-actions">
            {orderPath && loaded.items.length > 0 ? (
              <a className="cash-button" data-variant="secondary" href={orderPath}>
                <Icon icon={Plus} />
                {t('cards.orderLink')}
              </a>
            ) : null}
            {canIssue ? (
              <a className="cash-button" data-variant="secondary" href="/app/cash/card/@corporate/add">
                <Icon icon={UserPlus} />
                {t('cards.issue')}
              </a>
            ) : null}
          </div>
        </div>
      )}
    </ResourceView>
  )
}
