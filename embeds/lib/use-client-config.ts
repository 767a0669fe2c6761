import { ClientConfig } from '../../domain/api/meta.schema'
import { useSession } from './session'
import { useResource } from './use-resource'

/** The server's public settings (environment, sign-ups, monitoring). */
export function useClientConfig() {
  const { api } = useSession()
  const config = useResource('client-config', (signal) => api.get('/config', ClientConfig, signal))
  return config.status === 'ready' ? config.data : null
}
