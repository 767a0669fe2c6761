import { useI18n } from '../lib/i18n'
import type { MessageKey } from '../lib/messages-en'
import { SegmentedNav } from '../ui/segmented'
import { useClientConfig } from '../lib/use-client-config'
import { readyData } from '../lib/use-resource'

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

/**
 * The back office's sections as a segmented control (scrolls sideways on a phone); the current one is marked for
 * assistive technology.
 */
export function AdminNav({ current }: { current: string }) {
  const { t } = useI18n()
  const config = readyData(useClientConfig())
  // The sandbox page is there only on servers that are not in production.
  const sections = ADMIN_SECTIONS.filter(
    (s) => s.path !== '/admin/sandbox' || (config !== undefined && config.monitoring.environment !== 'production'),
  )
  return (
    <SegmentedNav
      label={t('admin.nav.label')}
      items={sections.map((s) => ({ href: `/app/cash${s.path}`, label: t(s.label) }))}
      current={`/app/cash${current}`}
      scrolls
    />
  )
}
