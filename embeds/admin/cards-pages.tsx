import { useState, type FormEvent } from 'react'
import { AdminCardDetail, AdminCardsResponse } from '../../domain/api/admin-people.schema'
import { CardView } from '../../domain/api/money-out.schema'
import { cardStatusReasonText, onlyCancellable } from '../../domain/card-status-reason'
import { formatDate } from '../../domain/format-date'
import { declineReason } from '../../domain/movement-reason'
import { movementReasonText } from '../../domain/movement-words'
import { formatDecimal } from '../../domain/money'
import type { EmbedProps } from '../lib/embed-props'
import { useI18n } from '../lib/i18n'
import { useAction } from '../lib/use-action'
import { useResource } from '../lib/use-resource'
import { useSession } from '../lib/session'
import { FormFooter } from '../ui/form-footer'
import { Page } from '../ui/page'
import { AmountField, useAmountInput } from '../ui/amount-field'
import { AdminNav } from './admin-nav'
import { AdminSearchPage } from './admin-search-page'
import { AuditTrail } from './audit-trail'
import { ReasonForm } from './reason-form'
import { ResourceView } from '../ui/resource-view'

/** Find a card by its last 4 digits, its id, its account or its cardholder. */
export function AdminCardsPage(props: EmbedProps) {
  const { t } = useI18n()
  return (
    <AdminSearchPage
      {...props}
      area="card"
      endpoint="/admin/cards"
      schema={AdminCardsResponse}
      renderItems={(items) => (
        <ul className="cash-link-list" data-testid="admin-card.results">
          {items.map((c) => (
            <li key={c.id}>
              <a href={`/app/cash/admin/card/${c.id}`}>
                <strong>•••• {c.last4}</strong>
                {t(`cards.kind.${c.kind}`)} · {t(`cards.status.${c.status}`)} · {c.cardholder.email} · {c.accountName}
              </a>
            </li>
          ))}
        </ul>
      )}
    />
  )
}

/**
 * One card: status, holder, account, limits, latest authorizations; freeze, unfreeze, cancel and limits, each audited.
 */
export function AdminCardPage({ title, params }: EmbedProps) {
  const { api } = useSession()
  const { t, locale } = useI18n()
  const stamp = (at: string) => formatDate(at, locale, 'stamp')
  const cardId = params.cardId ?? ''
  const [version, setVersion] = useState(0)
  const detail = useResource(`admin-card:${cardId}:${version}`, (signal) =>
    api.get(`/admin/cards/${encodeURIComponent(cardId)}`, AdminCardDetail, signal),
  )
  const changed = () => setVersion((v) => v + 1)
  const act = (action: 'freeze' | 'unfreeze' | 'cancel') => async (reason: string | undefined) => {
    await api.post(`/admin/cards/${cardId}/${action}`, CardView, { reason })
    changed()
  }
  const usd = (v: string | null) => (v === null ? t('admin.card.noLimit') : formatDecimal(v, 'USDC', locale))
  return (
    <Page title={title}>
      <AdminNav current="/admin/card" />
      <ResourceView resource={detail}>
        {(loaded) => (
          <>
            <section className="cash-card cash-stack" aria-labelledby="admin-card-summary">
              <h2 id="admin-card-summary">•••• {loaded.card.last4}</h2>
              <dl className="cash-stack" style={{ margin: 0 }} data-testid="admin-card.summary">
                <div className="cash-row">
                  <dt>{t('admin.card.status')}</dt>
                  <dd data-testid="admin-card.status">
                    {t(`cards.status.${loaded.card.status}`)}
                    {loaded.card.statusReasonKey
                      ? ` · ${cardStatusReasonText(loaded.card.statusReasonKey, locale)}`
                      : ''}
                  </dd>
                </div>
                <div className="cash-row">
                  <dt>{t('admin.card.kind')}</dt>
                  <dd>
                    {t(`cards.kind.${loaded.card.kind}`)} · {loaded.card.expiry}
                  </dd>
                </div>
                <div className="cash-row">
                  <dt>{t('admin.card.holder')}</dt>
                  <dd>
                    <a href={`/app/cash/admin/user/${loaded.cardholder.id}`}>{loaded.cardholder.email}</a>
                  </dd>
                </div>
                <div className="cash-row">
                  <dt>{t('admin.card.account')}</dt>
                  <dd>
                    <a href={`/app/cash/admin/account/${loaded.account.id}`}>{loaded.account.name}</a>
                    {loaded.account.frozen ? ` · ${t('admin.account.frozenBadge')}` : ''}
                  </dd>
                </div>
                <div className="cash-row">
                  <dt>{t('admin.card.limits')}</dt>
                  <dd>
                    {t('admin.card.limitsValue', {
                      perPurchase: usd(loaded.card.limits.perPurchase),
                      daily: usd(loaded.card.limits.daily),
                      monthly: usd(loaded.card.limits.monthly),
                    })}
                  </dd>
                </div>
              </dl>
            </section>
            {loaded.card.status === 'active' ? (
              <ReasonForm
                key={`freeze-${version}`}
                id="admin-card.freeze"
                title={t('admin.card.freezeTitle')}
                label={t('admin.card.freeze')}
                busyLabel={t('admin.card.busy')}
                required
                onSubmit={act('freeze')}
              />
            ) : null}
            {loaded.card.status === 'frozen' && !onlyCancellable(loaded.card.statusReasonKey) ? (
              <ReasonForm
                key={`unfreeze-${version}`}
                id="admin-card.unfreeze"
                title={t('admin.card.unfreezeTitle')}
                label={t('admin.card.unfreeze')}
                busyLabel={t('admin.card.busy')}
                required={false}
                onSubmit={act('unfreeze')}
              />
            ) : null}
            {loaded.card.status !== 'cancelled' ? (
              <>
                <CardLimitsForm
                  key={`limits-${version}`}
                  cardId={cardId}
                  limits={loaded.card.limits}
                  onSaved={changed}
                />
                <ReasonForm
                  key={`cancel-${version}`}
                  id="admin-card.cancel"
                  title={t('admin.card.cancelTitle')}
                  label={t('admin.card.cancel')}
                  busyLabel={t('admin.card.busy')}
                  required
                  confirm={t('admin.card.cancelConfirm', { last4: loaded.card.last4 })}
                  onSubmit={act('cancel')}
                />
              </>
            ) : null}
            <section className="cash-card cash-stack" aria-labelledby="admin-card-auths">
              <h2 id="admin-card-auths">{t('admin.card.authorizations')}</h2>
              {loaded.authorizations.length === 0 ? (
                <p className="cash-muted">{t('admin.card.noAuthorizations')}</p>
              ) : null}
              <ul
                className="cash-stack"
                style={{ listStyle: 'none', padding: 0, margin: 0 }}
                data-testid="admin-card.authorizations"
              >
                {loaded.authorizations.map((a) => (
                  <li key={a.id} className="cash-row">
                    <span>
                      {a.merchantName} · <time dateTime={a.createdAt}>{stamp(a.createdAt)}</time> ·{' '}
                      {/* A decline's reason says "Declined: …" itself; the state alone would say it twice. */}
                      {a.declineReason
                        ? movementReasonText(declineReason(a.declineReason), locale)
                        : t(`admin.investigate.state.${a.status as AuthorizationState}`)}
                    </span>
                    <span className="cash-amount">{usd(a.amount)}</span>
                  </li>
                ))}
              </ul>
            </section>
          </>
        )}
      </ResourceView>
      <AuditTrail subjectType="card" subjectId={cardId} version={version} />
    </Page>
  )
}

/** The card's own limits; an empty field means no card limit (the account's limits still apply). */
/** A card authorization's status, worded by the investigate page's states. */
type AuthorizationState = 'approved' | 'declined' | 'cleared' | 'reversed' | 'expired' | 'refunded'

function CardLimitsForm({
  cardId,
  limits,
  onSaved,
}: {
  cardId: string
  limits: { perPurchase: string | null; daily: string | null; monthly: string | null }
  onSaved: () => void
}) {
  const { api } = useSession()
  const { t } = useI18n()
  const action = useAction()
  const amounts = {
    perPurchase: useAmountInput('USD', { optional: true, initial: limits.perPurchase }),
    daily: useAmountInput('USD', { optional: true, initial: limits.daily }),
    monthly: useAmountInput('USD', { optional: true, initial: limits.monthly }),
  }
  const field = (name: keyof typeof amounts, label: string) => (
    <AmountField label={label} name={name} amount={amounts[name]} error={action.fieldErrors[name]} />
  )
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const typed = {
      perPurchase: amounts.perPurchase.read(),
      daily: amounts.daily.read(),
      monthly: amounts.monthly.read(),
    }
    if (Object.values(typed).some((v) => v === undefined)) return
    const orNull = (v: string | undefined) => v || null
    void action.run(async () => {
      await api.put(`/admin/cards/${cardId}/limits`, CardView, {
        perPurchase: orNull(typed.perPurchase),
        daily: orNull(typed.daily),
        monthly: orNull(typed.monthly),
      })
      onSaved()
    })
  }
  return (
    <form
      className="cash-card cash-stack"
      onSubmit={submit}
      noValidate
      aria-busy={action.busy}
      aria-labelledby="admin-card-limits-title"
    >
      <h2 id="admin-card-limits-title">{t('admin.card.limitsTitle')}</h2>
      <p className="cash-muted">{t('admin.card.limitsHint')}</p>
      {field('perPurchase', t('admin.card.perPurchase'))}
      {field('daily', t('admin.card.daily'))}
      {field('monthly', t('admin.card.monthly'))}
      <FormFooter
        error={action.error}
        busy={action.busy}
        label={t('admin.card.saveLimits')}
        busyLabel={t('admin.card.busy')}
      />
    </form>
  )
}
