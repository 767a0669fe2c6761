import { useRef, useState } from 'react'
import { WithdrawalQuoteResponse, WithdrawalView } from '../../domain/api/money-out.schema'
import { HELD_ASSETS, type HeldAsset } from '../../domain/asset'
import { formatMoney, parseAmount } from '../../domain/money'
import { useEmbedNavigation } from '../lib/embed-navigation'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { useLiveQuote } from '../lib/use-live-quote'
import { ConfirmSheet } from '../ui/confirm-sheet'
import { AmountField, useAmountInput } from '../ui/amount-field'
import { TextField } from '../ui/text-field'

/** Asset, amount and address → a checked quote (fee, total, delay) → confirm → the status page. */
export function CryptoWithdrawPage({ accountId }: { accountId: string }) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const navigation = useEmbedNavigation()
  const [asset, setAsset] = useState<HeldAsset>('USDC')
  const amount = useAmountInput(asset)
  const [address, setAddress] = useState('')
  const [reviewing, setReviewing] = useState(false)
  // One key per intended withdrawal: a double tap or a retry sends it once.
  const idempotencyKey = useRef(crypto.randomUUID())
  const query = new URLSearchParams({ asset, amount: amount.value ?? '', address: address.trim() })
  const { quote, error } = useLiveQuote(amount.value && address ? query.toString() : null, (signal) =>
    api.get(`/accounts/${accountId}/withdrawals/quote?${query}`, WithdrawalQuoteResponse, signal),
  )
  const fmt = (v: string) => formatMoney(parseAmount(v, asset), asset, locale)

  if (reviewing && quote) {
    return (
      <ConfirmSheet
        title={t('withdraw.confirmTitle')}
        asset={asset}
        total={quote.total}
        detail={t('withdraw.confirmDetail', { address: quote.address, network: quote.network })}
        lines={[
          { label: t('withdraw.to'), value: quote.address },
          { label: t('withdraw.network'), value: quote.network },
          { label: t('ui.amount'), value: fmt(quote.amount) },
          { label: t('withdraw.fee'), value: fmt(quote.fee) },
          { label: t('withdraw.total'), value: fmt(quote.total) },
          { label: t('withdraw.delay'), value: t('withdraw.delayValue', { seconds: String(quote.delaySeconds) }) },
        ]}
        onBack={() => setReviewing(false)}
        onSend={async (confirmation) => {
          await api.post(
            `/accounts/${accountId}/withdrawals`,
            WithdrawalView,
            { asset, amount: quote.amount, address: quote.address, confirmation },
            { idempotencyKey: idempotencyKey.current },
          )
          navigation.go('/app/cash/withdraw/crypto/status')
        }}
      />
    )
  }
  return (
    <form
      className="cash-card cash-stack"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        if (amount.read() !== undefined && quote) setReviewing(true)
      }}
    >
      <div className="cash-field">
        <label htmlFor="withdraw-asset">{t('ui.asset')}</label>
        <select id="withdraw-asset" value={asset} onChange={(e) => setAsset(e.target.value as HeldAsset)}>
          {HELD_ASSETS.map((a) => (
            <option key={a}>{a}</option>
          ))}
        </select>
      </div>
      <AmountField label={t('ui.amount')} name="amount" amount={amount} error={error?.fields.amount} />
      <TextField
        label={t('withdraw.address')}
        hint={t('withdraw.addressHint')}
        name="address"
        autoComplete="off"
        spellCheck={false}
        value={address}
        error={
          error?.fields.address ?? (error && !error.fields.amount && !error.fields.address ? error.message : undefined)
        }
        onChange={(e) => setAddress(e.target.value)}
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
