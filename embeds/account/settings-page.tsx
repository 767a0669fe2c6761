import { useI18n } from '../lib/i18n'

/** `/settings`: the index of the holder's settings. Each section is a link to its own screen. */
export function SettingsPage() {
  const { t } = useI18n()
  return (
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
  )
}
