import type { ProviderName } from '../../domain/api/meta.schema'
import { useClientConfig } from './use-client-config'
import { readyData } from './use-resource'

/**
 * The providers the server has connected (its `/config`), for a hub to mark the rails it cannot offer; undefined
 * until the server has said, when every rail is offered as before and the rail's own page (ProviderGate) decides.
 */
export function useConnectedProviders(): readonly ProviderName[] | undefined {
  return readyData(useClientConfig())?.providers
}
