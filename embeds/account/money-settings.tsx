import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { LimitSettings } from './limit-settings'
import { ModeSettings } from './mode-settings'

/** The money side of settings for the account in use: its mode and its spending limits. */
export function MoneySettings() {
  const { t } = useI18n()
  const { state } = useSession()
  const membership = state.status === 'signed-in' ? state.session.memberships[0] : undefined
  if (!membership) return <p className="cash-card">{t('home.noAccount.body')}</p>
  const canManage = membership.role !== 'member'
  return (
    <>
      <ModeSettings accountId={membership.accountId} canManage={canManage} />
      <LimitSettings accountId={membership.accountId} canManage={canManage} />
    </>
  )
}
