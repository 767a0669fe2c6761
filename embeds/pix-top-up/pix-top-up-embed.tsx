import { useRef, useState } from 'react'
import { PixChargeView, PixQuoteResponse } from '../../domain/api/money-in.schema'
import { formatMoney, parseAmount } from '../../domain/money'
import { PIX_TOP_UP } from '../../domain/money-in'
import type { EmbedProps } from '../lib/embed-props'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { formatSeconds, useCountdown } from '../lib/use-countdown'
import { useResource } from '../lib/use-resource'
import { useAction } from '../lib/use-action'
import { useLiveQuote } from '../lib/use-live-quote'
import { CopyButton } from '../ui/copy-button'
import { FormFooter } from '../ui/form-footer'
import { NeedsAccount } from '../ui/needs-account'
import { Page } from '../ui/page'
import { QrCode } from '../ui/qr-code'
import { ErrorState, LoadingState } from '../ui/state-views'
import { AmountField, useAmountInput } from '../ui/amount-field'

/** The code to pay, with its countdown; it follows the charge until paid or expired. */
function ChargeStatus({
  accountId,
  chargeId,
  onRestart,
}: {
  accountId: string
  chargeId: string
  onRestart: () => void
}) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const charge = useResource(
    `pix:${chargeId}`,
    (signal) => api.get(`/accounts/${accountId}/pix/charges/${chargeId}`, PixChargeView, signal),
    { pollMs: 2000, keepPolling: (c) => c.status === 'pending' },
  )
  const left = useCountdown(charge.status === 'ready' ? charge.data.expiresAt : null)
  if (charge.status === 'loading') return <LoadingState />
  if (charge.status === 'error') return <ErrorState message={charge.error.message} onRetry={charge.reload} />
  const c = charge.data
  const credit = formatMoney(parseAmount(c.creditUsdc, 'USDC'), 'USDC', locale)
  if (c.status === 'paid') {
    return (
      <section className="cash-card cash-stack" role="status">
        <h2>{t('pix.paid.title')}</h2>
        <p className="cash-positive" style={{ margin: 0 }}>
          {t('pix.paid.body', { amount: credit })}
        </p>
        <a href="/app/cash">{t('state.goHome')}</a>
      </section>
    )
  }
  if (c.status === 'expired' || left === 0) {
    return (
      <section className="cash-card cash-stack" role="status">
        <h2>{t('pix.expired.title')}</h2>
        <p style={{ margin: 0 }}>{t('pix.expired.body')}</p>
        <div>
          <button type="button" className="cash-button" onClick={onRestart}>
            {t('pix.newCode')}
          </button>
        </div>
      </section>
    )
  }
  return (
    <section
      className="cash-card cash-stack"
      style={{ justifyItems: 'center', textAlign: 'center' }}
      aria-label={t('pix.code')}
    >
      <p style={{ margin: 0 }}>
        {t('pix.payInstructions', { amount: formatMoney(parseAmount(c.brlAmount, 'BRL'), 'BRL', locale), credit })}
      </p>
      <QrCode value={c.brCode} label={t('pix.code')} />
      <p className="cash-mono" data-testid="pix.br-code" style={{ margin: 0, fontSize: '0.8rem' }}>
        {c.brCode}
      </p>
      <CopyButton text={c.brCode} label={t('pix.copyPaste')} />
      <p role="timer" aria-live="off" style={{ margin: 0 }}>
        {t('pix.validFor', { time: formatSeconds(left) })}
      </p>
      <p className="cash-muted" style={{ margin: 0 }}>
        {t('pix.waiting')}
      </p>
    </section>
  )
}

/** PIX top-up: reais in, a quote in USDC (1 % fee, rate locked 10 minutes), then a BR Code to pay. */
export function PixTopUp({ accountId }: { accountId: string }) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const amount = useAmountInput('BRL')
  const action = useAction()
  const [chargeId, setChargeId] = useState<string | null>(null)
  const idempotencyKey = useRef(crypto.randomUUID())

  const { quote, error } = useLiveQuote(amount.value, (signal) =>
    api.get(
      `/accounts/${accountId}/pix/quote?${new URLSearchParams({ brlAmount: amount.value ?? '' })}`,
      PixQuoteResponse,
      signal,
    ),
  )
  const fieldError = action.fieldErrors.brlAmount ?? (error ? (error.fields.brlAmount ?? error.message) : undefined)

  if (chargeId) {
    return (
      <ChargeStatus
        accountId={accountId}
        chargeId={chargeId}
        onRestart={() => {
          idempotencyKey.current = crypto.randomUUID()
          setChargeId(null)
        }}
      />
    )
  }
  const create = (e: React.FormEvent) => {
    e.preventDefault()
    const brlAmount = amount.read()
    if (!quote || !brlAmount) return
    void action.run(async () =>
      setChargeId(
        (
          await api.post(
            `/accounts/${accountId}/pix/charges`,
            PixChargeView,
            { brlAmount },
            { idempotencyKey: idempotencyKey.current },
          )
        ).id,
      ),
    )
  }
  const usd = (v: string) => formatMoney(parseAmount(v, 'USDC'), 'USDC', locale)
  return (
    <form className="cash-card cash-stack" onSubmit={create} noValidate aria-busy={action.busy}>
      <AmountField
        label={t('pix.amount')}
        hint={t('pix.limits', {
          min: formatMoney(PIX_TOP_UP.minBrl, 'BRL', locale),
          max: formatMoney(PIX_TOP_UP.dailyMaxBrl, 'BRL', locale),
        })}
        name="brlAmount"
        amount={amount}
        error={fieldError}
      />
      {quote ? (
        <dl className="cash-stack" data-testid="pix.quote" style={{ margin: 0 }}>
          <div className="cash-row">
            <dt>{t('pix.rate')}</dt>
            <dd>{t('pix.rateValue', { brl: formatMoney(100n, 'BRL', locale), usd: usd(quote.rate) })}</dd>
          </div>
          <div className="cash-row">
            <dt>{t('pix.fee')}</dt>
            <dd>{usd(quote.feeUsdc)}</dd>
          </div>
          <div className="cash-row">
            <dt>{t('pix.receive')}</dt>
            <dd>
              <strong>{usd(quote.creditUsdc)}</strong>
            </dd>
          </div>
        </dl>
      ) : null}
      <FormFooter error={action.error} busy={action.busy} label={t('pix.create')} busyLabel={t('pix.creating')} />
    </form>
  )
}

export function PixTopUpEmbed({ title }: EmbedProps) {
  return (
    <Page title={title}>
      <NeedsAccount>{(accountId) => <PixTopUp accountId={accountId} />}</NeedsAccount>
    </Page>
  )
}
