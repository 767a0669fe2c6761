import { useState } from 'react'
import { BridgeError } from '../../bridge/protocol.schema'
import { useBridge } from '../lib/bridge-context'
import { useI18n } from '../lib/i18n'

export const WALLET_INSTRUCTIONS = '/app/cash/support/wallet-instruct'

/**
 * "Add to Apple Wallet" / "Add to Google Wallet" for a card that can pay: inside a native host that offers
 * `addToWallet`, the host provisions the card in its wallet; anywhere else (the web) a link to the manual steps.
 */
export function AddToWallet({ card }: { card: { id: string; last4: string; nameOnCard: string } }) {
  const { t } = useI18n()
  const bridge = useBridge()
  const [state, setState] = useState<
    | { kind: 'idle' | 'busy' }
    | { kind: 'done'; wallet: 'apple' | 'google'; added: boolean }
    | { kind: 'error'; message: string }
  >({ kind: 'idle' })
  if (!bridge.has('addToWallet'))
    return (
      <a href={WALLET_INSTRUCTIONS} data-testid={`wallet.instructions-${card.last4}`}>
        {t('wallet.add.howTo')}
      </a>
    )
  const wallet = bridge.context?.platform === 'android' ? 'google' : 'apple'
  const add = async () => {
    setState({ kind: 'busy' })
    try {
      const result = await bridge.call('addToWallet', {
        cardId: card.id,
        last4: card.last4,
        cardholderName: card.nameOnCard,
      })
      setState({ kind: 'done', wallet: result.wallet, added: result.added })
    } catch (error) {
      if (error instanceof BridgeError && error.code === 'CANCELLED') return setState({ kind: 'idle' })
      setState({
        kind: 'error',
        message:
          error instanceof BridgeError && error.code === 'UNAVAILABLE'
            ? t('wallet.add.unavailable')
            : t('wallet.add.failed'),
      })
    }
  }
  if (state.kind === 'done')
    return (
      <p className="cash-positive" role="status" style={{ margin: 0 }}>
        {t(state.added ? `wallet.add.done.${state.wallet}` : `wallet.add.already.${state.wallet}`)}
      </p>
    )
  return (
    <div className="cash-stack">
      <div>
        <button
          type="button"
          className="cash-button"
          data-variant="secondary"
          disabled={state.kind === 'busy'}
          onClick={() => void add()}
        >
          {t(`wallet.add.${wallet}`)}
        </button>
      </div>
      {state.kind === 'error' ? (
        <p className="cash-alert" role="alert" style={{ margin: 0 }}>
          {state.message} <a href={WALLET_INSTRUCTIONS}>{t('wallet.add.howTo')}</a>
        </p>
      ) : null}
    </div>
  )
}
