import { useState } from 'react'
import { CardAuthorizationsResponse, CardsResponse, CardView } from '../../domain/api/money-out.schema'
import { formatMoney, parseAmount } from '../../domain/money'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { useResource } from '../lib/use-resource'
import { ErrorState, LoadingState } from '../ui/state-views'

type Card = ReturnType<typeof CardView.parse>

/** One card: masked number, status (with its reason), limits, and freeze/unfreeze. */
function CardTile({ card, onChange }: { card: Card; onChange: () => void }) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const [error, setError] = useState<string | null>(null)
  const usd = (v: string | null) => (v === null ? t('cards.noLimit') : formatMoney(parseAmount(v, 'USDC'), 'USDC', locale))
  const toggle = async () => {
    setError(null)
    try {
      await api.post(`/cards/${card.id}/${card.status === 'frozen' ? 'unfreeze' : 'freeze'}`, CardView)
      onChange()
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
    }
  }
  return (
    <section className="cash-card cash-stack" aria-label={t('cards.cardLabel', { last4: card.last4 })} data-testid={`cards.card-${card.last4}`}>
      <div className="cash-row">
        <strong className="cash-mono">•••• {card.last4}</strong>
        <span className="cash-badge">{t(`cards.status.${card.status}`)}</span>
      </div>
      <p className="cash-muted" style={{ margin: 0 }}>{card.nameOnCard} · {t('cards.expires', { expiry: card.expiry })}</p>
      {card.statusReason ? <p className="cash-notice" style={{ margin: 0 }}>{card.statusReason}</p> : null}
      <dl className="cash-stack" style={{ margin: 0 }}>
        <div className="cash-row"><dt>{t('cards.limit.perPurchase')}</dt><dd>{usd(card.limits.perPurchase)}</dd></div>
        <div className="cash-row"><dt>{t('cards.limit.daily')}</dt><dd>{usd(card.limits.daily)}</dd></div>
        <div className="cash-row"><dt>{t('cards.limit.monthly')}</dt><dd>{usd(card.limits.monthly)}</dd></div>
      </dl>
      {card.status !== 'cancelled' ? (
        <div>
          <button type="button" className="cash-button" data-variant="secondary" onClick={() => void toggle()}>{card.status === 'frozen' ? t('cards.unfreeze') : t('cards.freeze')}</button>
        </div>
      ) : null}
      {error ? <p className="cash-alert" role="alert">{error}</p> : null}
    </section>
  )
}

/** The holder's cards, and their purchases: pending with the hold's expiry, settled, declined with the reason. */
export function CardsPage({ accountId, canIssue }: { accountId: string; canIssue: boolean }) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const data = useResource(`cards:${accountId}`, async (signal) => {
    const [cards, purchases] = await Promise.all([api.get(`/accounts/${accountId}/cards`, CardsResponse, signal), api.get(`/accounts/${accountId}/card-authorizations`, CardAuthorizationsResponse, signal)])
    return { cards: cards.items, purchases: purchases.items }
  })
  if (data.status === 'loading') return <LoadingState />
  if (data.status === 'error') return <ErrorState message={data.error.message} onRetry={data.reload} />
  const usd = (v: string) => formatMoney(parseAmount(v, 'USDC'), 'USDC', locale)
  const date = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso))
  return (
    <div className="cash-stack">
      {data.data.cards.length === 0 ? <p className="cash-card">{t('cards.none')}</p> : data.data.cards.map((c) => <CardTile key={c.id} card={c} onChange={data.reload} />)}
      {canIssue ? <a href="/app/cash/card/@corporate/add">{t('cards.issue')}</a> : null}
      <section className="cash-card" aria-labelledby="cards-purchases">
        <h2 id="cards-purchases">{t('cards.purchases')}</h2>
        {data.data.purchases.length === 0 ? <p className="cash-muted">{t('cards.noPurchases')}</p> : (
          <ul className="cash-list" data-testid="cards.purchases">
            {data.data.purchases.map((p) => (
              <li key={p.id} className="cash-stack" style={{ gap: 4 }}>
                <div className="cash-row">
                  <span>{p.merchantName} <span className="cash-muted cash-mono">•••• {p.cardLast4}</span></span>
                  <span>{p.status === 'declined' ? t('cards.declined') : `-${usd(p.clearedAmount ?? p.amount)}`}</span>
                </div>
                <span className="cash-muted">
                  {p.status === 'approved' && p.holdExpiresAt ? t('cards.pending', { date: date(p.holdExpiresAt) }) : p.status === 'declined' ? (p.declineMessage ?? '') : t(`cards.purchase.${p.status}`)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
