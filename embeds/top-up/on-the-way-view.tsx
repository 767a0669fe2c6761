import { movementReasonText } from '../../domain/movement-words'
import type { z } from 'zod'
import type { BridgeTransferView } from '../../domain/api/money-in.schema'
import { formatMoney, parseAmount } from '../../domain/money'
import { useI18n } from '../lib/i18n'
import { formatSeconds } from '../lib/use-countdown'
import { StatusTimeline } from '../ui/status-timeline'

export type BridgeTransfer = z.infer<typeof BridgeTransferView>

/** What an unknown or malformed hash shows: not found, and the way back to top up. */
export function OnTheWayNotFound() {
  const { t } = useI18n()
  return (
    <section className="cash-card cash-stack" data-testid="on-the-way.not-found">
      <h2>{t('bridge.notFound.title')}</h2>
      <p style={{ margin: 0 }}>{t('bridge.notFound.body')}</p>
      <a href="/app/cash/top-up">{t('nav.topUp')}</a>
    </section>
  )
}

/** One bridge transfer as it goes: what arrives, its steps, the time left (`secondsLeft`), and both hashes. */
export function OnTheWayView({ transfer: x, secondsLeft: left }: { transfer: BridgeTransfer; secondsLeft: number }) {
  const { t, locale } = useI18n()
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
            {t('bridge.failed', { reason: x.failureReason ? movementReasonText(x.failureReason, locale) : '' })}
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
