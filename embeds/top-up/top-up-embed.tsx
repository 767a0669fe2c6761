import type { EmbedProps } from '../lib/embed-props'
import { NeedsAccount } from '../ui/needs-account'
import { Page } from '../ui/page'
import { ProviderGate } from '../ui/provider-gate'
import { BridgePage } from './bridge-page'
import { OnTheWayPage } from './on-the-way-page'
import { SendFromWalletPage } from './send-from-wallet-page'
import { ShareAddressPage } from './share-address-page'
import { TopUpHub } from './top-up-hub'

/** Money in by crypto: the hub, the deposit address, a wallet transfer, the two bridges and their tracking. */
export function TopUpEmbed({ path, params, title }: EmbedProps) {
  if (path.startsWith('/top-up/stargate/on-the-way/'))
    return <OnTheWayPage hash={params.hash ?? path.split('/').pop() ?? ''} title={title} />
  return (
    <Page title={title}>
      <NeedsAccount>
        {(accountId) =>
          path === '/top-up/stargate' ? (
            <ProviderGate provider="bridge" way="in">
              <BridgePage accountId={accountId} bridge="stargate" />
            </ProviderGate>
          ) : path === '/top-up/etherfi-bridge' ? (
            <ProviderGate provider="bridge" way="in">
              <BridgePage accountId={accountId} bridge="etherfi" />
            </ProviderGate>
          ) : path === '/top-up/share-address' ? (
            <ShareAddressPage accountId={accountId} />
          ) : path === '/top-up/send' ? (
            <SendFromWalletPage accountId={accountId} />
          ) : (
            <TopUpHub accountId={accountId} />
          )
        }
      </NeedsAccount>
    </Page>
  )
}
