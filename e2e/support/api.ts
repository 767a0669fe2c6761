import { expect, type APIRequestContext } from '@playwright/test'
import { DEMO_PASSWORD, persona, type PersonaKey } from '../../fixtures/personas'
import { signHostChallenge } from '../../domain/host-confirmation'
import { nativeSession } from './sessions'

/** A persona's bearer-token API client, for arranging and checking what the screens do. */
export async function apiAs(request: APIRequestContext, key: PersonaKey) {
  return apiAsUser(request, persona(key).email, DEMO_PASSWORD)
}

/**
 * Any user's bearer-token API client (a fresh user's, say), with their id. The token is made once per worker
 * (outside the page's cookies, so it never ends the page's own session).
 */
export async function apiAsUser(request: APIRequestContext, email: string, password: string) {
  const { token, userId, confirmSecret } = await nativeSession(email, password)
  const headers = (extra: Record<string, string> = {}) => ({ authorization: `Bearer ${token}`, ...extra })
  return {
    userId,
    /** A host confirmation, as the app makes it after its biometric check: a fresh challenge, answered (issue 19). */
    hostConfirmation: async () => {
      const res = await request.post('/app/cash/api/v1/auth/confirmations/challenge', { headers: headers() })
      expect(res.status(), `confirmation challenge: ${await res.text()}`).toBe(201)
      const { challengeId, challenge } = (await res.json()) as { challengeId: string; challenge: string }
      return { method: 'host' as const, challengeId, signature: await signHostChallenge(confirmSecret, challenge) }
    },
    get: async (path: string) => (await request.get(`/app/cash/api/v1${path}`, { headers: headers() })).json(),
    /** A POST whose refusal the test checks: status and body, no assertion. */
    send: async (path: string, data: unknown = {}) => {
      const res = await request.post(`/app/cash/api/v1${path}`, {
        headers: headers({ 'idempotency-key': `e2e-${Date.now()}-${Math.random()}` }),
        data,
      })
      return { status: res.status(), body: (await res.json()) as { error?: { code: string; message: string } } }
    },
    post: async (path: string, data?: unknown) => {
      const res = await request.post(`/app/cash/api/v1${path}`, {
        headers: headers({ 'idempotency-key': `e2e-${Date.now()}-${Math.random()}` }),
        ...(data === undefined ? {} : { data }),
      })
      expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBe(true)
      return res.json()
    },
    put: async (path: string, data: unknown) => {
      const res = await request.put(`/app/cash/api/v1${path}`, { headers: headers(), data })
      expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBe(true)
      return res.json()
    },
  }
}

/** A held asset's balance as the server reports it (a decimal string). */
export async function balanceOf(
  api: Awaited<ReturnType<typeof apiAs>>,
  accountId: string,
  asset: string,
): Promise<string> {
  const body = (await api.get(`/accounts/${accountId}/balances`)) as { balances: { asset: string; balance: string }[] }
  return body.balances.find((b) => b.asset === asset)!.balance
}
