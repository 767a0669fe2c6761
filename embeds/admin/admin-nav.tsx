import { useI18n } from '../lib/i18n'
import type { MessageKey } from '../lib/messages-en'
import { useClientConfig } from '../lib/use-client-config'

/** The back office's sections, in the order staff work them. */
export const ADMIN_SECTIONS: readonly { path: string; label: MessageKey }[] = [
  { path: '/admin', label: 'admin.nav.dashboard' },
  { path: '/admin/user', label: 'admin.nav.users' },
  { path: '/admin/identity-reviews', label: 'admin.nav.identityReviews' },
  { path: '/admin/account', label: 'admin.nav.accounts' },
  { path: '/admin/card', label: 'admin.nav.cards' },
  { path: '/admin/investigate-transaction', label: 'admin.nav.investigate' },
  { path: '/admin/failed-recons', label: 'admin.nav.failedRecons' },
  { path: '/admin/pending-holds', label: 'admin.nav.pendingHolds' },
  { path: '/admin/manual-refunds', label: 'admin.nav.manualRefunds' },
  { path: '/admin/campaigns', label: 'admin.nav.campaigns' },
  { path: '/admin/cashback-rules', label: 'admin.nav.cashbackRules' },
  { path: '/admin/feature-flags', label: 'admin.nav.featureFlags' },
  { path: '/admin/sandbox', label: 'admin.nav.sandbox' },
]

/** Links between back-office sections; the current one is marked for assistive technology. */
export function AdminNav({ current }: { current: string }) {
  const { t } = useI18n()
  const config = useClientConfig()
  // The sandbox page is there only on servers that are not in production.
  const sections = ADMIN_SECTIONS.filter((s) => s.path !== '/admin/sandbox' || (config !== null && config.monitoring.environment !== 'production'))
  return (
    <nav aria-label={t('admin.nav.label')}>
      <ul className="cash-row" style={{ flexWrap: 'wrap', listStyle: 'none', padding: 0, margin: 0, gap: '0.75rem' }}>
        {sections.map((s) => (
          <li key={s.path}>
            <a href={`/app/cash${s.path}`} aria-current={s.path === current ? 'page' : undefined}>
              {t(s.label)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
