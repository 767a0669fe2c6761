import { useId } from 'react'
import type { BalancesResponse } from '../../domain/api/account.schema'
import { formatHealth, HEALTH_LIQUIDATION_BPS } from '../../domain/borrow'
import { formatDecimal } from '../../domain/money'
import { useI18n } from '../lib/i18n'

type Health = NonNullable<BalancesResponse['health']>

/** The Borrow position's health factor: a meter, what it means, and one tap to repay when it runs low. */
export function HealthMeter({ health }: { health: Health }) {
  const { t, locale } = useI18n()
  const id = useId()
  // The factor is a ratio for the meter's needle, not money.
  const value = Math.min(Number(health.factor), 3)
  const usd = formatDecimal(health.liquidationValue, 'USDC', locale)
  const factor = formatHealth(health.factor, locale)
  return (
    <section
      className="cash-card cash-stack"
      aria-labelledby={`${id}-title`}
      data-testid="home.health"
      data-status={health.status}
    >
      <div className="cash-row">
        <h2 id={`${id}-title`}>{t('home.health')}</h2>
        <strong>{factor}</strong>
      </div>
      <meter
        className="cash-meter"
        min={0}
        max={3}
        low={1.1}
        high={2}
        optimum={3}
        value={value}
        aria-labelledby={`${id}-title`}
        aria-valuetext={t(`home.health.${health.status}.short`, { factor })}
      />
      <p
        className={health.status === 'healthy' ? 'cash-muted' : 'cash-notice'}
        style={{ margin: 0 }}
        role={health.status === 'healthy' ? undefined : 'status'}
      >
        {t(`home.health.${health.status}`, {
          warning: formatHealth(health.warningFactor, locale),
          line: formatHealth(HEALTH_LIQUIDATION_BPS, locale),
          debt: usd,
        })}
      </p>
      {health.status === 'healthy' ? null : (
        <a className="cash-button" href="/app/cash/repay">
          {t('home.health.repay')}
        </a>
      )}
    </section>
  )
}
