import { expect, request, type BrowserContext } from '@playwright/test'
import { DEMO_PASSWORD, persona, type PersonaKey } from '../../fixtures/personas'
import type { CashServer } from './cash-server'

/**
 * What a worker keeps for its own server: the server, and one signed-in session per persona (a web
 * storageState and a native bearer token), made through the API the first time a test asks for it.
 */
type StorageState = Awaited<ReturnType<Awaited<ReturnType<typeof request.newContext>>['storageState']>>

let server: CashServer | undefined
const webStates = new Map<PersonaKey, Promise<StorageState>>()
const tokens = new Map<string, Promise<NativeSession>>()

/** `confirmSecret`: what the app answers confirmation challenges with (domain/host-confirmation.ts). */
export type NativeSession = { token: string; userId: string; confirmSecret: string }

/** Called by the worker fixture when its server starts and stops. */
export function setWorkerServer(next: CashServer | undefined): void {
  server = next
  webStates.clear()
  tokens.clear()
}

export function workerServer(): CashServer {
  if (!server) throw new Error('No Cash server in this worker: import test from e2e/support/fixtures')
  return server
}

async function signInWeb(key: PersonaKey): Promise<StorageState> {
  const api = await request.newContext({ baseURL: workerServer().baseURL })
  try {
    const res = await api.post('/app/cash/api/v1/auth/sign-in', {
      data: { email: persona(key).email, password: DEMO_PASSWORD, client: 'web' },
    })
    expect(res.status(), `web sign-in of ${key}`).toBe(200)
    return await api.storageState()
  } finally {
    await api.dispose()
  }
}

/**
 * The persona's web session (the httpOnly cookie) for this worker. The page gets its CSRF token with the session it
 * carries (or from GET /auth/session), so the cookie is all a stored session needs. `renew` replaces a session a test
 * ended (signing out deletes it on the server).
 */
export function webSession(key: PersonaKey, { renew = false } = {}): Promise<StorageState> {
  if (renew || !webStates.has(key)) {
    const made = signInWeb(key)
    made.catch(() => webStates.delete(key))
    webStates.set(key, made)
  }
  return webStates.get(key)!
}

/** Puts the persona's stored session into the context (replacing whoever was signed in there). */
export async function useWebSession(
  context: BrowserContext,
  key: PersonaKey,
  options: { renew?: boolean } = {},
): Promise<void> {
  await context.addCookies((await webSession(key, options)).cookies)
}

/** A native (bearer) session for the user, made once per worker. */
export function nativeSession(email: string, password: string): Promise<NativeSession> {
  const cacheKey = `${email}\n${password}`
  if (!tokens.has(cacheKey)) {
    const made = (async () => {
      const res = await fetch(`${workerServer().baseURL}/app/cash/api/v1/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password, client: 'native' }),
      })
      expect(res.status, `native sign-in of ${email}`).toBe(200)
      const body = (await res.json()) as { token: string; confirmSecret: string; user: { id: string } }
      return { token: body.token, userId: body.user.id, confirmSecret: body.confirmSecret }
    })()
    made.catch(() => tokens.delete(cacheKey))
    tokens.set(cacheKey, made)
  }
  return tokens.get(cacheKey)!
}
