import { useI18n } from '../lib/i18n'
import { AmountField, type AmountInput } from '../ui/amount-field'
import { FormFooter } from '../ui/form-footer'
import { TextField } from '../ui/text-field'

/** The first step of a PIX payment: the key or code (typed, pasted or scanned) and an optional amount in reais. */
export function PixSendFormView({
  destination,
  onDestination,
  destinationError,
  canScan,
  onScan,
  amount,
  amountError,
  error,
  busy,
  onSubmit,
}: {
  destination: string
  onDestination: (destination: string) => void
  destinationError: string | undefined
  /** The host can scan a QR code: the hint says so and Scan shows. */
  canScan: boolean
  onScan: () => void
  amount: AmountInput
  amountError: string | undefined
  error: string | null
  busy: boolean
  onSubmit: () => void
}) {
  const { t } = useI18n()
  return (
    <form
      className="cash-card cash-stack"
      onSubmit={(e) => {
        e.preventDefault()
        onSubmit()
      }}
      noValidate
      aria-busy={busy}
    >
      <TextField
        label={t('pixSend.destination')}
        hint={canScan ? t('pixSend.destinationHintScan') : t('pixSend.destinationHintPaste')}
        name="destination"
        autoComplete="off"
        spellCheck={false}
        value={destination}
        error={destinationError}
        onChange={(e) => onDestination(e.target.value)}
      />
      {canScan ? (
        <div>
          <button type="button" className="cash-button" data-variant="secondary" onClick={onScan}>
            {t('pixSend.scan')}
          </button>
        </div>
      ) : null}
      <AmountField
        label={t('pix.amount')}
        hint={t('pixSend.amountHint')}
        name="brlAmount"
        amount={amount}
        error={amountError}
      />
      <FormFooter error={error} busy={busy} label={t('pixSend.continue')} busyLabel={t('pixSend.checking')} />
    </form>
  )
}
