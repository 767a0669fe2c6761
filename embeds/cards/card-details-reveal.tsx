import { useEffect, useState } from 'react'
import { CardDetailsView } from '../../domain/api/card-issuing.schema'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { ConfirmSheet } from '../ui/confirm-sheet'
import { CopyButton } from '../ui/copy-button'

type Details = ReturnType<typeof CardDetailsView.parse>

/** "Show details": confirm (password or biometrics), then the full number and CVV for 60 s, then hidden again. */
export function CardDetailsReveal({ cardId, last4 }: { cardId: string; last4: string }) {
  const { t } = useI18n()
  const { api } = useSession()
  const [step, setStep] = useState<'hidden' | 'confirm' | 'shown'>('hidden')
  const [details, setDetails] = useState<Details | null>(null)
  const [left, setLeft] = useState(0)
  useEffect(() => {
    if (step !== 'shown') return
    if (left <= 0) {
      setDetails(null)
      setStep('hidden')
      return
    }
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000)
    return () => clearTimeout(timer)
  }, [step, left])
  if (step === 'confirm') {
    return (
      <ConfirmSheet
        title={t('cards.reveal.title')}
        lines={[{ label: t('cards.reveal.what'), value: t('cards.reveal.whatValue', { last4 }) }]}
        total="0"
        asset="USDC"
        detail={t('cards.reveal.whatValue', { last4 })}
        submitLabel={t('cards.reveal.confirm')}
        onBack={() => setStep('hidden')}
        onSend={async (confirmation) => {
          const shown = await api.post(`/cards/${cardId}/reveal`, CardDetailsView, { confirmation })
          setDetails(shown)
          setLeft(shown.hideAfterSeconds)
          setStep('shown')
        }}
      />
    )
  }
  if (step === 'shown' && details) {
    const grouped = details.number.replace(/(\d{4})(?=\d)/g, '$1 ')
    return (
      <div className="cash-stack" data-testid="cards.details">
        <dl className="cash-stack" style={{ margin: 0 }}>
          <div className="cash-row">
            <dt>{t('cards.reveal.number')}</dt>
            <dd className="cash-mono">{grouped}</dd>
          </div>
          <div className="cash-row">
            <dt>{t('cards.reveal.cvv')}</dt>
            <dd className="cash-mono">{details.cvv}</dd>
          </div>
          <div className="cash-row">
            <dt>{t('cards.reveal.expiry')}</dt>
            <dd className="cash-mono">{details.expiry}</dd>
          </div>
        </dl>
        <p className="cash-muted" role="status" style={{ margin: 0 }}>
          {t('cards.reveal.hidesIn', { seconds: String(left) })}
        </p>
        <div className="cash-row">
          <CopyButton text={details.number} label={t('cards.reveal.number')} />
          <button type="button" className="cash-button" data-variant="secondary" onClick={() => setLeft(0)}>
            {t('cards.reveal.hide')}
          </button>
        </div>
      </div>
    )
  }
  return (
    <div>
      <button type="button" className="cash-button" data-variant="secondary" onClick={() => setStep('confirm')}>
        {t('cards.reveal')}
      </button>
    </div>
  )
}
