import { formatDecimal } from '../../domain/money'
import { useI18n } from '../lib/i18n'
import type { PixPayment } from './pix-send-review-view'

/** The last step: the payment went through, to whom, what it cost in USDC, and its end-to-end id. */
export function PixSendDoneView({ payment }: { payment: PixPayment }) {
  const { t, locale } = useI18n()
  return (
    <section className="cash-card cash-stack" role="status">
      <h2>{t('pixSend.done')}</h2>
      <p style={{ margin: 0 }}>
        {t('pixSend.doneBody', {
          brl: formatDecimal(payment.brlAmount, 'BRL', locale),
          name: payment.recipientName,
          usd: formatDecimal(payment.totalUsdc, 'USDC', locale),
        })}
      </p>
      <p className="cash-muted cash-mono" style={{ margin: 0 }}>
        {payment.endToEndId}
      </p>
      <a href="/app/cash">{t('state.goHome')}</a>
    </section>
  )
}
