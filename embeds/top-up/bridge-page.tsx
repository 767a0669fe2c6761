import { useRef, useState } from 'react'
import { BridgeQuoteResponse, BridgeTransferView } from '../../domain/api/money-in.schema'
import { ETHERFI_TOKENS, STARGATE_CHAINS, STARGATE_TOKENS } from '../../domain/money-in'
import { isAsset } from '../../domain/asset'
import { useEmbedNavigation } from '../lib/embed-navigation'
import { useSession } from '../lib/session'
import { useClientConfig } from '../lib/use-client-config'
import { readyData } from '../lib/use-resource'
import { useAction } from '../lib/use-action'
import { useLiveQuote } from '../lib/use-live-quote'
import { useAmountInput } from '../ui/amount-field'
import { BridgeView } from './bridge-view'

/** Bridge in from another chain: the live quote and the transfer sent once, then its tracking page. */
export function BridgePage({ accountId, bridge: kind }: { accountId: string; bridge: 'stargate' | 'etherfi' }) {
  const { api } = useSession()
  const navigation = useEmbedNavigation()
  const config = readyData(useClientConfig())
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

  const submit = () => {
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
    <BridgeView
      chains={chains}
      chain={chain}
      onChain={setChain}
      tokens={tokens}
      token={token}
      onToken={setToken}
      amount={amount}
      amountError={fieldError}
      quote={quote}
      sandbox={config !== undefined && config.monitoring.environment !== 'production'}
      busy={action.busy}
      error={action.error}
      onSubmit={submit}
    />
  )
}
