import type { EmbedProps } from '../lib/embed-props'
import { useI18n } from '../lib/i18n'
import { FrozenGate } from '../ui/frozen-gate'
import { NeedsAccount } from '../ui/needs-account'
import { Page } from '../ui/page'
import { BankHub } from './bank-hub'
import { BankReceivePage } from './bank-receive-page'
import { BankSendPage } from './bank-send-page'
import { ManualRecipientPage } from './manual-recipient-page'
import { PlaidLinkPage } from './plaid-link-page'

function AddRecipientChoice() {
  const { t } = useI18n()
  return (
    <ul className="cash-link-list">
      <li>
        <a href="/app/cash/bank/send/add/manual">
          <strong>{t('bank.add.manual')}</strong>
          <span className="cash-muted">{t('bank.add.manual.body')}</span>
        </a>
      </li>
      <li>
        <a href="/app/cash/bank/send/add/plaid">
          <strong>{t('bank.add.plaid')}</strong>
          <span className="cash-muted">{t('bank.add.plaid.body')}</span>
        </a>
      </li>
    </ul>
  )
}

/** Bank transfers in and out: receive, send, and recipients added by hand or linked through Plaid. */
export function BankEmbed({ path, title }: EmbedProps) {
  return (
    <Page title={title}>
      <NeedsAccount>
        {(accountId) =>
          path === '/bank/receive' ? (
            <BankReceivePage accountId={accountId} />
          ) : path === '/bank/send' ? (
            <FrozenGate accountId={accountId}>
              <BankSendPage accountId={accountId} />
            </FrozenGate>
          ) : path === '/bank/send/add' ? (
            <AddRecipientChoice />
          ) : path === '/bank/send/add/manual' ? (
            <ManualRecipientPage accountId={accountId} />
          ) : path === '/bank/send/add/plaid' ? (
            <PlaidLinkPage accountId={accountId} />
          ) : (
            <BankHub accountId={accountId} />
          )
        }
      </NeedsAccount>
    </Page>
  )
}
