import { MembershipRewardResponse } from '../../domain/api/membership.schema'
import type { EmbedProps } from '../lib/embed-props'
import { useSession } from '../lib/session'
import { useAction } from '../lib/use-action'
import { useResource } from '../lib/use-resource'
import { FeaturePending } from '../ui/feature-pending'
import { NeedsAccount } from '../ui/needs-account'
import { Page } from '../ui/page'
import { ResourceView } from '../ui/resource-view'
import { MembershipRewardsView } from './membership-rewards-view'

/** The membership-rewards promotion, in the shell and as the standalone page `webview/promotion/membership-rewards`. */
export function MembershipRewardsEmbed({ path, title }: EmbedProps) {
  if (path === '/promotion/membership-rewards')
    return (
      <Page title={title}>
        <NeedsAccount>{(accountId) => <MembershipRewards accountId={accountId} />}</NeedsAccount>
      </Page>
    )
  return <FeaturePending title={title} />
}

function MembershipRewards({ accountId }: { accountId: string }) {
  const { api } = useSession()
  const claim = useAction()
  const data = useResource(`membership-rewards:${accountId}`, (signal) =>
    api.get(`/accounts/${accountId}/promotions/membership-rewards`, MembershipRewardResponse, signal),
  )
  return (
    <ResourceView resource={data}>
      {(r) => (
        <MembershipRewardsView
          reward={r}
          busy={claim.busy}
          error={claim.error}
          onClaim={() =>
            void claim.run(
              async () => (
                await api.post(
                  `/accounts/${accountId}/promotions/membership-rewards/claim`,
                  MembershipRewardResponse,
                  undefined,
                  { idempotencyKey: crypto.randomUUID() },
                ),
                data.reload()
              ),
            )
          }
        />
      )}
    </ResourceView>
  )
}
