import { useEffect, type ReactNode } from 'react'
import { useEmbedNavigation } from '../lib/embed-navigation'
import { useClientConfig } from '../lib/use-client-config'
import { readyData } from '../lib/use-resource'
import { ResourceView } from '../ui/resource-view'
import { LoadingState } from '../ui/state-views'

/**
 * Sign-up while sign-ups are open; the waitlist while they are closed (the server refuses sign-up too). Until the
 * server says which, the loading line; if it cannot say, its error with a retry.
 */
export function SignUpGate({ waitlistHref, children }: { waitlistHref: string; children: ReactNode }) {
  const config = useClientConfig()
  const navigation = useEmbedNavigation()
  const closed = readyData(config)?.signupsOpen === false
  useEffect(() => {
    if (closed) navigation.go(waitlistHref)
  }, [closed, navigation, waitlistHref])
  return <ResourceView resource={config}>{(c) => (c.signupsOpen ? children : <LoadingState />)}</ResourceView>
}
