import type { z } from 'zod'
import type { PixQuoteResponse } from '../../domain/api/money-in.schema'
import { formatBps, formatMoney, formatDecimal } from '../../domain/money'
import { PIX_TOP_UP } from '../../domain/money-in'
import { useI18n } from '../lib/i18n'
import { AmountField, type AmountInput } from '../ui/amount-field'
import { FormFooter } from '../ui/form-footer'

export type PixQuote = z.infer<typeof PixQuoteResponse>

/** PIX top-up's first step: reais in, within the limits, and the quote in USDC (rate, fee, what arrives). */
export function PixTopUpFormView({
  amount,
  amountError,
  quote,
  busy,
  error,
  onSubmit,
}: {
  amount: AmountInput
  amountError: string | undefined
  quote: PixQuote | null
  busy: boolean
  error: string | null
  onSubmit: () => void
}) {
  const { t, locale } = useI18n()
  const usd = (v: string) => formatDecimal(v, 'USDC', locale)
  return (
    <form
      className="cash-card cash-stack"
      onSubmit={(e) => (e.preventDefault(), onSubmit())}
      noValidate
      aria-busy={busy}
    >
      <AmountField
        label={t('pix.amount')}
        hint={t('pix.limits', {
          min: formatMoney(PIX_TOP_UP.minBrl, 'BRL', locale),
          max: formatMoney(PIX_TOP_UP.dailyMaxBrl, 'BRL', locale),
        })}
        name="brlAmount"
        amount={amount}
        error={amountError}
      />
      {quote ? (
        <dl className="cash-stack" data-testid="pix.quote" style={{ margin: 0 }}>
          <div className="cash-row">
            <dt>{t('pix.rate')}</dt>
            <dd>{t('pix.rateValue', { brl: formatMoney(100n, 'BRL', locale), usd: usd(quote.rate) })}</dd>
          </div>
          <div className="cash-row">
            <dt>{t('pix.fee', { fee: formatBps(PIX_TOP_UP.feeBps, locale) })}</dt>
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
      <FormFooter error={error} busy={busy} label={t('pix.create')} busyLabel={t('pix.creating')} />
    </form>
  )
}
