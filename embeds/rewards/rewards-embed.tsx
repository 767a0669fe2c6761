import type { EmbedProps } from '../lib/embed-props'
import { FeaturePending } from '../ui/feature-pending'
import { NeedsAccount } from '../ui/needs-account'
import { Page } from '../ui/page'
import { CashbackPage } from './cashback-page'
import { PromotionsPage } from './promotions-page'

/** Cashback and promotions (issue 8); membership, summer-mint and referrals come with their own pages. */
export function RewardsEmbed({ path, title }: EmbedProps) {
  if (path === '/cashback') return <Page title={title}><NeedsAccount>{(accountId) => <CashbackPage accountId={accountId} />}</NeedsAccount></Page>
  if (path === '/promotion') return <Page title={title}><NeedsAccount>{(accountId) => <PromotionsPage accountId={accountId} />}</NeedsAccount></Page>
  if (path === '/promotion/splashback') return <Page title={title}><NeedsAccount>{(accountId) => <PromotionsPage accountId={accountId} kind="splashback" />}</NeedsAccount></Page>
  if (path === '/promotion/triple-dip') return <Page title={title}><NeedsAccount>{(accountId) => <PromotionsPage accountId={accountId} kind="triple_dip" />}</NeedsAccount></Page>
  return <FeaturePending title={title} />
}
