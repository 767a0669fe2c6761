import { useRef, useState } from 'react'
import { WithdrawalQuoteResponse, WithdrawalView } from '../../domain/api/money-out.schema'
import type { HeldAsset } from '../../domain/asset'
import { formatMoney, parseAmount } from '../../domain/money'
import { useEmbedNavigation } from '../lib/embed-navigation'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { useLiveQuote } from '../lib/use-live-quote'
import { ConfirmSheet } from '../ui/confirm-sheet'
import { useAmountInput } from '../ui/amount-field'
import { CryptoWithdrawView } from './crypto-withdraw-view'

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
          { label: t('withdraw.to'), value: quote.address, code: true },
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
    <CryptoWithdrawView
      asset={asset}
      onAsset={setAsset}
      amount={amount}
      amountError={error?.fields.amount}
      address={address}
      onAddress={setAddress}
      addressError={
        error?.fields.address ?? (error && !error.fields.amount && !error.fields.address ? error.message : undefined)
      }
      quote={quote}
      onReview={() => {
        if (amount.read() !== undefined && quote) setReviewing(true)
      }}
    />
  )
}
