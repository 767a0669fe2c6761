import type { z } from 'zod'
import type { PixChargeView } from '../../domain/api/money-in.schema'
import { formatDecimal } from '../../domain/money'
import { useI18n } from '../lib/i18n'
import { formatSeconds } from '../lib/use-countdown'
import { CopyButton } from '../ui/copy-button'
import { QrCode } from '../ui/qr-code'

export type PixCharge = z.infer<typeof PixChargeView>

/**
 * The code to pay with the time it stays valid (`secondsLeft`), then paid or expired (at zero too, before the
 * server says so), with a new code offered through `onRestart`.
 */
export function PixChargeStatusView({
  charge: c,
  secondsLeft: left,
  onRestart,
}: {
  charge: PixCharge
  secondsLeft: number
  onRestart: () => void
}) {
  const { t, locale } = useI18n()
  const credit = formatDecimal(c.creditUsdc, 'USDC', locale)
  if (c.status === 'paid') {
    return (
      <section className="cash-card cash-stack" role="status">
        <h2>{t('pix.paid.title')}</h2>
        <p className="cash-positive" style={{ margin: 0 }}>
          {t('pix.paid.body', { amount: credit })}
        </p>
        <a href="/app/cash">{t('state.goHome')}</a>
      </section>
    )
  }
  if (c.status === 'expired' || left === 0) {
    return (
      <section className="cash-card cash-stack" role="status">
        <h2>{t('pix.expired.title')}</h2>
        <p style={{ margin: 0 }}>{t('pix.expired.body')}</p>
        <div>
          <button type="button" className="cash-button" onClick={onRestart}>
            {t('pix.newCode')}
          </button>
        </div>
      </section>
    )
  }
  return (
    <section
      className="cash-card cash-stack"
      style={{ justifyItems: 'center', textAlign: 'center' }}
      aria-label={t('pix.code')}
    >
      <p style={{ margin: 0 }}>
        {t('pix.payInstructions', { amount: formatDecimal(c.brlAmount, 'BRL', locale), credit })}
      </p>
      <QrCode value={c.brCode} label={t('pix.code')} />
      <p className="cash-mono" data-testid="pix.br-code" style={{ margin: 0, fontSize: '0.8rem' }}>
        {c.brCode}
      </p>
      <CopyButton text={c.brCode} label={t('pix.copyPaste')} />
      <p role="timer" aria-live="off" style={{ margin: 0 }}>
        {t('pix.validFor', { time: formatSeconds(left) })}
      </p>
      <p className="cash-muted" style={{ margin: 0 }}>
        {t('pix.waiting')}
      </p>
    </section>
  )
}
