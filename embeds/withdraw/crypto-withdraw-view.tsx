import type { z } from 'zod'
import type { WithdrawalQuoteResponse } from '../../domain/api/money-out.schema'
import { HELD_ASSETS, type HeldAsset } from '../../domain/asset'
import { formatMoney, parseAmount } from '../../domain/money'
import { useI18n } from '../lib/i18n'
import { AmountField, type AmountInput } from '../ui/amount-field'
import { TextField } from '../ui/text-field'

export type WithdrawalQuote = z.infer<typeof WithdrawalQuoteResponse>

/** Asset, amount and address, the checked quote (fee, total, arrival), and Review once there is a quote. */
export function CryptoWithdrawView({
  asset,
  onAsset,
  amount,
  amountError,
  address,
  onAddress,
  addressError,
  quote,
  onReview,
}: {
  asset: HeldAsset
  onAsset: (asset: HeldAsset) => void
  amount: AmountInput
  amountError: string | undefined
  address: string
  onAddress: (address: string) => void
  addressError: string | undefined
  quote: WithdrawalQuote | null
  onReview: () => void
}) {
  const { t, locale } = useI18n()
  const fmt = (v: string) => formatMoney(parseAmount(v, asset), asset, locale)
  return (
    <form
      className="cash-card cash-stack"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        onReview()
      }}
    >
      <div className="cash-field">
        <label htmlFor="withdraw-asset">{t('ui.asset')}</label>
        <select id="withdraw-asset" value={asset} onChange={(e) => onAsset(e.target.value as HeldAsset)}>
          {HELD_ASSETS.map((a) => (
            <option key={a}>{a}</option>
          ))}
        </select>
      </div>
      <AmountField label={t('ui.amount')} name="amount" amount={amount} error={amountError} />
      <TextField
        label={t('withdraw.address')}
        hint={t('withdraw.addressHint')}
        name="address"
        autoComplete="off"
        spellCheck={false}
        value={address}
        error={addressError}
        onChange={(e) => onAddress(e.target.value)}
      />
      {quote ? (
        <dl className="cash-stack" data-testid="withdraw.quote" style={{ margin: 0 }}>
          <div className="cash-row">
            <dt>{t('withdraw.fee')}</dt>
            <dd>{fmt(quote.fee)}</dd>
          </div>
          <div className="cash-row">
            <dt>{t('withdraw.total')}</dt>
            <dd>
              <strong>{fmt(quote.total)}</strong>
            </dd>
          </div>
          <div className="cash-row">
            <dt>{t('withdraw.arrives')}</dt>
            <dd>{t('withdraw.arrivesValue', { seconds: String(quote.arrivalSeconds) })}</dd>
          </div>
        </dl>
      ) : null}
      <button type="submit" className="cash-button" disabled={!quote}>
        {t('withdraw.review')}
      </button>
    </form>
  )
}
