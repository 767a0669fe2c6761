import { useState } from 'react'
import { SessionList, SessionsEnded } from '../../domain/api/auth.schema'

export type SessionItem = SessionList['sessions'][number]
export type EndedSessions = { kind: 'one'; session: SessionItem } | { kind: 'others'; count: number }
import { useAction } from '../lib/use-action'
import { useResource } from '../lib/use-resource'
import { useSession } from '../lib/session'

/**
 * The signed-in person's sessions (devices) and the ways to end the others; this one ends with the shell's Sign out.
 */
export function useSessions() {
  const { api } = useSession()
  const list = useResource('auth-sessions', (signal) => api.get('/auth/sessions', SessionList, signal))
  const action = useAction()
  const [ended, setEnded] = useState<EndedSessions | null>(null)
  const signOutOne = (session: SessionItem) =>
    action.run(async () => {
      setEnded(null)
      await api.post(`/auth/sessions/${session.id}/sign-out`, SessionsEnded)
      setEnded({ kind: 'one', session })
      list.reload()
    })
  const signOutOthers = () =>
    action.run(async () => {
      setEnded(null)
      const { signedOut } = await api.post('/auth/sessions/sign-out-others', SessionsEnded)
      setEnded({ kind: 'others', count: signedOut })
      list.reload()
    })
  return { list, busy: action.busy, error: action.error, ended, signOutOne, signOutOthers, reload: list.reload }
}
