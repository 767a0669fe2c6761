import { useSession } from './session'

/** The account the holder acts on: their first membership (a switcher picks another on home). */
export function useAccountId(): string | null {
  const { state } = useSession()
  return state.status === 'signed-in' ? (state.session.memberships[0]?.accountId ?? null) : null
}
