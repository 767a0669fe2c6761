import type { z } from 'zod'
import type { DepositAddressResponse } from '../../domain/api/money-in.schema'
import { useI18n } from '../lib/i18n'
import { CopyButton } from '../ui/copy-button'
import { QrCode } from '../ui/qr-code'

export type DepositAddress = z.infer<typeof DepositAddressResponse>

/** The safe's checksummed address as text and QR, with copy and share, its network, tokens and the warning. */
export function ShareAddressView({ info, onShare }: { info: DepositAddress; onShare: () => void }) {
  const { t } = useI18n()
  const { address, network, chainId, tokens, requiredConfirmations } = info
  return (
    <div className="cash-stack">
      <section className="cash-card cash-stack" style={{ justifyItems: 'center', textAlign: 'center' }}>
        <QrCode value={address} label={t('topUp.address.qr')} />
        <p className="cash-mono" data-testid="top-up.address" style={{ margin: 0 }}>
          {address}
        </p>
        <div className="cash-actions">
          <CopyButton text={address} label={t('topUp.address.label')} />
          <button type="button" className="cash-button" data-variant="secondary" onClick={onShare}>
            {t('ui.share')}
          </button>
        </div>
      </section>
      <section className="cash-card cash-stack">
        <p style={{ margin: 0 }}>{t('topUp.address.network', { network, chainId: String(chainId) })}</p>
        <p style={{ margin: 0 }}>{t('topUp.address.tokens', { tokens: tokens.map((x) => x.asset).join(', ') })}</p>
        <p className="cash-muted" style={{ margin: 0 }}>
          {t('topUp.address.confirmations', { n: String(requiredConfirmations) })}
        </p>
        <p className="cash-warning" role="note" style={{ margin: 0 }}>
          {t('topUp.address.warning', { network })}
        </p>
      </section>
    </div>
  )
}
