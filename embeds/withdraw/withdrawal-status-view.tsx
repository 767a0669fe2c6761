import { movementReasonText } from '../../domain/movement-words'
import type { ReactNode } from 'react'
import type { z } from 'zod'
import type { WithdrawalView } from '../../domain/api/money-out.schema'
import { formatMoney, parseAmount } from '../../domain/money'
import { useI18n } from '../lib/i18n'
import { formatSeconds } from '../lib/use-countdown'
import { StatusTimeline } from '../ui/status-timeline'

export type Withdrawal = z.infer<typeof WithdrawalView>

/**
 * One withdrawal as it goes: security delay with the time left (`secondsLeft`) and Cancel, broadcast, confirmed
 * or returned. While the holder is confirming a cancel, `cancelSheet` (the page's confirm sheet) takes Cancel's place.
 */
export function WithdrawalStatusView({
  withdrawal: w,
  secondsLeft: left,
  onCancel,
  cancelSheet,
}: {
  withdrawal: Withdrawal
  secondsLeft: number
  onCancel: () => void
  cancelSheet?: ReactNode
}) {
  const { t, locale } = useI18n()
  const fmt = (v: string) => formatMoney(parseAmount(v, w.asset), w.asset, locale)
  const stopped = w.status === 'failed' || w.status === 'cancelled' || w.status === 'replaced'
  const steps = [
    { key: 'requested', label: t('withdraw.status.requested') },
    { key: 'delayed', label: t('withdraw.status.delayed') },
    { key: 'broadcast', label: t('withdraw.status.broadcast') },
    { key: stopped ? w.status : 'confirmed', label: t(`withdraw.status.${stopped ? w.status : 'confirmed'}`) },
  ]
  return (
    <section className="cash-card cash-stack" aria-live="polite" data-testid="withdraw.status">
      <p className="cash-amount-hero" style={{ fontSize: '1.75rem' }}>
        {fmt(w.amount)}
      </p>
      <p className="cash-muted cash-mono" style={{ margin: 0 }}>
        {t('withdraw.toAddress', { address: w.address })}
      </p>
      <p style={{ margin: 0 }}>{t('withdraw.totalWithFee', { total: fmt(w.total), fee: fmt(w.fee) })}</p>
      <StatusTimeline label={t('withdraw.progress')} steps={steps} current={w.status} failed={stopped} />
      {w.status === 'delayed' ? (
        <>
          <p role="timer" style={{ margin: 0 }}>
            {t('withdraw.sendsIn', { time: formatSeconds(left) })}
          </p>
          {cancelSheet ?? (
            <div>
              <button type="button" className="cash-button" data-variant="secondary" onClick={onCancel}>
                {t('withdraw.cancel')}
              </button>
            </div>
          )}
        </>
      ) : null}
      {w.status === 'cancelled' ? (
        <p className="cash-notice" style={{ margin: 0 }}>
          {t('withdraw.cancelled')}
        </p>
      ) : null}
      {w.status === 'failed' ? (
        <p className="cash-warning" style={{ margin: 0 }}>
          {t('withdraw.failed', { reason: w.failureReason ? movementReasonText(w.failureReason, locale) : '' })}
        </p>
      ) : null}
      {w.status === 'confirmed' ? (
        <p className="cash-positive" style={{ margin: 0 }}>
          {t('withdraw.confirmed')}
        </p>
      ) : null}
      {w.txHash ? (
        <p className="cash-mono cash-muted" style={{ margin: 0 }}>
          {w.txHash}
        </p>
      ) : null}
    </section>
  )
}
