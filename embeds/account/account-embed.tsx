import { SpendableAlertForm, SpendLimitAlertsForm } from '../../domain/api/alerts.schema'
import type { EmbedProps } from '../lib/embed-props'
import { FeaturePending } from '../ui/feature-pending'
import { NeedsAccount } from '../ui/needs-account'
import { Page } from '../ui/page'
import { AlertForm } from './alert-form'
import { AlertsPage } from './alerts-page'
import { PeoplePage } from './people-page'
import { SettingsPage } from './settings-page'
import { SafePage } from './safe-page'
import { useSession } from '../lib/session'

/** The safe of the account in use; its holder and owners manage recovery. */
function SafeRoute() {
  const { state } = useSession()
  const membership = state.status === 'signed-in' ? state.session.memberships[0] : undefined
  return (
    <NeedsAccount>
      {(accountId) => (
        <SafePage accountId={accountId} canManage={membership?.role === 'holder' || membership?.role === 'owner'} />
      )}
    </NeedsAccount>
  )
}
import { ProfileDetailsPage } from './profile-details-page'
import { VaultEmailPage } from './vault-email-page'
import { WalletsPage } from './wallets-page'

const SPEND_FIELDS = ['purchaseAbove', 'dailySpendAbove'] as const
const SPENDABLE_FIELDS = ['spendableBelow'] as const

/** Settings and its alerts; safe, people and the other settings screens come in later issues. */
export function AccountEmbed({ path, title }: EmbedProps) {
  if (path === '/safe')
    return (
      <Page title={title}>
        <SafeRoute />
      </Page>
    )
  if (path === '/people') return <PeoplePage title={title} />
  if (path === '/settings/profile-details')
    return (
      <Page title={title}>
        <ProfileDetailsPage />
      </Page>
    )
  if (path === '/settings/vault-email')
    return (
      <Page title={title}>
        <VaultEmailPage />
      </Page>
    )
  if (path === '/settings/wallets')
    return (
      <Page title={title}>
        <WalletsPage />
      </Page>
    )
  if (path === '/settings')
    return (
      <Page title={title}>
        <SettingsPage />
      </Page>
    )
  if (path === '/settings/alerts')
    return (
      <Page title={title}>
        <NeedsAccount>{(accountId) => <AlertsPage accountId={accountId} />}</NeedsAccount>
      </Page>
    )
  if (path === '/settings/alerts/spend-limit') {
    return (
      <Page title={title}>
        <NeedsAccount>
          {(accountId) => (
            <AlertForm
              accountId={accountId}
              fields={SPEND_FIELDS}
              schema={SpendLimitAlertsForm}
              labels={{ purchaseAbove: 'alerts.form.purchaseAbove', dailySpendAbove: 'alerts.form.dailySpendAbove' }}
              turnOffLabel="alerts.form.turnOffSpend"
            />
          )}
        </NeedsAccount>
      </Page>
    )
  }
  if (path === '/settings/alerts/spendable-balance') {
    return (
      <Page title={title}>
        <NeedsAccount>
          {(accountId) => (
            <AlertForm
              accountId={accountId}
              fields={SPENDABLE_FIELDS}
              schema={SpendableAlertForm}
              labels={{ spendableBelow: 'alerts.form.spendableBelow' }}
              turnOffLabel="alerts.form.turnOffSpendable"
            />
          )}
        </NeedsAccount>
      </Page>
    )
  }
  return <FeaturePending title={title} />
}
