import { useId } from 'react'
import type { BalancesResponse } from '../../domain/api/account.schema'
import type { HistoryResponse } from '../../domain/api/money-out.schema'
import { HistoryRow } from '../ui/history-row'
import { formatMoney, parseSignedAmount } from '../../domain/money'
import { useI18n } from '../lib/i18n'
import { HealthMeter } from './health-meter'

const money = (decimal: string, asset: BalancesResponse['balances'][number]['asset'], locale: string) =>
  formatMoney(parseSignedAmount(decimal, asset), asset, locale)

/** Home for an account: spendable first, then balances by asset, then recent activity. Pure: props in. */
export function HomeView({ balances, activity }: { balances: BalancesResponse; activity: HistoryResponse }) {
  const { t, locale } = useI18n()
  const id = useId()
  const usd = (v: string) => money(v, 'USDC', locale)
  const limitNote =
    balances.limitedBy === 'capacity'
      ? t(`home.limitedBy.capacity.${balances.mode}`)
      : t(`home.limitedBy.${balances.limitedBy}`, {
          left: usd(balances.limitedBy === 'daily' ? balances.dailyLeft : balances.monthlyLeft),
          limit: usd(balances.limitedBy === 'daily' ? balances.dailyLimit : balances.monthlyLimit),
        })
  const held = balances.balances.filter((b) => b.balance !== '0')
  return (
    <div className="cash-stack">
      <section className="cash-card" aria-labelledby={`${id}-spendable`} data-testid="home.spendable">
        <div className="cash-row">
          <h2 id={`${id}-spendable`}>{t('home.spendable')}</h2>
          <a className="cash-badge" href="/app/cash/settings#mode" aria-label={`${t('home.mode.label')}: ${t(`home.mode.${balances.mode}`)}`}>
            {t(`home.mode.${balances.mode}`)}
          </a>
        </div>
        <p className="cash-amount-hero">{usd(balances.spendable)}</p>
        <p className="cash-muted" style={{ margin: 0 }}>
          {limitNote}
        </p>
        {balances.pendingModeChange ? (
          <p className="cash-notice" style={{ margin: 0 }} data-testid="home.pending-mode">
            {t('home.mode.pending', { mode: t(`home.mode.${balances.pendingModeChange.toMode}`), time: new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(new Date(balances.pendingModeChange.effectiveAt)) })}
          </p>
        ) : null}
      </section>

      <section className="cash-card" aria-labelledby={`${id}-balances`} data-testid="home.balances">
        <h2 id={`${id}-balances`}>{t('home.balances')}</h2>
        <ul className="cash-list">
          {held.map((b) => (
            <li key={b.asset} className="cash-row">
              <span>
                <strong>{b.asset}</strong>
                {b.available !== b.balance ? (
                  <span className="cash-muted"> · {t('home.available', { amount: money(b.available, b.asset, locale) })}</span>
                ) : null}
              </span>
              <span>
                {money(b.balance, b.asset, locale)}
                {b.asset === 'USDC' || b.asset === 'USDT' ? null : <span className="cash-muted"> ≈ {usd(b.usdValue)}</span>}
              </span>
            </li>
          ))}
          {balances.mode === 'borrow' || balances.debt !== '0' ? (
            <>
              <li className="cash-row">
                <span>{t('home.debt')}</span>
                <span>{usd(balances.debt)}</span>
              </li>
              <li className="cash-row">
                <span>{t('home.borrowLimit')}</span>
                <span>{usd(balances.borrowLimit)}</span>
              </li>
            </>
          ) : null}
        </ul>
      </section>

      {balances.health ? <HealthMeter health={balances.health} /> : null}

      <section className="cash-card" aria-labelledby={`${id}-activity`} data-testid="home.activity">
        <h2 id={`${id}-activity`}>{t('home.activity')}</h2>
        {activity.items.length === 0 ? (
          <p className="cash-muted">{t('home.activity.empty')}</p>
        ) : (
          <ul className="cash-list">
            {activity.items.map((item) => (
              <li key={`${item.type}:${item.id}`}>
                <HistoryRow item={item} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
