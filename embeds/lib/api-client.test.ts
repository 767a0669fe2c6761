import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { asBackground, createApiClient } from './api-client'

/** What each request carried, from a fetch that answers `{}`. */
function recorder() {
  const sent: Record<string, string>[] = []
  const fetch = (async (_url: string, init: RequestInit) => {
    sent.push(init.headers as Record<string, string>)
    return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } })
  }) as typeof globalThis.fetch
  return { sent, api: createApiClient({ fetch }) }
}

describe('background requests (a poll, not the person)', () => {
  it('marks the requests a poll starts, and only those, so they do not hold off the idle timeout', async () => {
    const { sent, api } = recorder()
    await asBackground(() => api.get('/notifications', z.object({})))
    await api.get('/notifications', z.object({}))
    await api.post('/auth/sessions/sign-out-others', z.object({}))
    expect(sent.map((h) => h['x-cash-background'] ?? null)).toEqual(['1', null, null])
  })
})
