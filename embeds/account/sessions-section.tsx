import { useI18n } from '../lib/i18n'
import { SessionsView } from './sessions-view'
import type { useSessions } from './use-sessions'
import { ResourceView } from '../ui/resource-view'

/** The list of signed-in devices, wired to the session API (the hook is the page's, shared with the password form). */
export function SessionsSection({ sessions }: { sessions: ReturnType<typeof useSessions> }) {
  const { t, locale } = useI18n()
  const { list } = sessions
  return (
    <ResourceView resource={list}>
      {(loaded) => (
        <SessionsView
          data={loaded}
          t={t}
          locale={locale}
          busy={sessions.busy}
          error={sessions.error}
          ended={sessions.ended}
          onSignOut={(s) => void sessions.signOutOne(s)}
          onSignOutOthers={() => void sessions.signOutOthers()}
        />
      )}
    </ResourceView>
  )
}
