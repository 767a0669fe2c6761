import { useI18n } from '../lib/i18n'
import type { MessageKey } from '../lib/messages-en'
import { SegmentedNav } from '../ui/segmented'

/** The back office's sections, in the order staff work them. */
export const ADMIN_SECTIONS: readonly { path: string; label: MessageKey }[] = [
  { path: '/admin', label: 'admin.nav.dashboard' },
  { path: '/admin/user', label: 'admin.nav.users' },
  { path: '/admin/account', label: 'admin.nav.accounts' },
  { path: '/admin/card', label: 'admin.nav.cards' },
  { path: '/admin/investigate-transaction', label: 'admin.nav.investigate' },
  { path: '/admin/failed-recons', label: 'admin.nav.failedRecons' },
  { path: '/admin/pending-holds', label: 'admin.nav.pendingHolds' },
  { path: '/admin/manual-refunds', label: 'admin.nav.manualRefunds' },
  { path: '/admin/campaigns', label: 'admin.nav.campaigns' },
  { path: '/admin/cashback-rules', label: 'admin.nav.cashbackRules' },
  { path: '/admin/feature-flags', label: 'admin.nav.featureFlags' },
]

/** The back office's sections as a segmented control (scrolls sideways on a phone); the current one is marked for assistive technology. */
export function AdminNav({ current }: { current: string }) {
  const { t } = useI18n()
  return <SegmentedNav label={t('admin.nav.label')} items={ADMIN_SECTIONS.map((s) => ({ href: `/app/cash${s.path}`, label: t(s.label) }))} current={`/app/cash${current}`} />
}
