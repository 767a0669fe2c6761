import { type ReactNode, useRef, useState } from 'react'
import { PixPaymentView } from '../../domain/api/money-out.schema'
import { formatBps, formatMoney, formatDecimal } from '../../domain/money'
import { PIX_SEND } from '../../domain/money-out'
import { useBridge } from '../lib/bridge-context'
import type { EmbedProps } from '../lib/embed-props'
import { scanQr } from '../lib/host-actions'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { useAction } from '../lib/use-action'
import { useCountdown } from '../lib/use-countdown'
import { ConfirmSheet } from '../ui/confirm-sheet'
import { FrozenGate } from '../ui/frozen-gate'
import { NeedsAccount } from '../ui/needs-account'
import { Page } from '../ui/page'
import { ProviderGate } from '../ui/provider-gate'
import { useAmountInput } from '../ui/amount-field'
import { PixSendDoneView } from './pix-send-done-view'
import { PixSendFormView } from './pix-send-form-view'
import { type PixPayment, PixSendReviewView } from './pix-send-review-view'

/** The rate's countdown beside the quote (the clock is read here, not in the view). */
function Review({ payment, confirm }: { payment: PixPayment; confirm: ReactNode }) {
  const left = useCountdown(payment.expiresAt)
  return <PixSendReviewView payment={payment} secondsLeft={left} confirm={confirm} />
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
  const [payment, setPayment] = useState<PixPayment | null>(null)
  const idempotencyKey = useRef(crypto.randomUUID())
  const usd = (v: string) => formatDecimal(v, 'USDC', locale)

  const scan = async () => {
    try {
      const text = await scanQr(bridge, t('pixSend.scanPrompt'))
      if (text) setDestination(text)
    } catch (error) {
      setScanError(error instanceof Error ? error.message : String(error))
    }
  }
  const quote = () => {
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

  if (payment?.status === 'completed') return <PixSendDoneView payment={payment} />
  if (payment) {
    return (
      <Review
        payment={payment}
        confirm={
          <ConfirmSheet
            title={t('pixSend.confirmTitle', { name: payment.recipientName })}
            asset="USDC"
            total={payment.totalUsdc}
            detail={t('pixSend.confirmDetail', {
              brl: formatDecimal(payment.brlAmount, 'BRL', locale),
              name: payment.recipientName,
            })}
            lines={[
              { label: t('pixSend.to'), value: `${payment.recipientName}, ${payment.recipientCity}` },
              {
                label: t('pix.rate'),
                value: t('pix.rateValue', { brl: formatMoney(100n, 'BRL', locale), usd: usd(payment.rate) }),
              },
              { label: t('ui.amount'), value: usd(payment.usdcAmount) },
              { label: t('pix.fee', { fee: formatBps(PIX_SEND.feeBps, locale) }), value: usd(payment.feeUsdc) },
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
        }
      />
    )
  }
  return (
    <PixSendFormView
      destination={destination}
      onDestination={setDestination}
      destinationError={missing ? t('pixSend.destinationNeeded') : action.fieldErrors.destination}
      canScan={bridge.has('scanQr')}
      onScan={() => void scan()}
      amount={amount}
      amountError={action.fieldErrors.brlAmount}
      error={action.error ?? scanError}
      busy={action.busy}
      onSubmit={quote}
    />
  )
}

/** PIX payments to a key or a code: recipient first, then the all-in cost, then confirm. */
export function PixSendEmbed({ title }: EmbedProps) {
  return (
    <Page title={title}>
      <NeedsAccount>
        {(accountId) => (
          <ProviderGate provider="pix" way="out">
            <FrozenGate accountId={accountId}>
              <PixSend accountId={accountId} />
            </FrozenGate>
          </ProviderGate>
        )}
      </NeedsAccount>
    </Page>
  )
}
