import { BridgeTransfersResponse, DepositsResponse } from '../../domain/api/money-in.schema'
import { useConnectedProviders } from '../lib/use-connected-providers'
import { useSession } from '../lib/session'
import { useResource } from '../lib/use-resource'
import { TopUpHubView } from './top-up-hub-view'

/** Every way in, and what is arriving now (deposits confirming, bridges in flight), refreshed while pending. */
export function TopUpHub({ accountId }: { accountId: string }) {
  const { api } = useSession()
  const incoming = useResource(
    `incoming:${accountId}`,
    async (signal) => {
      const [deposits, bridges] = await Promise.all([
        api.get(`/accounts/${accountId}/deposits`, DepositsResponse, signal),
        api.get(`/accounts/${accountId}/bridge-transfers`, BridgeTransfersResponse, signal),
      ])
      return { deposits: deposits.items, bridges: bridges.items }
    },
    // Live while open: a transfer sent from elsewhere shows up within seconds of the chain seeing it.
    { pollMs: 2000, keepPolling: () => true },
  )
  const connected = useConnectedProviders()
  return <TopUpHubView incoming={incoming} connected={connected} />
}
