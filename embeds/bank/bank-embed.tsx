import type { EmbedProps } from '../lib/embed-props'
import { FeaturePending } from '../ui/feature-pending'
import { NeedsAccount } from '../ui/needs-account'
import { Page } from '../ui/page'
import { BankReceivePage } from './bank-receive-page'

/** Bank transfers: receiving is here; sending and recipients come with issue 5. */
export function BankEmbed({ path, title }: EmbedProps) {
  if (path !== '/bank/receive') return <FeaturePending title={title} />
  return (
    <Page title={title}>
      <NeedsAccount>{(accountId) => <BankReceivePage accountId={accountId} />}</NeedsAccount>
    </Page>
  )
}
