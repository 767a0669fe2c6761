import { CardsResponse } from '../../domain/api/money-out.schema'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { useResource } from '../lib/use-resource'
import { ErrorState, LoadingState } from '../ui/state-views'
import { CardTile } from './card-tile'

/** The holder's cards (a company member: their own), each with its shipping, actions and recent activity. */
export function CardsPage({ accountId, canIssue, orderPath }: { accountId: string; canIssue: boolean; orderPath: string | null }) {
  const { t } = useI18n()
  const { api, state } = useSession()
  const userId = state.status === 'signed-in' ? state.session.user.id : ''
  const data = useResource(`cards:${accountId}`, (signal) => api.get(`/accounts/${accountId}/cards`, CardsResponse, signal))
  if (data.status === 'loading') return <LoadingState />
  if (data.status === 'error') return <ErrorState message={data.error.message} onRetry={data.reload} />
  return (
    <div className="cash-stack">
      {data.data.items.length === 0 ? <p className="cash-card">{t('cards.none')}</p> : data.data.items.map((c) => <CardTile key={c.id} card={c} accountId={accountId} userId={userId} onChange={data.reload} />)}
      {orderPath ? <a href={orderPath}>{t('cards.orderLink')}</a> : null}
      {canIssue ? <a href="/app/cash/card/@corporate/add">{t('cards.issue')}</a> : null}
    </div>
  )
}
