import type { z } from 'zod'
import type { BridgeQuoteResponse } from '../../domain/api/money-in.schema'
import { formatMoney, parseAmount } from '../../domain/money'
import { useI18n } from '../lib/i18n'
import { AmountField, type AmountInput } from '../ui/amount-field'
import { FormFooter } from '../ui/form-footer'

export type BridgeQuote = z.infer<typeof BridgeQuoteResponse>

/** Bridge in from another chain: source, token and amount, the live quote (fee, what arrives, time), submit. */
export function BridgeView({
  chains,
  chain,
  onChain,
  tokens,
  token,
  onToken,
  amount,
  amountError,
  quote,
  sandbox,
  busy,
  error,
  onSubmit,
}: {
  chains: readonly string[]
  chain: string
  onChain: (chain: string) => void
  tokens: readonly string[]
  token: string
  onToken: (token: string) => void
  amount: AmountInput
  amountError: string | undefined
  quote: BridgeQuote | null
  /** Not production: the note that the bridge is simulated. */
  sandbox: boolean
  busy: boolean
  error: string | null
  onSubmit: () => void
}) {
  const { t, locale } = useI18n()
  return (
    <form
      className="cash-card cash-stack"
      onSubmit={(e) => (e.preventDefault(), onSubmit())}
      noValidate
      aria-busy={busy}
    >
      <div className="cash-field">
        <label htmlFor="bridge-chain">{t('bridge.from')}</label>
        <select
          id="bridge-chain"
          value={chain}
          onChange={(e) => onChain(e.target.value)}
          disabled={chains.length === 1}
        >
          {chains.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
      </div>
      <div className="cash-field">
        <label htmlFor="bridge-token">{t('ui.asset')}</label>
        <select id="bridge-token" value={token} onChange={(e) => onToken(e.target.value)}>
          {tokens.map((x) => (
            <option key={x}>{x}</option>
          ))}
        </select>
      </div>
      <AmountField label={t('ui.amount')} name="amount" amount={amount} error={amountError} />
      {quote ? (
        <dl className="cash-stack" data-testid="bridge.quote" style={{ margin: 0 }}>
          <div className="cash-row">
            <dt>{t('bridge.fee')}</dt>
            <dd>{formatMoney(parseAmount(quote.fee, quote.asset), quote.asset, locale)}</dd>
          </div>
          <div className="cash-row">
            <dt>{t('bridge.receive')}</dt>
            <dd>
              <strong>{formatMoney(parseAmount(quote.receive, quote.asset), quote.asset, locale)}</strong>
            </dd>
          </div>
          <div className="cash-row">
            <dt>{t('bridge.eta')}</dt>
            <dd>{t('bridge.minutes', { n: String(Math.max(1, Math.round(quote.etaSeconds / 60))) })}</dd>
          </div>
        </dl>
      ) : null}
      {sandbox ? <p className="cash-notice">{t('bridge.sandbox', { chain })}</p> : null}
      <FormFooter error={error} busy={busy} label={t('bridge.submit')} busyLabel={t('bridge.submitting')} />
    </form>
  )
}
