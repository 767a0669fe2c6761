import { useRef, useState } from 'react'
import { BankSendQuoteResponse, BankSendView, RecipientsResponse } from '../../domain/api/money-out.schema'
import { formatBps, formatDecimal } from '../../domain/money'
import { BANK_SEND } from '../../domain/money-out'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { useLiveQuote } from '../lib/use-live-quote'
import { readyData, useResource } from '../lib/use-resource'
import { ConfirmSheet } from '../ui/confirm-sheet'
import { AmountField, useAmountInput } from '../ui/amount-field'
import { usePageQuery } from '../lib/embed-navigation'
import { ResourceView } from '../ui/resource-view'
import { EmptyState } from '../ui/empty-state'
import { Landmark } from 'lucide-react'

type Send = ReturnType<typeof BankSendView.parse>

/** Send to a saved recipient: amount → fee, total and what arrives → confirm → status. */
export function BankSendPage({ accountId }: { accountId: string }) {
  const { t, locale } = useI18n()
  const feeLabel = t('bank.send.fee', { fee: formatBps(BANK_SEND.feeBps, locale) })
  const { api } = useSession()
  const recipients = useResource(`recipients:${accountId}`, (signal) =>
    api.get(`/accounts/${accountId}/bank-recipients`, RecipientsResponse, signal),
  )
  const pageQuery = usePageQuery()
  const [recipientId, setRecipientId] = useState(() => pageQuery.get('recipient') ?? '')
  const amount = useAmountInput('USD')
  const [reviewing, setReviewing] = useState(false)
  const [sent, setSent] = useState<Send | null>(null)
  const idempotencyKey = useRef(crypto.randomUUID())
  const chosen = readyData(recipients)?.items.find((r) => r.id === recipientId) ?? readyData(recipients)?.items[0]
  const query = new URLSearchParams({ recipientId: chosen?.id ?? '', amount: amount.value ?? '' })
  const { quote, error } = useLiveQuote(chosen && amount.value ? query.toString() : null, (signal) =>
    api.get(`/accounts/${accountId}/bank-sends/quote?${query}`, BankSendQuoteResponse, signal),
  )
  const usd = (v: string) => formatDecimal(v, 'USDC', locale)
  const fiat = (v: string, currency: 'USD' | 'EUR') =>
    new Intl.NumberFormat(locale, { style: 'currency', currency }).format(v as `${number}`)

  return (
    <ResourceView resource={recipients}>
      {(loaded) => {
        if (!chosen)
          return (
            <div className="cash-card">
              <EmptyState
                icon={Landmark}
                text={t('bank.send.empty')}
                testId="bank.send.empty"
                action={
                  <a className="cash-button" href="/app/cash/bank/send/add">
                    {t('bank.send.addOne')}
                  </a>
                }
              />
            </div>
          )
        if (sent) {
          return (
            <section className="cash-card cash-stack" role="status" data-testid="bank.sent">
              <h2>{t('bank.send.sentTitle')}</h2>
              <p style={{ margin: 0 }}>
                {t('bank.send.sentBody', {
                  amount: fiat(sent.recipientGets, sent.currency),
                  name: sent.recipient.name,
                })}
              </p>
              <p className="cash-muted" style={{ margin: 0 }}>
                {t('bank.send.trackOnBank')}
              </p>
              <a href="/app/cash/bank">{t('bank.send.seeStatus')}</a>
            </section>
          )
        }
        if (reviewing && quote) {
          return (
            <ConfirmSheet
              title={t('bank.send.confirmTitle', { name: chosen.name })}
              asset="USDC"
              total={quote.total}
              detail={t('bank.send.confirmDetail', {
                amount: fiat(quote.recipientGets, quote.currency),
                name: chosen.name,
              })}
              lines={[
                { label: t('pixSend.to'), value: `${chosen.name} ${chosen.masked}` },
                { label: t('ui.amount'), value: usd(quote.amount) },
                { label: feeLabel, value: usd(quote.fee) },
                { label: t('withdraw.total'), value: usd(quote.total) },
                { label: t('bank.send.gets'), value: fiat(quote.recipientGets, quote.currency) },
              ]}
              onBack={() => setReviewing(false)}
              onSend={async (confirmation) =>
                setSent(
                  await api.post(
                    `/accounts/${accountId}/bank-sends`,
                    BankSendView,
                    { recipientId: chosen.id, amount: quote.amount, confirmation },
                    { idempotencyKey: idempotencyKey.current },
                  ),
                )
              }
            />
          )
        }
        return (
          <form
            className="cash-card cash-stack"
            noValidate
            onSubmit={(e) => (e.preventDefault(), amount.read() !== undefined && quote && setReviewing(true))}
          >
            <div className="cash-field">
              <label htmlFor="bank-recipient">{t('bank.send.recipient')}</label>
              <select id="bank-recipient" value={chosen.id} onChange={(e) => setRecipientId(e.target.value)}>
                {loaded.items.map((r) => (
                  <option key={r.id} value={r.id}>{`${r.name} · ${r.currency} ${r.masked}`}</option>
                ))}
              </select>
            </div>
            <AmountField
              label={t('bank.send.amount')}
              name="amount"
              amount={amount}
              error={error ? (error.fields.amount ?? error.message) : undefined}
            />
            {quote ? (
              <dl className="cash-stack" data-testid="bank.quote" style={{ margin: 0 }}>
                <div className="cash-row">
                  <dt>{feeLabel}</dt>
                  <dd>{usd(quote.fee)}</dd>
                </div>
                <div className="cash-row">
                  <dt>{t('withdraw.total')}</dt>
                  <dd>
                    <strong>{usd(quote.total)}</strong>
                  </dd>
                </div>
                <div className="cash-row">
                  <dt>{t('bank.send.gets')}</dt>
                  <dd>{fiat(quote.recipientGets, quote.currency)}</dd>
                </div>
              </dl>
            ) : null}
            <button type="submit" className="cash-button" disabled={!quote}>
              {t('withdraw.review')}
            </button>
            <a href="/app/cash/bank/send/add">{t('bank.send.addOne')}</a>
          </form>
        )
      }}
    </ResourceView>
  )
}
