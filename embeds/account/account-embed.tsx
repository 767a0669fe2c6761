import type { EmbedProps } from '../lib/embed-props'
import { FeaturePending } from '../ui/feature-pending'
import { Page } from '../ui/page'
import { MoneySettings } from './money-settings'

/** Safe, people and settings. Settings holds the mode and spending limits; the rest lands with issue 7. */
export function AccountEmbed({ path, title }: EmbedProps) {
  if (path === '/settings') {
    return (
      <Page title={title}>
        <div className="cash-stack">
          <MoneySettings />
        </div>
      </Page>
    )
  }
  return <FeaturePending title={title} />
}
