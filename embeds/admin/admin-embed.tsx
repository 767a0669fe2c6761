import type { ComponentType } from 'react'
import type { EmbedProps } from '../lib/embed-props'
import { useI18n } from '../lib/i18n'
import { matchRoute } from '../lib/route-map'
import { useSession } from '../lib/session'
import { FeaturePending } from '../ui/feature-pending'
import { Page } from '../ui/page'
import { CalloutCard } from '../ui/state-views'
import { AdminAccountPage, AdminAccountsPage } from './accounts-pages'
import { AdminCardPage, AdminCardsPage } from './cards-pages'
import { CampaignsPage } from './campaigns-page'
import { CashbackRulesPage } from './cashback-rules-page'
import { AdminDashboardPage } from './dashboard-page'
import { FailedReconsPage } from './failed-recons-page'
import { FeatureFlagsPage } from './feature-flags-page'
import { InvestigateTransactionPage } from './investigate-page'
import { ManualRefundsPage } from './manual-refunds-page'
import { IdentityReviewsPage } from './identity-reviews-page'
import { PendingHoldsPage } from './pending-holds-page'
import { SandboxPage } from './sandbox-page'
import { AdminUserPage, AdminUsersPage } from './users-pages'

/** Each back-office path (below /app/cash) and its page; the page reads `params` for the id in the path. */
const PAGES: Record<string, ComponentType<EmbedProps>> = {
  '/admin': AdminDashboardPage,
  '/admin/user': AdminUsersPage,
  '/admin/user/:userId': AdminUserPage,
  '/admin/account': AdminAccountsPage,
  '/admin/account/:accountSearchParam': AdminAccountPage,
  '/admin/card': AdminCardsPage,
  '/admin/card/:cardId': AdminCardPage,
  '/admin/campaigns': CampaignsPage,
  '/admin/cashback-rules': CashbackRulesPage,
  '/admin/feature-flags': FeatureFlagsPage,
  '/admin/failed-recons': FailedReconsPage,
  '/admin/investigate-transaction': InvestigateTransactionPage,
  '/admin/manual-refunds': ManualRefundsPage,
  '/admin/pending-holds': PendingHoldsPage,
  '/admin/identity-reviews': IdentityReviewsPage,
  '/admin/sandbox': SandboxPage,
}

/**
 * The back office. Only platform admins see it; the server refuses every admin API call from anyone else
 * regardless, so this check is for the person, not for safety.
 */
export function AdminEmbed(props: EmbedProps) {
  const { state } = useSession()
  const { t } = useI18n()
  if (state.status === 'signed-in' && state.session.user.platformRole !== 'admin') {
    return (
      <Page title={props.title}>
        <CalloutCard
          title={t('state.notAllowed.title')}
          body={t('state.notAllowed.admin', { email: state.session.user.email })}
          action={<a href="/app/cash">{t('state.goHome')}</a>}
        />
      </Page>
    )
  }
  // The route table knows which pattern the path matched (wouter's params also carry positional keys, so
  // putting the names back into the path by value is not reliable).
  const Screen = PAGES[matchRoute(props.path)?.route.path ?? props.path]
  return Screen ? <Screen {...props} /> : <FeaturePending title={props.title} />
}
