import type { EmbedProps } from '../lib/embed-props'
import { FrozenGate } from '../ui/frozen-gate'
import { NeedsAccount } from '../ui/needs-account'
import { Page } from '../ui/page'
import { CryptoWithdrawPage } from './crypto-withdraw-page'
import { WithdrawHubView } from './withdraw-hub-view'
import { WithdrawalStatusPage } from './withdrawal-status-page'

/** Money out by crypto: the hub, the withdrawal form and its status. */
export function WithdrawEmbed({ path, title }: EmbedProps) {
  return (
    <Page title={title}>
      <NeedsAccount>
        {(accountId) =>
          path === '/withdraw/crypto' ? (
            <FrozenGate accountId={accountId}>
              <CryptoWithdrawPage accountId={accountId} />
            </FrozenGate>
          ) : path === '/withdraw/crypto/status' ? (
            <WithdrawalStatusPage accountId={accountId} />
          ) : (
            <WithdrawHubView />
          )
        }
      </NeedsAccount>
    </Page>
  )
}
