import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import { SessionResponse, type SignInBody, type SignUpBody } from '../../domain/api/auth.schema'
import { z } from 'zod'
import { ApiError, type ApiClient } from './api-client'
import { localeOfLanguage, useI18n } from './i18n'

export type SessionState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; session: SessionResponse }
  | { status: 'error'; error: ApiError }

type SessionApi = {
  state: SessionState
  api: ApiClient
  signIn(body: Omit<SignInBody, 'client'>): Promise<SessionResponse>
  signUp(body: Omit<SignUpBody, 'client'>): Promise<SessionResponse>
  /** Takes a session another sign-in method answered with (a wallet signature). */
  adopt(session: SessionResponse): SessionResponse
  signOut(): Promise<void>
  refresh(): Promise<void>
}

const SessionContext = createContext<SessionApi | null>(null)

/**
 * Loads the caller's session once and keeps the API client's CSRF token in step with it. `initial` is the
 * session the page arrived with (embeds/lib/boot-data.ts): a session or null (signed out) is taken as it is,
 * with no request (the page gives I18nProvider that session's language as `preferred` itself, so both the server
 * and the browser draw the first screen in it); `undefined` asks the server.
 */
export function SessionProvider({
  api,
  initial,
  children,
}: {
  api: ApiClient
  initial?: SessionResponse | null
  children: ReactNode
}) {
  const [state, setState] = useState<SessionState>(() => {
    if (initial === undefined) return { status: 'loading' }
    if (initial === null) return { status: 'signed-out' }
    api.setCsrfToken(initial.csrfToken)
    return { status: 'signed-in', session: initial }
  })
  const { setPreferred } = useI18n()

  const adopt = useCallback(
    (session: SessionResponse) => {
      api.setCsrfToken(session.csrfToken)
      setState({ status: 'signed-in', session })
      // The language saved in the profile wins over the device's (Settings → Profile details).
      setPreferred(session.language ? localeOfLanguage(session.language) : null)
      return session
    },
    [api, setPreferred],
  )

  const refresh = useCallback(async () => {
    try {
      adopt(await api.get('/auth/session', SessionResponse))
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) setState({ status: 'signed-out' })
      else
        setState({
          status: 'error',
          error: error instanceof ApiError ? error : new ApiError(0, 'internal', String(error)),
        })
    }
  }, [api, adopt])

  // Once, with the page: later changes come through refresh, adopt and signOut.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, with the page
  useEffect(() => {
    if (initial === undefined) void refresh()
  }, [])

  const value = useMemo<SessionApi>(
    () => ({
      state,
      api,
      refresh,
      adopt,
      signIn: async (body) => adopt(await api.post('/auth/sign-in', SessionResponse, { ...body, client: 'web' })),
      signUp: async (body) => adopt(await api.post('/auth/sign-up', SessionResponse, { ...body, client: 'web' })),
      signOut: async () => {
        await api.post('/auth/sign-out', z.object({ signedOut: z.literal(true) }))
        api.setCsrfToken(undefined)
        setPreferred(null)
        setState({ status: 'signed-out' })
      },
    }),
    [state, api, refresh, adopt, setPreferred],
  )
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
}

/** The session and the API client; only inside a SessionProvider. */
export function useSession(): SessionApi {
  const value = useContext(SessionContext)
  if (!value) throw new Error('useSession needs a SessionProvider above it')
  return value
}
