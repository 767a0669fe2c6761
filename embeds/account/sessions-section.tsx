import { useI18n } from '../lib/i18n'
import { ErrorState, LoadingState } from '../ui/state-views'
import { SessionsView } from './sessions-view'
import type { useSessions } from './use-sessions'

/** The list of signed-in devices, wired to the session API (the hook is the page's, shared with the password form). */
export function SessionsSection({ sessions }: { sessions: ReturnType<typeof useSessions> }) {
  const { t, locale } = useI18n()
  const { list } = sessions
  if (list.status === 'loading') return <LoadingState />
  if (list.status === 'error') return <ErrorState message={list.error.message} onRetry={list.reload} />
  return (
    <SessionsView
      data={list.data}
      t={t}
      locale={locale}
      busy={sessions.busy}
      error={sessions.error}
      ended={sessions.ended}
      onSignOut={(s) => void sessions.signOutOne(s)}
      onSignOutOthers={() => void sessions.signOutOthers()}
    />
  )
}
