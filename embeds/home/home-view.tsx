import {
  ArrowUpRight,
  CreditCard,
  Ellipsis,
  HandCoins,
  Landmark,
  Plus,
  Receipt,
  Repeat,
  Sprout,
  Gift,
} from 'lucide-react'
import { useId, useState, type CSSProperties, type ReactNode } from 'react'
import type { BalancesResponse } from '../../domain/api/account.schema'
import type { HistoryResponse } from '../../domain/api/money-out.schema'
import { ASSETS } from '../../domain/asset'
import { formatDate } from '../../domain/format-date'
import { formatMoney, parseSignedAmount } from '../../domain/money'
import { useI18n } from '../lib/i18n'
import type { MessageKey } from '../lib/messages-en'
import { EmptyState } from '../ui/empty-state'
import { HistoryRow } from '../ui/history-row'
import { Icon } from '../ui/icon'
import { Avatar, ListRow } from '../ui/list-row'
import { Section } from '../ui/section'
import { HealthMeter } from './health-meter'

const money = (decimal: string, asset: BalancesResponse['balances'][number]['asset'], locale: string) =>
  formatMoney(parseSignedAmount(decimal, asset), asset, locale)

/** The figure's length in characters, from which the hero's balance takes a size that fits (tokens.css). */
const figureLength = (figure: string) => ({ '--cash-figure-chars': [...figure].length }) as CSSProperties

/** What "More" opens: the rest of what a holder does with money, as rows. */
const MORE: readonly { href: string; label: MessageKey; icon: typeof Plus }[] = [
  { href: '/app/cash/convert', label: 'home.more.convert', icon: Repeat },
  { href: '/app/cash/earn', label: 'home.more.earn', icon: Sprout },
  { href: '/app/cash/bank', label: 'home.more.bank', icon: Landmark },
  { href: '/app/cash/cashback', label: 'nav.rewards', icon: Gift },
  { href: '/app/cash/repay', label: 'home.more.repay', icon: HandCoins },
]

/** The hero's round quick actions: Add money, Send, Card, and More for the rest. */
function QuickActions({ cardHref }: { cardHref: string }) {
  const { t } = useI18n()
  const [more, setMore] = useState(false)
  const moreId = useId()
  const actions = [
    { href: '/app/cash/top-up', label: t('home.actions.addMoney'), icon: Plus },
    { href: '/app/cash/withdraw', label: t('home.actions.send'), icon: ArrowUpRight },
    { href: cardHref, label: t('home.actions.card'), icon: CreditCard },
  ]
  return (
    <>
      <nav aria-label={t('home.actions.label')}>
        <ul className="cash-quick-actions" data-testid="home.actions">
          {actions.map((a) => (
            <li key={a.href}>
              <a href={a.href}>
                <span>
                  <Icon icon={a.icon} size={24} />
                </span>
                <span>{a.label}</span>
              </a>
            </li>
          ))}
          <li>
            <button type="button" aria-expanded={more} aria-controls={moreId} onClick={() => setMore((m) => !m)}>
              <span>
                <Icon icon={Ellipsis} size={24} />
              </span>
              <span>{t('home.actions.more')}</span>
            </button>
          </li>
        </ul>
      </nav>
      <ul className="cash-rows" id={moreId} hidden={!more}>
        {MORE.map((m) => (
          <li key={m.href}>
            <ListRow href={m.href} leading={<Avatar icon={m.icon} />} title={t(m.label)} chevron />
          </li>
        ))}
      </ul>
    </>
  )
}

/**
 * Home for an account: the spendable hero with quick actions, then `afterActions` (shortcuts, notifications), recent
 * activity and balances by asset. Pure: props in.
 */
export function HomeView({
  balances,
  activity,
  afterActions,
}: {
  balances: BalancesResponse
  activity: HistoryResponse
  afterActions?: ReactNode
}) {
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
  const spendable = usd(balances.spendable)
  return (
    <div className="cash-stack" style={{ gap: 24 }}>
      <div className="cash-stack">
        <section className="cash-hero" aria-labelledby={`${id}-spendable`} data-testid="home.spendable">
          <div className="cash-hero-label">
            <h2 id={`${id}-spendable`} style={{ font: 'inherit', margin: 0 }}>
              {t('home.spendable')}
            </h2>
            <a
              className="cash-badge"
              href="/app/cash/settings#mode"
              aria-label={`${t('home.mode.label')}: ${t(`home.mode.${balances.mode}`)}`}
            >
              {t(`home.mode.${balances.mode}`)}
            </a>
          </div>
          <p className="cash-amount-hero" style={figureLength(spendable)}>
            {spendable}
          </p>
          <p className="cash-hero-context">{limitNote}</p>
          {balances.pendingModeChange ? (
            <p className="cash-notice" style={{ margin: '8px 0 0' }} data-testid="home.pending-mode">
              {t('home.mode.pending', {
                mode: t(`home.mode.${balances.pendingModeChange.toMode}`),
                time: formatDate(balances.pendingModeChange.effectiveAt, locale, 'time'),
              })}
            </p>
          ) : null}
        </section>
        <QuickActions
          cardHref={balances.accountKind === 'corporate' ? '/app/cash/card/@corporate' : '/app/cash/card/@personal'}
        />
      </div>
      {afterActions}

      {balances.health ? <HealthMeter health={balances.health} /> : null}

      <Section
        title={t('home.activity')}
        seeAll={activity.items.length ? { href: '/app/cash/transaction-history', label: t('home.seeAll') } : undefined}
        testId="home.activity"
      >
        {activity.items.length === 0 ? (
          <div className="cash-card">
            <EmptyState
              icon={Receipt}
              text={t('home.activity.empty')}
              action={
                <a className="cash-button" href="/app/cash/top-up">
                  {t('home.actions.addMoney')}
                </a>
              }
            />
          </div>
        ) : (
          <ul className="cash-rows">
            {activity.items.map((item) => (
              <li key={`${item.type}:${item.id}`}>
                <HistoryRow item={item} />
              </li>
            ))}
          </ul>
        )}
      </Section>

      {held.length === 0 && balances.mode !== 'borrow' && balances.debt === '0' ? null : (
        <Section title={t('home.balances')} testId="home.balances">
          <ul className="cash-rows">
            {held.map((b) => (
              <li key={b.asset}>
                <ListRow
                  leading={<Avatar asset={b.asset} />}
                  title={ASSETS[b.asset].name}
                  subtitle={
                    b.available !== b.balance
                      ? t('home.available', { asset: b.asset, amount: money(b.available, b.asset, locale) })
                      : b.asset
                  }
                  end={<span className="cash-list-row-amount">{money(b.balance, b.asset, locale)}</span>}
                  endNote={
                    b.asset === 'USDC' || b.asset === 'USDT' ? undefined : (
                      <span className="cash-list-row-status">≈ {usd(b.usdValue)}</span>
                    )
                  }
                />
              </li>
            ))}
            {balances.mode === 'borrow' || balances.debt !== '0' ? (
              <>
                <li>
                  <ListRow
                    leading={<Avatar icon={HandCoins} tone="muted" />}
                    title={t('home.debt')}
                    end={<span className="cash-list-row-amount">{usd(balances.debt)}</span>}
                  />
                </li>
                <li>
                  <ListRow
                    leading={<Avatar icon={Landmark} tone="muted" />}
                    title={t('home.borrowLimit')}
                    end={<span className="cash-list-row-amount">{usd(balances.borrowLimit)}</span>}
                  />
                </li>
              </>
            ) : null}
          </ul>
        </Section>
      )}
    </div>
  )
}
