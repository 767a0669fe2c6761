import type { EmbedProps } from '../lib/embed-props'
import { useI18n } from '../lib/i18n'
import { useConnectedProviders } from '../lib/use-connected-providers'
import { FrozenGate } from '../ui/frozen-gate'
import { NeedsAccount } from '../ui/needs-account'
import { Page } from '../ui/page'
import { ProviderGate } from '../ui/provider-gate'
import { WayList } from '../ui/way-list'
import { BankHub } from './bank-hub'
import { BankReceivePage } from './bank-receive-page'
import { BankSendPage } from './bank-send-page'
import { ManualRecipientPage } from './manual-recipient-page'
import { PlaidLinkPage } from './plaid-link-page'

/** A recipient by hand, or linked through Plaid when the server has it. */
function AddRecipientChoice() {
  const { t } = useI18n()
  const connected = useConnectedProviders()
  return (
    <WayList
      ways={[
        { href: '/app/cash/bank/send/add/manual', title: t('bank.add.manual'), body: t('bank.add.manual.body') },
        {
          href: '/app/cash/bank/send/add/plaid',
          title: t('bank.add.plaid'),
          body: t('bank.add.plaid.body'),
          available: !connected || connected.includes('plaid'),
        },
      ]}
    />
  )
}

/** Bank transfers in and out: receive, send, and recipients added by hand or linked through Plaid. */
export function BankEmbed({ path, title }: EmbedProps) {
  return (
    <Page title={title}>
      <NeedsAccount>
        {(accountId) =>
          path === '/bank/receive' ? (
            <ProviderGate provider="bank" way="in">
              <BankReceivePage accountId={accountId} />
            </ProviderGate>
          ) : path === '/bank/send' ? (
            <ProviderGate provider="bank" way="out">
              <FrozenGate accountId={accountId}>
                <BankSendPage accountId={accountId} />
              </FrozenGate>
            </ProviderGate>
          ) : path === '/bank/send/add' ? (
            // A recipient is saved to send to by bank: without bank rails, there is nothing to add one for.
            <ProviderGate provider="bank" way="out">
              <AddRecipientChoice />
            </ProviderGate>
          ) : path === '/bank/send/add/manual' ? (
            <ProviderGate provider="bank" way="out">
              <ManualRecipientPage accountId={accountId} />
            </ProviderGate>
          ) : path === '/bank/send/add/plaid' ? (
            <ProviderGate provider="bank" way="out">
              <ProviderGate provider="plaid" way="out">
                <PlaidLinkPage accountId={accountId} />
              </ProviderGate>
            </ProviderGate>
          ) : (
            <BankHub accountId={accountId} />
          )
        }
      </NeedsAccount>
    </Page>
  )
}
