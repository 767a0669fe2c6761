import { useEffect, type ReactNode } from 'react'
import { useEmbedNavigation } from '../lib/embed-navigation'
import { useClientConfig } from '../lib/use-client-config'
import { LoadingState } from '../ui/state-views'

/** Sign-up while sign-ups are open; the waitlist while they are closed (the server refuses sign-up too). */
export function SignUpGate({ waitlistHref, children }: { waitlistHref: string; children: ReactNode }) {
  const config = useClientConfig()
  const navigation = useEmbedNavigation()
  const closed = config?.signupsOpen === false
  useEffect(() => {
    if (closed) navigation.go(waitlistHref)
  }, [closed, navigation, waitlistHref])
  if (!config || closed) return <LoadingState />
  return <>{children}</>
}
