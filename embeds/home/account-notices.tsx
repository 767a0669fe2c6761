import { MyFeatureFlags } from '../../domain/api/admin-people.schema'
import { formatDate } from '../../domain/format-date'
import { useAccountFreeze } from '../lib/use-account-freeze'
import { useI18n } from '../lib/i18n'
import { useResource } from '../lib/use-resource'
import { useSession } from '../lib/session'

/**
 * What Cash itself says about the account on home: a freeze with its reason (issue 9), and the PIX
 * shortcuts when the `pix_shortcuts` flag is on for this person.
 */
export function AccountNotices({ accountId }: { accountId: string }) {
  const { api } = useSession()
  const { t, locale } = useI18n()
  const freeze = useAccountFreeze(accountId)
  const flags = useResource('me-flags', (signal) => api.get('/me/feature-flags', MyFeatureFlags, signal))
  return (
    <>
      {freeze.status === 'ready' && freeze.data.frozen ? (
        <p className="cash-warning" role="status" data-testid="home.frozen">
          {t('home.frozen', { reason: freeze.data.frozenReason ?? '', when: formatDate(freeze.data.frozenAt!, locale) })}
        </p>
      ) : null}
      {flags.status === 'ready' && flags.data.flags.pix_shortcuts ? (
        <nav aria-label={t('home.pix.label')} className="cash-actions" data-testid="home.pix">
          <a className="cash-button" data-variant="secondary" href="/app/cash/pix/send">{t('home.pix.send')}</a>
          <a className="cash-button" data-variant="secondary" href="/app/cash/pix/top-up">{t('home.pix.topUp')}</a>
        </nav>
      ) : null}
    </>
  )
}
