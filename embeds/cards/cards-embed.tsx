import { CardView } from '../../domain/api/money-out.schema'
import { useEmbedNavigation } from '../lib/embed-navigation'
import type { EmbedProps } from '../lib/embed-props'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { useAction } from '../lib/use-action'
import { Page } from '../ui/page'
import { CalloutCard } from '../ui/state-views'
import { FormFooter } from '../ui/form-footer'
import { CardsPage } from './cards-page'
import { IssueCardPage } from './issue-card-page'

/** Order a card: a virtual one is ready at once; physical cards come with shipping (not yet). */
function OrderCard({ accountId }: { accountId: string }) {
  const { t } = useI18n()
  const { api } = useSession()
  const navigation = useEmbedNavigation()
  const action = useAction()
  const kind = window.location.pathname.includes('@corporate') ? 'corporate' : 'personal'
  return (
    <form className="cash-card cash-stack" noValidate onSubmit={(e) => (e.preventDefault(), void action.run(async () => (await api.post(`/accounts/${accountId}/cards`, CardView, {}), navigation.go(`/app/cash/card/@${kind}`))))}>
      <h2>{t('cards.order.virtual')}</h2>
      <p style={{ margin: 0 }}>{t('cards.order.virtualBody')}</p>
      <p className="cash-muted" style={{ margin: 0 }}>{t('cards.order.physicalLater')}</p>
      <FormFooter error={action.error} busy={action.busy} label={t('cards.order.submit')} busyLabel={t('cards.issue.submitting')} />
    </form>
  )
}

/** Cards: the holder's or the company's cards, issuing to people, and ordering a virtual card. */
export function CardsEmbed({ path, title }: EmbedProps) {
  const { t } = useI18n()
  const { state } = useSession()
  const corporate = path.includes('@corporate')
  const membership = state.status === 'signed-in' ? state.session.memberships.find((m) => m.accountKind === (corporate ? 'corporate' : 'personal')) : undefined
  if (!membership) return <Page title={title}><CalloutCard title={t('home.noAccount.title')} body={t('home.noAccount.body')} /></Page>
  const manager = membership.role !== 'member'
  return (
    <Page title={title}>
      {path === '/card/@corporate/add' ? (
        manager ? <IssueCardPage accountId={membership.accountId} /> : <p>{t('cards.issue.onlyManagers')}</p>
      ) : path.startsWith('/order-card/') ? (
        <OrderCard accountId={membership.accountId} />
      ) : (
        <CardsPage accountId={membership.accountId} canIssue={corporate && manager} />
      )}
    </Page>
  )
}
