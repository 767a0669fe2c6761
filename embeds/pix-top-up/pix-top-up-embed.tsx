import { useRef, useState } from 'react'
import { PixChargeView, PixQuoteResponse } from '../../domain/api/money-in.schema'
import type { EmbedProps } from '../lib/embed-props'
import { useSession } from '../lib/session'
import { useCountdown } from '../lib/use-countdown'
import { readyData, useResource } from '../lib/use-resource'
import { useAction } from '../lib/use-action'
import { useLiveQuote } from '../lib/use-live-quote'
import { NeedsAccount } from '../ui/needs-account'
import { Page } from '../ui/page'
import { ProviderGate } from '../ui/provider-gate'
import { useAmountInput } from '../ui/amount-field'
import { ResourceView } from '../ui/resource-view'
import { PixChargeStatusView } from './pix-charge-status-view'
import { PixTopUpFormView } from './pix-top-up-form-view'

/** The code to pay, with its countdown; it follows the charge until paid or expired. */
function ChargeStatus({
  accountId,
  chargeId,
  onRestart,
}: {
  accountId: string
  chargeId: string
  onRestart: () => void
}) {
  const { api } = useSession()
  const charge = useResource(
    `pix:${chargeId}`,
    (signal) => api.get(`/accounts/${accountId}/pix/charges/${chargeId}`, PixChargeView, signal),
    { pollMs: 2000, keepPolling: (c) => c.status === 'pending' },
  )
  const left = useCountdown(readyData(charge)?.expiresAt ?? null)
  return (
    <ResourceView resource={charge}>
      {(c) => <PixChargeStatusView charge={c} secondsLeft={left} onRestart={onRestart} />}
    </ResourceView>
  )
}

/** PIX top-up: reais in, a quote in USDC (1 % fee, rate locked 10 minutes), then a BR Code to pay. */
export function PixTopUp({ accountId }: { accountId: string }) {
  const { api } = useSession()
  const amount = useAmountInput('BRL')
  const action = useAction()
  const [chargeId, setChargeId] = useState<string | null>(null)
  const idempotencyKey = useRef(crypto.randomUUID())

  const { quote, error } = useLiveQuote(amount.value, (signal) =>
    api.get(
      `/accounts/${accountId}/pix/quote?${new URLSearchParams({ brlAmount: amount.value ?? '' })}`,
      PixQuoteResponse,
      signal,
    ),
  )
  const fieldError = action.fieldErrors.brlAmount ?? (error ? (error.fields.brlAmount ?? error.message) : undefined)

  if (chargeId) {
    return (
      <ChargeStatus
        accountId={accountId}
        chargeId={chargeId}
        onRestart={() => {
          idempotencyKey.current = crypto.randomUUID()
          setChargeId(null)
        }}
      />
    )
  }
  const create = () => {
    const brlAmount = amount.read()
    if (!quote || !brlAmount) return
    void action.run(async () =>
      setChargeId(
        (
          await api.post(
            `/accounts/${accountId}/pix/charges`,
            PixChargeView,
            { brlAmount },
            { idempotencyKey: idempotencyKey.current },
          )
        ).id,
      ),
    )
  }
  return (
    <PixTopUpFormView
      amount={amount}
      amountError={fieldError}
      quote={quote}
      busy={action.busy}
      error={action.error}
      onSubmit={create}
    />
  )
}

export function PixTopUpEmbed({ title }: EmbedProps) {
  return (
    <Page title={title}>
      <NeedsAccount>
        {(accountId) => (
          <ProviderGate provider="pix" way="in">
            <PixTopUp accountId={accountId} />
          </ProviderGate>
        )}
      </NeedsAccount>
    </Page>
  )
}
