import { ClientConfig } from '../../domain/api/meta.schema'
import { useSession } from './session'
import { useResource } from './use-resource'

/**
 * The server's public settings (environment, sign-ups, monitoring), as a Resource: a page that waits for them
 * draws them through `ResourceView` (a failed /config shows the error with its retry, not "Loading…" forever);
 * one that only reads a setting beside its content takes `readyData(config)`.
 */
export function useClientConfig() {
  const { api } = useSession()
  return useResource('client-config', (signal) => api.get('/config', ClientConfig, signal))
}
