import { useI18n } from '../lib/i18n'
import { MoneySettings } from './money-settings'

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
      </ul>
      </nav>
    </div>
  )
}
