import type { EmbedProps } from '../lib/embed-props'
import { Page } from '../ui/page'
import { ArticlePage } from './article-page'
import { FeedbackPage } from './feedback-page'
import { HelpCenterPage } from './help-center-page'
import { SupportHomePage } from './support-home-page'
import { WalletInstructionsPage } from './wallet-instructions-page'

/** Support (issue 9): the entry page, the help center and its articles, feedback, and wallet instructions. */
export function SupportEmbed({ path, params, title }: EmbedProps) {
  if (path.startsWith('/support/help-center/') && params.id) return <ArticlePage id={params.id} fallbackTitle={title} />
  if (path === '/support/help-center')
    return (
      <Page title={title}>
        <HelpCenterPage />
      </Page>
    )
  if (path === '/support/feedback' || path === '/feedback')
    return (
      <Page title={title}>
        <FeedbackPage />
      </Page>
    )
  if (path === '/support/wallet-instruct')
    return (
      <Page title={title}>
        <WalletInstructionsPage />
      </Page>
    )
  return (
    <Page title={title}>
      <SupportHomePage />
    </Page>
  )
}
