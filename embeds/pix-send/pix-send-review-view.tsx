import type { ReactNode } from 'react'
import type { PixPaymentView } from '../../domain/api/money-out.schema'
import { formatDecimal } from '../../domain/money'
import { useI18n } from '../lib/i18n'
import { formatSeconds } from '../lib/use-countdown'
import { SandboxChip } from '../ui/sandbox-chip'

export type PixPayment = ReturnType<typeof PixPaymentView.parse>

/**
 * The second step: who gets paid and how much, as read from the key or the code, the time the rate still holds
 * (`secondsLeft` of its 10 minutes), and below it `confirm` (the page's confirm sheet with the all-in cost).
 */
export function PixSendReviewView({
  payment,
  secondsLeft,
  confirm,
}: {
  payment: PixPayment
  secondsLeft: number
  confirm: ReactNode
}) {
  const { t, locale } = useI18n()
  return (
    <div className="cash-stack">
      <section className="cash-card cash-stack" aria-label={t('pixSend.recipient')} data-testid="pix-send.recipient">
        <p style={{ margin: 0 }}>
          <strong>{payment.recipientName}</strong>, {payment.recipientCity}{' '}
          {payment.recipientSandbox ? <SandboxChip /> : null}
        </p>
        {payment.key ? (
          <p className="cash-muted cash-mono" style={{ margin: 0 }}>
            {payment.key}
          </p>
        ) : null}
        <p style={{ margin: 0 }}>{formatDecimal(payment.brlAmount, 'BRL', locale)}</p>
        <p role="timer" className="cash-muted" style={{ margin: 0 }}>
          {t('pixSend.rateFor', { time: formatSeconds(secondsLeft) })}
        </p>
      </section>
      {confirm}
    </div>
  )
}
