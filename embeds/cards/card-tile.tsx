import { useState, type FormEvent } from 'react'
import { CardView } from '../../domain/api/money-out.schema'
import { cardStatusReasonText, onlyCancellable } from '../../domain/card-status-reason'
import { formatDate } from '../../domain/format-date'
import { formatDecimal } from '../../domain/money'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { useAction } from '../lib/use-action'
import { FormFooter } from '../ui/form-footer'
import { AddToWallet } from '../ui/add-to-wallet'
import { StatusTimeline } from '../ui/status-timeline'
import { TextField } from '../ui/text-field'
import { CardActivity } from './card-activity'
import { CardArt } from './card-art'
import { CardDetailsReveal } from './card-details-reveal'

export type Card = ReturnType<typeof CardView.parse>

/** Shipping status with its ETA, and the activation form once the card is on its way (the cardholder only). */
function Shipping({ card, mine, onChange }: { card: Card; mine: boolean; onChange: () => void }) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const [last4, setLast4] = useState('')
  const action = useAction()
  const shipping = card.shipping
  if (!shipping) return null
  const date = (iso: string | null) => (iso ? formatDate(iso, locale, 'date') : '')
  const activatable =
    mine && card.status !== 'cancelled' && (shipping.status === 'shipped' || shipping.status === 'delivered')
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void action.run(async () => {
      await api.post(`/cards/${card.id}/activate`, CardView, { last4 })
      onChange()
    })
  }
  const steps = (['ordered', 'shipped', 'delivered'] as const).map((key) => ({
    key,
    label: t(`cards.shipping.step.${key}`),
  }))
  return (
    <div className="cash-stack">
      {shipping.status === 'activated' ? null : (
        <StatusTimeline label={t('cards.shipping.progress')} steps={steps} current={shipping.status} />
      )}
      <p style={{ margin: 0 }} data-testid={`cards.shipping-${card.last4}`}>
        {t(`cards.shipping.${shipping.status}`, { date: date(shipping.eta), city: shipping.city })}
      </p>
      {activatable ? (
        <form className="cash-stack" onSubmit={submit} noValidate aria-label={t('cards.activate.title')}>
          <TextField
            label={t('cards.activate.last4')}
            hint={t('cards.activate.hint')}
            name="last4"
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            value={last4}
            error={action.fieldErrors.last4}
            onChange={(e) => setLast4(e.target.value)}
          />
          <FormFooter
            error={action.error}
            busy={action.busy}
            label={t('cards.activate.submit')}
            busyLabel={t('cards.activate.submitting')}
          />
        </form>
      ) : null}
    </div>
  )
}

/**
 * The badge beside the number. A physical card is not "Active" until its holder activated it: while on its way it
 * reads "Arriving <date>", once delivered "Not activated" (purchases are declined until then).
 */
function statusBadge(card: Card, t: ReturnType<typeof useI18n>['t'], locale: string): string {
  const shipping = card.shipping
  if (card.status !== 'active' || !shipping || shipping.status === 'activated') return t(`cards.status.${card.status}`)
  if (shipping.status === 'delivered') return t('cards.status.notActivated')
  return t('cards.status.arriving', { date: shipping.eta ? formatDate(shipping.eta, locale, 'date') : '' })
}

/** Cancel for good, after a second, explicit step. */
function CancelCard({ card, onChange }: { card: Card; onChange: () => void }) {
  const { t } = useI18n()
  const { api } = useSession()
  const [asking, setAsking] = useState(false)
  const action = useAction()
  if (!asking)
    return (
      <button type="button" className="cash-button" data-variant="destructive" onClick={() => setAsking(true)}>
        {t('cards.cancel')}
      </button>
    )
  return (
    <div className="cash-stack" role="group" aria-label={t('cards.cancel')}>
      <p className="cash-notice" style={{ margin: 0 }}>
        {t('cards.cancel.confirmBody', { last4: card.last4 })}
      </p>
      <div className="cash-row">
        <button
          type="button"
          className="cash-button"
          data-variant="destructive"
          disabled={action.busy}
          onClick={() =>
            void action.run(async () => (await api.post(`/cards/${card.id}/cancel`, CardView), onChange()))
          }
        >
          {t('cards.cancel.confirm')}
        </button>
        <button type="button" className="cash-button" data-variant="secondary" onClick={() => setAsking(false)}>
          {t('cards.cancel.keep')}
        </button>
      </div>
      {action.error ? (
        <p className="cash-alert" role="alert">
          {action.error}
        </p>
      ) : null}
    </div>
  )
}

/** One card: masked number, kind, status, shipping, limits, actions and its recent activity. */
export function CardTile({
  card,
  accountId,
  userId,
  corporate,
  onChange,
}: {
  card: Card
  accountId: string
  userId: string
  corporate: boolean
  onChange: () => void
}) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const freeze = useAction()
  const usd = (v: string | null) => (v === null ? t('cards.noLimit') : formatDecimal(v, 'USDC', locale))
  const mine = card.cardholderUserId === userId
  const live = card.status !== 'cancelled'
  return (
    <section
      className="cash-card cash-stack"
      aria-label={t('cards.cardLabel', { last4: card.last4 })}
      data-testid={`cards.card-${card.last4}`}
    >
      <CardArt card={card} corporate={corporate} />
      <div className="cash-row">
        <strong>•••• {card.last4}</strong>
        <span>
          <span className="cash-badge">{t(`cards.kind.${card.kind}`)}</span>{' '}
          <span className="cash-badge" data-testid={`cards.status-${card.last4}`}>
            {statusBadge(card, t, locale)}
          </span>
        </span>
      </div>
      <p className="cash-muted" style={{ margin: 0 }}>
        {card.nameOnCard} · {t('cards.expires', { expiry: card.expiry })}
      </p>
      {card.statusReasonKey ? (
        <p className="cash-notice" style={{ margin: 0 }} data-testid={`cards.status-reason-${card.last4}`}>
          {cardStatusReasonText(card.statusReasonKey, locale)}
        </p>
      ) : null}
      <Shipping card={card} mine={mine} onChange={onChange} />
      <dl className="cash-stack" style={{ margin: 0 }}>
        <div className="cash-row">
          <dt>{t('cards.limit.perPurchase')}</dt>
          <dd>{usd(card.limits.perPurchase)}</dd>
        </div>
        <div className="cash-row">
          <dt>{t('cards.limit.daily')}</dt>
          <dd>{usd(card.limits.daily)}</dd>
        </div>
        <div className="cash-row">
          <dt>{t('cards.limit.monthly')}</dt>
          <dd>{usd(card.limits.monthly)}</dd>
        </div>
      </dl>
      {live && mine ? <CardDetailsReveal cardId={card.id} last4={card.last4} /> : null}
      {mine && card.status === 'active' && (!card.shipping || card.shipping.status === 'activated') ? (
        <AddToWallet card={card} />
      ) : null}
      {live ? (
        <div className="cash-row">
          {onlyCancellable(card.statusReasonKey) ? null : (
            <button
              type="button"
              className="cash-button"
              data-variant="secondary"
              disabled={freeze.busy}
              onClick={() =>
                void freeze.run(
                  async () => (
                    await api.post(`/cards/${card.id}/${card.status === 'frozen' ? 'unfreeze' : 'freeze'}`, CardView),
                    onChange()
                  ),
                )
              }
            >
              {card.status === 'frozen' ? t('cards.unfreeze') : t('cards.freeze')}
            </button>
          )}
          <CancelCard card={card} onChange={onChange} />
        </div>
      ) : null}
      {freeze.error ? (
        <p className="cash-alert" role="alert">
          {freeze.error}
        </p>
      ) : null}
      <CardActivity accountId={accountId} cardId={card.id} last4={card.last4} />
    </section>
  )
}
