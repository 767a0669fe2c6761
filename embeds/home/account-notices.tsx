import { ArrowDownToLine, QrCode } from 'lucide-react'
import { MyFeatureFlags } from '../../domain/api/admin-people.schema'
import { formatDate } from '../../domain/format-date'
import { useAccountFreeze } from '../lib/use-account-freeze'
import { useI18n } from '../lib/i18n'
import { useResource } from '../lib/use-resource'
import { useSession } from '../lib/session'
import { Avatar, ListRow } from '../ui/list-row'
import { ResourceView } from '../ui/resource-view'

/** Home's notices are extras: while loading and after a failure they show nothing (the balance says the rest). */
const NOTHING = { loading: null, error: () => null }

/** A freeze Cash put on the account, with its reason (issue 9): first thing on home. */
export function FrozenNotice({ accountId }: { accountId: string }) {
  const { t, locale } = useI18n()
  const freeze = useAccountFreeze(accountId)
  return (
    <ResourceView resource={freeze} {...NOTHING}>
      {(f) =>
        f.frozen ? (
          <p className="cash-warning" role="status" data-testid="home.frozen">
            {t('home.frozen', { reason: f.frozenReason ?? '', when: formatDate(f.frozenAt!, locale) })}
          </p>
        ) : null
      }
    </ResourceView>
  )
}

/** The PIX shortcuts, when the `pix_shortcuts` flag is on for this person: rows under the quick actions. */
export function PixShortcuts() {
  const { api } = useSession()
  const flags = useResource('me-flags', (signal) => api.get('/me/feature-flags', MyFeatureFlags, signal))
  return (
    <ResourceView resource={flags} {...NOTHING}>
      {(f) => (f.flags.pix_shortcuts ? <PixShortcutRows /> : null)}
    </ResourceView>
  )
}

function PixShortcutRows() {
  const { t } = useI18n()
  return (
    <nav aria-label={t('home.pix.label')} data-testid="home.pix">
      <ul className="cash-rows">
        <li>
          <ListRow href="/app/cash/pix/send" leading={<Avatar icon={QrCode} />} title={t('home.pix.send')} chevron />
        </li>
        <li>
          <ListRow
            href="/app/cash/pix/top-up"
            leading={<Avatar icon={ArrowDownToLine} />}
            title={t('home.pix.topUp')}
            chevron
          />
        </li>
      </ul>
    </nav>
  )
}
