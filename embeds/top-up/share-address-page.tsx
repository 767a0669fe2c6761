import { DepositAddressResponse } from '../../domain/api/money-in.schema'
import { useBridge } from '../lib/bridge-context'
import { shareContent } from '../lib/host-actions'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { useResource } from '../lib/use-resource'
import { CopyButton } from '../ui/copy-button'
import { QrCode } from '../ui/qr-code'
import { ErrorState, LoadingState } from '../ui/state-views'

/** The safe's checksummed address as text and QR, with copy and share, its network, tokens and the warning. */
export function ShareAddressPage({ accountId }: { accountId: string }) {
  const { t } = useI18n()
  const { api } = useSession()
  const bridge = useBridge()
  const info = useResource(`address:${accountId}`, (signal) =>
    api.get(`/accounts/${accountId}/deposit-address`, DepositAddressResponse, signal),
  )
  if (info.status === 'loading') return <LoadingState />
  if (info.status === 'error') return <ErrorState message={info.error.message} onRetry={info.reload} />
  const { address, network, chainId, tokens, requiredConfirmations } = info.data
  return (
    <div className="cash-stack">
      <section className="cash-card cash-stack" style={{ justifyItems: 'center', textAlign: 'center' }}>
        <QrCode value={address} label={t('topUp.address.qr')} />
        <p className="cash-mono" data-testid="top-up.address" style={{ margin: 0 }}>
          {address}
        </p>
        <div className="cash-actions">
          <CopyButton text={address} label={t('topUp.address.label')} />
          <button
            type="button"
            className="cash-button"
            data-variant="secondary"
            onClick={() =>
              void shareContent(bridge, { title: t('topUp.address.shareTitle'), text: address }).catch(() => undefined)
            }
          >
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
