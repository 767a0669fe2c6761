import type { EmbedProps } from '../lib/embed-props'
import { NeedsAccount } from '../ui/needs-account'
import { Page } from '../ui/page'
import { HistoryDetailPage } from './history-detail'
import { HistoryList } from './history-list'

/** Transaction history: the list, and one movement with its timeline (`card/{id}` is a card purchase). */
export function HistoryEmbed({ params, title }: EmbedProps) {
  const type = params.type ?? (params.id ? 'card' : null)
  return (
    <Page title={title}>
      <NeedsAccount>
        {(accountId) =>
          type && params.id ? (
            <HistoryDetailPage accountId={accountId} type={type} id={params.id} />
          ) : (
            <HistoryList accountId={accountId} />
          )
        }
      </NeedsAccount>
    </Page>
  )
}
