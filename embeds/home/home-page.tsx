import { useState } from 'react'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { Page } from '../ui/page'
import { CalloutCard } from '../ui/state-views'
import { FrozenNotice, PixShortcuts } from './account-notices'
import { HomeView } from './home-view'
import { NotificationsPanel } from './notifications-panel'
import { useHome } from './use-home'
import { ResourceView } from '../ui/resource-view'

function AccountHome({ accountId }: { accountId: string }) {
  const home = useHome(accountId)
  return (
    <ResourceView resource={home}>
      {(loaded) => (
        <>
          <FrozenNotice accountId={accountId} />
          <HomeView
            balances={loaded.balances}
            activity={loaded.activity}
            afterActions={
              <>
                <PixShortcuts />
                <NotificationsPanel />
              </>
            }
          />
        </>
      )}
    </ResourceView>
  )
}

/** `/app/cash`: the signed-in holder's money; setup or back-office pointers for those without an account. */
export function HomePage({ hrefs }: { hrefs: { onboarding: string; admin: string } }) {
  const { t } = useI18n()
  const { state } = useSession()
  const memberships = state.status === 'signed-in' ? state.session.memberships : []
  const [accountId, setAccountId] = useState(memberships[0]?.accountId)
  if (state.status !== 'signed-in') return null
  const isAdmin = state.session.user.platformRole === 'admin'
  return (
    <Page title={t('home.title')}>
      {memberships.length > 1 ? (
        <div className="cash-field cash-card">
          <label htmlFor="home-account">{t('home.account')}</label>
          <select id="home-account" value={accountId} onChange={(e) => setAccountId(e.target.value)}>
            {memberships.map((m) => (
              <option key={m.accountId} value={m.accountId}>
                {m.accountName}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {accountId ? (
        <AccountHome accountId={accountId} />
      ) : isAdmin ? (
        <CalloutCard
          title={t('home.admin.title')}
          body={t('home.admin.body')}
          action={<a href={hrefs.admin}>{t('home.admin.action')}</a>}
        />
      ) : (
        <CalloutCard
          title={t('home.noAccount.title')}
          body={t('home.noAccount.body')}
          action={<a href={hrefs.onboarding}>{t('home.noAccount.action')}</a>}
        />
      )}
    </Page>
  )
}
