import type { EmbedProps } from '../lib/embed-props'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { FrozenGate } from '../ui/frozen-gate'
import { Page } from '../ui/page'
import { CalloutCard } from '../ui/state-views'
import { CardsPage } from './cards-page'
import { IssueCardPage } from './issue-card-page'
import { OrderCardPage } from './order-card-page'

/** Cards: the holder's or the company's cards, issuing to people, and ordering a virtual or physical card. */
export function CardsEmbed({ path, title }: EmbedProps) {
  const { t } = useI18n()
  const { state } = useSession()
  const corporate = path.includes('@corporate')
  const kind = corporate ? 'corporate' : 'personal'
  const membership =
    state.status === 'signed-in' ? state.session.memberships.find((m) => m.accountKind === kind) : undefined
  if (!membership)
    return (
      <Page title={title}>
        <CalloutCard title={t('home.noAccount.title')} body={t('home.noAccount.body')} />
      </Page>
    )
  const manager = membership.role !== 'member'
  return (
    <Page title={title}>
      {path === '/card/@corporate/add' ? (
        manager ? (
          <FrozenGate accountId={membership.accountId}>
            <IssueCardPage accountId={membership.accountId} />
          </FrozenGate>
        ) : (
          <p>{t('cards.issue.onlyManagers')}</p>
        )
      ) : path.startsWith('/order-card/') ? (
        manager ? (
          <FrozenGate accountId={membership.accountId}>
            <OrderCardPage accountId={membership.accountId} cardsPath={`/app/cash/card/@${kind}`} />
          </FrozenGate>
        ) : (
          <p>{t('cards.issue.onlyManagers')}</p>
        )
      ) : (
        <CardsPage
          accountId={membership.accountId}
          corporate={corporate}
          canIssue={corporate && manager}
          orderPath={manager ? `/app/cash/order-card/@${kind}` : null}
        />
      )}
    </Page>
  )
}
