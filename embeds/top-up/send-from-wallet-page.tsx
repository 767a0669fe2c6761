import { useState } from 'react'
import { DepositAddressResponse } from '../../domain/api/money-in.schema'
import type { HeldAsset } from '../../domain/asset'
import { eip681, transferFeeWei } from '../../domain/money-in'
import { formatMoney, parsePositiveAmount } from '../../domain/money'
import { DEFAULT_PRICES, usdValue } from '../../domain/prices'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { useResource } from '../lib/use-resource'
import { CopyButton } from '../ui/copy-button'
import { QrCode } from '../ui/qr-code'
import { ErrorState, LoadingState } from '../ui/state-views'
import { AmountField, useAmountInput } from '../ui/amount-field'

/**
 * Send from any wallet: pick the asset and amount, and get a payment request (EIP-681) the wallet scans or
 * opens, with the network fee it will pay. The transfer then arrives like any deposit.
 */
export function SendFromWalletPage({ accountId }: { accountId: string }) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const info = useResource(`address:${accountId}`, (signal) =>
    api.get(`/accounts/${accountId}/deposit-address`, DepositAddressResponse, signal),
  )
  const [asset, setAsset] = useState<HeldAsset>('USDC')
  const amount = useAmountInput(asset)
  if (info.status === 'loading') return <LoadingState />
  if (info.status === 'error') return <ErrorState message={info.error.message} onRetry={info.reload} />
  const units = amount.value === null ? null : parsePositiveAmount(amount.value, asset)
  const fee = transferFeeWei(asset)
  const request = units ? eip681(asset, info.data.address, units) : null
  return (
    <div className="cash-stack">
      <form className="cash-card cash-stack" onSubmit={(e) => (e.preventDefault(), amount.read())}>
        <div className="cash-field">
          <label htmlFor="send-asset">{t('ui.asset')}</label>
          <select id="send-asset" value={asset} onChange={(e) => setAsset(e.target.value as HeldAsset)}>
            {info.data.tokens.map((x) => (
              <option key={x.asset} value={x.asset}>
                {x.asset}
              </option>
            ))}
          </select>
        </div>
        <AmountField label={t('ui.amount')} name="amount" amount={amount} />
        <p className="cash-muted" style={{ margin: 0 }}>
          {t('topUp.wallet.fee', {
            fee: formatMoney(fee, 'ETH', locale),
            usd: formatMoney(usdValue(fee, 'ETH', DEFAULT_PRICES), 'USDC', locale),
          })}
        </p>
      </form>
      {request ? (
        <section
          className="cash-card cash-stack"
          style={{ justifyItems: 'center', textAlign: 'center' }}
          aria-label={t('topUp.wallet.request')}
        >
          <QrCode value={request} label={t('topUp.wallet.request')} />
          <p style={{ margin: 0 }}>
            {t('topUp.wallet.instructions', { amount: formatMoney(units!, asset, locale), network: info.data.network })}
          </p>
          <p className="cash-mono" style={{ margin: 0 }}>
            {info.data.address}
          </p>
          <div className="cash-actions">
            <a className="cash-button" href={request}>
              {t('topUp.wallet.open')}
            </a>
            <CopyButton text={request} label={t('topUp.wallet.request')} />
          </div>
        </section>
      ) : null}
    </div>
  )
}
