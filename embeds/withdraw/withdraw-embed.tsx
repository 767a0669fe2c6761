import type { EmbedProps } from '../lib/embed-props'
import { useConnectedProviders } from '../lib/use-connected-providers'
import { FrozenGate } from '../ui/frozen-gate'
import { NeedsAccount } from '../ui/needs-account'
import { Page } from '../ui/page'
import { ProviderGate } from '../ui/provider-gate'
import { CryptoWithdrawPage } from './crypto-withdraw-page'
import { WithdrawHubView } from './withdraw-hub-view'
import { WithdrawalStatusPage } from './withdrawal-status-page'

/** The ways out, each marked by whether the server has its provider. */
function WithdrawHub() {
  const connected = useConnectedProviders()
  return <WithdrawHubView connected={connected} />
}

/** Money out by crypto: the hub, the withdrawal form and its status. */
export function WithdrawEmbed({ path, title }: EmbedProps) {
  return (
    <Page title={title}>
      <NeedsAccount>
        {(accountId) =>
          path === '/withdraw/crypto' ? (
            <ProviderGate provider="chain" way="out">
              <FrozenGate accountId={accountId}>
                <CryptoWithdrawPage accountId={accountId} />
              </FrozenGate>
            </ProviderGate>
          ) : path === '/withdraw/crypto/status' ? (
            <WithdrawalStatusPage accountId={accountId} />
          ) : (
            <WithdrawHub />
          )
        }
      </NeedsAccount>
    </Page>
  )
}
