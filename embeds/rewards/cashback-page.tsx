import { Gift } from 'lucide-react'
import { useId } from 'react'
import { CashbackResponse, type CashbackLineView } from '../../domain/api/cashback.schema'
import { formatDate } from '../../domain/format-date'
import { formatMoney, formatPercent, parseSignedAmount } from '../../domain/money'
import { useI18n } from '../lib/i18n'
import { EmptyState } from '../ui/empty-state'
import { useSession } from '../lib/session'
import { useResource } from '../lib/use-resource'
import { ResourceView } from '../ui/resource-view'

export const usdc = (decimal: string, locale: string) => formatMoney(parseSignedAmount(decimal, 'USDC'), 'USDC', locale)
/** A day of a cashback or promotion window: the windows are whole UTC days, so the day is UTC's. */
export const day = (iso: string, locale: string) => formatDate(iso, locale, 'date', 'UTC')

function lineState(l: CashbackLineView, t: ReturnType<typeof useI18n>['t'], locale: string): string {
  if (l.state === 'paid') return t('cashback.line.paid', { date: day(l.paidAt ?? l.payableAt, locale) })
  if (l.state === 'cancelled') return t('cashback.line.cancelled')
  if (l.waitingForFunding) return t('cashback.line.waitingForFunding')
  return t('cashback.line.pending', { date: day(l.payableAt, locale) })
}

/**
 * The holder's cashback: earned, pending and paid; every purchase's lines with their type, state, pay date and
 * clawbacks; and announced rule changes before they apply (a cut is never silent).
 */
export function CashbackPage({ accountId }: { accountId: string }) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const id = useId()
  const data = useResource(`cashback:${accountId}`, (signal) =>
    api.get(`/accounts/${accountId}/cashback`, CashbackResponse, signal),
  )
  return (
    <ResourceView resource={data}>
      {(c) => {
        const money = (v: string) => usdc(v, locale)
        return (
          <div className="cash-stack">
            <section className="cash-card cash-stack" aria-labelledby={`${id}-totals`} data-testid="cashback.totals">
              <h2 id={`${id}-totals`}>{t('cashback.totals')}</h2>
              <dl className="cash-stack" style={{ margin: 0 }}>
                <div className="cash-row">
                  <dt>{t('cashback.earned')}</dt>
                  <dd data-testid="cashback.earned">{money(c.earned)}</dd>
                </div>
                <div className="cash-row">
                  <dt>{t('cashback.pending')}</dt>
                  <dd data-testid="cashback.pending">{money(c.pending)}</dd>
                </div>
                <div className="cash-row">
                  <dt>{t('cashback.paid')}</dt>
                  <dd data-testid="cashback.paid">{money(c.paid)}</dd>
                </div>
                {c.clawedBack !== '0' ? (
                  <div className="cash-row">
                    <dt>{t('cashback.clawedBack')}</dt>
                    <dd data-testid="cashback.clawed-back">{money(c.clawedBack)}</dd>
                  </div>
                ) : null}
              </dl>
              <p className="cash-muted" style={{ margin: 0 }}>
                {t('cashback.explain', { rate: formatPercent(c.tierRatePercent, locale), days: String(c.pendingDays) })}
              </p>
              <p className="cash-muted" style={{ margin: 0 }}>
                {t('cashback.monthly', { earned: money(c.earnedThisMonth), cap: money(c.monthlyCap) })}
              </p>
            </section>
            {c.upcomingChanges.length ? (
              <section
                className="cash-card cash-stack"
                aria-labelledby={`${id}-changes`}
                data-testid="cashback.upcoming"
              >
                <h2 id={`${id}-changes`}>{t('cashback.upcoming')}</h2>
                <ul className="cash-list">
                  {c.upcomingChanges.map((ch) => (
                    <li key={`${ch.ruleId}-${ch.effectiveFrom}`}>
                      <strong>{ch.name}</strong>
                      <p style={{ margin: 0 }}>
                        {ch.removed
                          ? t('cashback.change.removed', { date: day(ch.effectiveFrom, locale) })
                          : t('cashback.change.rate', {
                              before: formatPercent(ch.beforeBps === null ? '0' : String(ch.beforeBps / 100), locale),
                              after: formatPercent(String(ch.afterBps / 100), locale),
                              date: day(ch.effectiveFrom, locale),
                            })}
                      </p>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
            <section className="cash-card cash-stack" aria-labelledby={`${id}-lines`}>
              <h2 id={`${id}-lines`}>{t('cashback.lines')}</h2>
              {c.lines.length === 0 ? (
                <EmptyState icon={Gift} text={t('cashback.none')} />
              ) : (
                <ul className="cash-list" data-testid="cashback.lines">
                  {c.lines.map((l) => (
                    <li key={l.id} data-testid="cashback.line" data-state={l.state} data-type={l.type}>
                      <div className="cash-row">
                        <span>
                          {l.merchantName ?? t('cashback.noMerchant')}{' '}
                          <span className="cash-badge">{t(`cashback.type.${l.type}`)}</span>
                        </span>
                        <strong>{money(l.net)}</strong>
                      </div>
                      <p className="cash-muted" style={{ margin: 0 }}>
                        {t('cashback.line.detail', {
                          rate: formatPercent(l.ratePercent, locale),
                          amount: money(l.purchaseAmount),
                          date: day(l.earnedAt, locale),
                        })}
                        {l.campaignName ? ` · ${l.campaignName}` : ''}
                      </p>
                      <p style={{ margin: 0 }}>{lineState(l, t, locale)}</p>
                      {l.clawedBack !== '0' ? (
                        <p className="cash-muted" style={{ margin: 0 }}>
                          {t('cashback.line.clawedBack', { amount: money(l.clawedBack) })}
                        </p>
                      ) : null}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
        )
      }}
    </ResourceView>
  )
}
