import { useRef, useState, type FormEvent } from 'react'
import { PixPaymentView } from '../../domain/api/money-out.schema'
import { formatMoney, parseAmount } from '../../domain/money'
import { useBridge } from '../lib/bridge-context'
import type { EmbedProps } from '../lib/embed-props'
import { scanQr } from '../lib/host-actions'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { useAction } from '../lib/use-action'
import { formatSeconds, useCountdown } from '../lib/use-countdown'
import { ConfirmSheet } from '../ui/confirm-sheet'
import { FormFooter } from '../ui/form-footer'
import { FrozenGate } from '../ui/frozen-gate'
import { NeedsAccount } from '../ui/needs-account'
import { Page } from '../ui/page'
import { AmountField, useAmountInput } from '../ui/amount-field'
import { SandboxChip } from '../ui/sandbox-chip'
import { TextField } from '../ui/text-field'

type Payment = ReturnType<typeof PixPaymentView.parse>

/** Who gets paid and how much, as read from the key or the code; the rate holds for 10 minutes. */
function QuoteSummary({ payment }: { payment: Payment }) {
  const { t, locale } = useI18n()
  const left = useCountdown(payment.expiresAt)
  return (
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
      <p style={{ margin: 0 }}>{formatMoney(parseAmount(payment.brlAmount, 'BRL'), 'BRL', locale)}</p>
      <p role="timer" className="cash-muted" style={{ margin: 0 }}>
        {t('pixSend.rateFor', { time: formatSeconds(left) })}
      </p>
    </section>
  )
}

function PixSend({ accountId }: { accountId: string }) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const bridge = useBridge()
  const [destination, setDestination] = useState('')
  // Optional: a PIX code may carry its own amount.
  const amount = useAmountInput('BRL', { optional: true })
  const action = useAction()
  const [scanError, setScanError] = useState<string | null>(null)
  const [missing, setMissing] = useState(false)
  const [payment, setPayment] = useState<Payment | null>(null)
  const idempotencyKey = useRef(crypto.randomUUID())
  const usd = (v: string) => formatMoney(parseAmount(v, 'USDC'), 'USDC', locale)

  const scan = async () => {
    try {
      const text = await scanQr(bridge, t('pixSend.scanPrompt'))
      if (text) setDestination(text)
    } catch (error) {
      setScanError(error instanceof Error ? error.message : String(error))
    }
  }
  const quote = (e: FormEvent) => {
    e.preventDefault()
    setMissing(!destination.trim())
    const brlAmount = amount.read()
    if (!destination.trim() || brlAmount === undefined) return
    void action.run(async () => {
      setPayment(
        await api.post(`/accounts/${accountId}/pix/payments`, PixPaymentView, {
          destination,
          ...(brlAmount ? { brlAmount } : {}),
        }),
      )
      idempotencyKey.current = crypto.randomUUID()
    })
  }

  if (payment?.status === 'completed') {
    return (
      <section className="cash-card cash-stack" role="status">
        <h2>{t('pixSend.done')}</h2>
        <p style={{ margin: 0 }}>
          {t('pixSend.doneBody', {
            brl: formatMoney(parseAmount(payment.brlAmount, 'BRL'), 'BRL', locale),
            name: payment.recipientName,
            usd: usd(payment.totalUsdc),
          })}
        </p>
        <p className="cash-muted cash-mono" style={{ margin: 0 }}>
          {payment.endToEndId}
        </p>
        <a href="/app/cash">{t('state.goHome')}</a>
      </section>
    )
  }
  if (payment) {
    return (
      <div className="cash-stack">
        <QuoteSummary payment={payment} />
        <ConfirmSheet
          title={t('pixSend.confirmTitle', { name: payment.recipientName })}
          asset="USDC"
          total={payment.totalUsdc}
          detail={t('pixSend.confirmDetail', {
            brl: formatMoney(parseAmount(payment.brlAmount, 'BRL'), 'BRL', locale),
            name: payment.recipientName,
          })}
          lines={[
            { label: t('pixSend.to'), value: `${payment.recipientName}, ${payment.recipientCity}` },
            {
              label: t('pix.rate'),
              value: t('pix.rateValue', { brl: formatMoney(100n, 'BRL', locale), usd: usd(payment.rate) }),
            },
            { label: t('ui.amount'), value: usd(payment.usdcAmount) },
            { label: t('pix.fee'), value: usd(payment.feeUsdc) },
            { label: t('withdraw.total'), value: usd(payment.totalUsdc) },
          ]}
          onBack={() => setPayment(null)}
          onSend={async (confirmation) =>
            setPayment(
              await api.post(
                `/accounts/${accountId}/pix/payments/${payment.id}/confirm`,
                PixPaymentView,
                { confirmation },
                { idempotencyKey: idempotencyKey.current },
              ),
            )
          }
        />
      </div>
    )
  }
  return (
    <form className="cash-card cash-stack" onSubmit={quote} noValidate aria-busy={action.busy}>
      <TextField
        label={t('pixSend.destination')}
        hint={bridge.has('scanQr') ? t('pixSend.destinationHintScan') : t('pixSend.destinationHintPaste')}
        name="destination"
        autoComplete="off"
        spellCheck={false}
        value={destination}
        error={missing ? t('pixSend.destinationNeeded') : action.fieldErrors.destination}
        onChange={(e) => setDestination(e.target.value)}
      />
      {bridge.has('scanQr') ? (
        <div>
          <button type="button" className="cash-button" data-variant="secondary" onClick={() => void scan()}>
            {t('pixSend.scan')}
          </button>
        </div>
      ) : null}
      <AmountField
        label={t('pix.amount')}
        hint={t('pixSend.amountHint')}
        name="brlAmount"
        amount={amount}
        error={action.fieldErrors.brlAmount}
      />
      <FormFooter
        error={action.error ?? scanError}
        busy={action.busy}
        label={t('pixSend.continue')}
        busyLabel={t('pixSend.checking')}
      />
    </form>
  )
}

/** PIX payments to a key or a code: recipient first, then the all-in cost, then confirm. */
export function PixSendEmbed({ title }: EmbedProps) {
  return (
    <Page title={title}>
      <NeedsAccount>
        {(accountId) => (
          <FrozenGate accountId={accountId}>
            <PixSend accountId={accountId} />
          </FrozenGate>
        )}
      </NeedsAccount>
    </Page>
  )
}
