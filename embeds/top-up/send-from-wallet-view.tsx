import type { HeldAsset } from '../../domain/asset'
import { eip681, transferFeeWei } from '../../domain/money-in'
import { formatMoney, parsePositiveAmount } from '../../domain/money'
import { DEFAULT_PRICES, usdValue } from '../../domain/prices'
import { useI18n } from '../lib/i18n'
import { AmountField, type AmountInput } from '../ui/amount-field'
import { CopyButton } from '../ui/copy-button'
import { QrCode } from '../ui/qr-code'
import type { DepositAddress } from './share-address-view'

/**
 * Send from any wallet: pick the asset and amount, and get a payment request (EIP-681) the wallet scans or
 * opens, with the network fee it will pay. The transfer then arrives like any deposit.
 */
export function SendFromWalletView({
  info,
  asset,
  onAsset,
  amount,
}: {
  info: DepositAddress
  asset: HeldAsset
  onAsset: (asset: HeldAsset) => void
  amount: AmountInput
}) {
  const { t, locale } = useI18n()
  const units = amount.value === null ? null : parsePositiveAmount(amount.value, asset)
  const fee = transferFeeWei(asset)
  const request = units ? eip681(asset, info.address, units) : null
  return (
    <div className="cash-stack">
      <form className="cash-card cash-stack" onSubmit={(e) => (e.preventDefault(), amount.read())}>
        <div className="cash-field">
          <label htmlFor="send-asset">{t('ui.asset')}</label>
          <select id="send-asset" value={asset} onChange={(e) => onAsset(e.target.value as HeldAsset)}>
            {info.tokens.map((x) => (
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
            {t('topUp.wallet.instructions', { amount: formatMoney(units!, asset, locale), network: info.network })}
          </p>
          <p className="cash-mono" style={{ margin: 0 }}>
            {info.address}
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
