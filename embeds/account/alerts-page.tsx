import { formatDecimal } from '../../domain/money'
import { useI18n } from '../lib/i18n'
import { useAlertSettings } from './use-alert-settings'
import { ResourceView } from '../ui/resource-view'
import { formatHealth, HEALTH_LIQUIDATION_BPS } from '../../domain/borrow'

/** `/settings/alerts`: both kinds of alert with their current values, each linking to its form. */
export function AlertsPage({ accountId }: { accountId: string }) {
  const { t, locale } = useI18n()
  const { resource } = useAlertSettings(accountId)
  return (
    <ResourceView resource={resource}>
      {(s) => {
        const usd = (v: string) => formatDecimal(v, 'USDC', locale)
        return (
          <>
            <section className="cash-card cash-stack" aria-labelledby="alerts-spend">
              <h2 id="alerts-spend">{t('alerts.spendLimit.title')}</h2>
              <ul className="cash-list" data-testid="account.alerts.spend">
                <li>
                  {s.purchaseAbove
                    ? t('alerts.spendLimit.purchase', { amount: usd(s.purchaseAbove) })
                    : t('alerts.spendLimit.purchaseOff')}
                </li>
                <li>
                  {s.dailySpendAbove
                    ? t('alerts.spendLimit.daily', { amount: usd(s.dailySpendAbove) })
                    : t('alerts.spendLimit.dailyOff')}
                </li>
              </ul>
              <a href="/app/cash/settings/alerts/spend-limit">{t('alerts.spendLimit.change')}</a>
            </section>
            <section className="cash-card cash-stack" aria-labelledby="alerts-spendable">
              <h2 id="alerts-spendable">{t('alerts.spendable.title')}</h2>
              <p style={{ margin: 0 }} data-testid="account.alerts.spendable">
                {s.spendableBelow
                  ? t('alerts.spendable.below', { amount: usd(s.spendableBelow) })
                  : t('alerts.spendable.off')}
              </p>
              <a href="/app/cash/settings/alerts/spendable-balance">{t('alerts.spendable.change')}</a>
            </section>
            <section className="cash-notice cash-stack">
              <p style={{ margin: 0 }}>{t('alerts.own')}</p>
              <p style={{ margin: 0 }}>{t('alerts.timeZone', { zone: s.timeZone })}</p>
              <p style={{ margin: 0 }}>
                {t('alerts.health', {
                  ratio: formatHealth(s.healthWarning, locale),
                  line: formatHealth(HEALTH_LIQUIDATION_BPS, locale),
                })}
              </p>
            </section>
          </>
        )
      }}
    </ResourceView>
  )
}
