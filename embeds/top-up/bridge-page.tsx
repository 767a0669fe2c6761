import { useRef, useState } from 'react'
import { BridgeQuoteResponse, BridgeTransferView } from '../../domain/api/money-in.schema'
import { ETHERFI_TOKENS, STARGATE_CHAINS, STARGATE_TOKENS } from '../../domain/money-in'
import { isAsset } from '../../domain/asset'
import { formatMoney, parseAmount } from '../../domain/money'
import { useEmbedNavigation } from '../lib/embed-navigation'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { useClientConfig } from '../lib/use-client-config'
import { useAction } from '../lib/use-action'
import { useLiveQuote } from '../lib/use-live-quote'
import { FormFooter } from '../ui/form-footer'
import { AmountField, useAmountInput } from '../ui/amount-field'

/**
 * Bridge in from another chain: source, token and amount → live quote (fee, what arrives, time) → submit → tracking.
 */
export function BridgePage({ accountId, bridge: kind }: { accountId: string; bridge: 'stargate' | 'etherfi' }) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const navigation = useEmbedNavigation()
  const config = useClientConfig()
  const chains = kind === 'etherfi' ? (['Ethereum'] as const) : STARGATE_CHAINS
  const tokens = kind === 'etherfi' ? ETHERFI_TOKENS : STARGATE_TOKENS
  const [chain, setChain] = useState<string>(chains[0])
  const [token, setToken] = useState<string>(tokens[0])
  // eETH counts in 18 decimals like weETH.
  const amount = useAmountInput(isAsset(token) ? token : 'weETH')
  const action = useAction()
  // One key per intended transfer: a double click or a retry after a network error sends it once.
  const idempotencyKey = useRef(crypto.randomUUID())

  const query = new URLSearchParams({ bridge: kind, sourceChain: chain, token, amount: amount.value ?? '' })
  const { quote, error } = useLiveQuote(amount.value ? query.toString() : null, (signal) =>
    api.get(`/accounts/${accountId}/bridge-quote?${query}`, BridgeQuoteResponse, signal),
  )
  const fieldError = error ? (error.fields.amount ?? error.fields.token ?? error.message) : undefined

  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    const typed = amount.read()
    if (!quote || !typed) return
    void action.run(async () => {
      const transfer = await api.post(
        `/accounts/${accountId}/bridge-transfers`,
        BridgeTransferView,
        { bridge: kind, sourceChain: chain, token, amount: typed },
        { idempotencyKey: idempotencyKey.current },
      )
      navigation.go(`/app/cash/top-up/stargate/on-the-way/${transfer.sourceTxHash}`)
    })
  }

  return (
    <form className="cash-card cash-stack" onSubmit={submit} noValidate aria-busy={action.busy}>
      <div className="cash-field">
        <label htmlFor="bridge-chain">{t('bridge.from')}</label>
        <select
          id="bridge-chain"
          value={chain}
          onChange={(e) => setChain(e.target.value)}
          disabled={chains.length === 1}
        >
          {chains.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
      </div>
      <div className="cash-field">
        <label htmlFor="bridge-token">{t('ui.asset')}</label>
        <select id="bridge-token" value={token} onChange={(e) => setToken(e.target.value)}>
          {tokens.map((x) => (
            <option key={x}>{x}</option>
          ))}
        </select>
      </div>
      <AmountField label={t('ui.amount')} name="amount" amount={amount} error={fieldError} />
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
      {config && config.monitoring.environment !== 'production' ? (
        <p className="cash-notice">{t('bridge.sandbox', { chain })}</p>
      ) : null}
      <FormFooter
        error={action.error}
        busy={action.busy}
        label={t('bridge.submit')}
        busyLabel={t('bridge.submitting')}
      />
    </form>
  )
}
