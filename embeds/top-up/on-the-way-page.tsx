import type { z } from 'zod'
import { BridgeTransferView } from '../../domain/api/money-in.schema'
import { formatMoney, parseAmount } from '../../domain/money'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { formatSeconds, useCountdown } from '../lib/use-countdown'
import { useResource, type Resource } from '../lib/use-resource'
import { NeedsAccount } from '../ui/needs-account'
import { Page } from '../ui/page'
import { ErrorState, LoadingState } from '../ui/state-views'
import { StatusTimeline } from '../ui/status-timeline'

const FINAL = ['delivered', 'failed']
type BridgeTransfer = z.infer<typeof BridgeTransferView>

/**
 * `top-up/stargate/on-the-way/{hash}`: its heading follows the transfer, "Transfer on the way" (the route's
 * title) until it is delivered, failed or waiting, so a finished transfer never still reads as on its way.
 */
export function OnTheWayPage({ hash, title }: { hash: string; title: string }) {
  const { t } = useI18n()
  const { api } = useSession()
  const transfer = useResource(
    `bridge:${hash}`,
    (signal) => api.get(`/bridge-transfers/${hash}`, BridgeTransferView, signal),
    { pollMs: 1500, keepPolling: (x) => !FINAL.includes(x.status) },
  )
  const status = transfer.status === 'ready' ? transfer.data.status : null
  const heading =
    status === 'delivered' || status === 'failed' || status === 'payload_stored' ? t(`bridge.title.${status}`) : title
  return (
    <Page title={heading}>
      <NeedsAccount>{() => <OnTheWay transfer={transfer} />}</NeedsAccount>
    </Page>
  )
}

/** Live tracking of one bridge transfer by its source hash; survives reload; unknown hashes get not-found. */
function OnTheWay({ transfer }: { transfer: Resource<BridgeTransfer> & { reload: () => void } }) {
  const { t, locale } = useI18n()
  const left = useCountdown(transfer.status === 'ready' ? transfer.data.etaAt : null)
  if (transfer.status === 'loading') return <LoadingState />
  if (transfer.status === 'error') {
    if (transfer.error.status === 404 || transfer.error.status === 400) {
      return (
        <section className="cash-card cash-stack" data-testid="on-the-way.not-found">
          <h2>{t('bridge.notFound.title')}</h2>
          <p style={{ margin: 0 }}>{t('bridge.notFound.body')}</p>
          <a href="/app/cash/top-up">{t('nav.topUp')}</a>
        </section>
      )
    }
    return <ErrorState message={transfer.error.message} onRetry={transfer.reload} />
  }
  const x = transfer.data
  const stopped = x.status === 'failed' || x.status === 'payload_stored'
  const steps = [
    { key: 'confirming', label: t('bridge.status.confirming') },
    { key: 'in_flight', label: t('bridge.status.in_flight') },
    { key: stopped ? x.status : 'delivered', label: t(`bridge.status.${stopped ? x.status : 'delivered'}`) },
  ]
  return (
    <div className="cash-stack">
      <section className="cash-card cash-stack" aria-live="polite">
        <p className="cash-amount-hero" style={{ fontSize: '1.75rem' }}>
          {formatMoney(parseAmount(x.receive, x.asset), x.asset, locale)}
        </p>
        <p className="cash-muted" style={{ margin: 0 }}>
          {t('bridge.route', {
            token: x.sourceToken,
            chain: x.sourceChain,
            bridge: x.bridge === 'stargate' ? 'Stargate' : 'ether.fi',
          })}
        </p>
        <StatusTimeline
          label={t('bridge.progress')}
          steps={steps}
          current={x.status}
          failed={stopped}
          finished={x.status === 'delivered'}
        />
        {x.status === 'delivered' ? (
          <p className="cash-positive" style={{ margin: 0 }}>
            {t('bridge.done')}
          </p>
        ) : null}
        {!stopped && x.status !== 'delivered' ? (
          <p style={{ margin: 0 }}>
            {left > 0 ? t('bridge.etaLeft', { time: formatSeconds(left) }) : t('bridge.anyMoment')}
          </p>
        ) : null}
        {x.status === 'failed' ? (
          <p className="cash-warning" style={{ margin: 0 }}>
            {t('bridge.failed', { reason: x.failureReason ?? '' })}
          </p>
        ) : null}
        {x.status === 'payload_stored' ? (
          <p className="cash-notice" style={{ margin: 0 }}>
            {t('bridge.payloadStored')}
          </p>
        ) : null}
      </section>
      <section className="cash-card cash-stack">
        <div>
          <span className="cash-muted">{t('bridge.sourceHash', { chain: x.sourceChain })}</span>
          <p className="cash-mono" style={{ margin: 0 }}>
            {x.sourceTxHash}
          </p>
        </div>
        <div>
          <span className="cash-muted">{t('bridge.destinationHash')}</span>
          <p className="cash-mono" style={{ margin: 0 }}>
            {x.destinationTxHash ?? t('bridge.notYet')}
          </p>
        </div>
      </section>
    </div>
  )
}
