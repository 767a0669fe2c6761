import { useI18n } from '../lib/i18n'
import { MoneySettings } from './money-settings'

const SETTINGS_LINKS = {
  'profile-details': 'settings.profile',
  'vault-email': 'settings.vault',
  wallets: 'settings.wallets',
} as const

/** `/settings`: the account's mode and spending limits, then links to the other settings screens. */
export function SettingsPage() {
  const { t } = useI18n()
  return (
    <div className="cash-stack">
      <MoneySettings />
      <nav aria-label={t('nav.settings')}>
        <ul className="cash-link-list">
          <li>
            <a href="/app/cash/settings/alerts">
              <strong>{t('settings.alerts')}</strong>
              <span className="cash-muted">{t('settings.alerts.body')}</span>
            </a>
          </li>
          {(['profile-details', 'vault-email', 'wallets'] as const).map((page) => (
            <li key={page}>
              <a href={`/app/cash/settings/${page}`}>
                <strong>{t(SETTINGS_LINKS[page])}</strong>
                <span className="cash-muted">{t(`${SETTINGS_LINKS[page]}.body`)}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  )
}
