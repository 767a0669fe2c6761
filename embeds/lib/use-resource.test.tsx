import { renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createApiClient } from './api-client'
import { useResource } from './use-resource'

describe('useResource polling', () => {
  it('sends its polls as background requests, and a reload the person asked for as use', async () => {
    const sent: (string | null)[] = []
    const fetch = (async (_url: string, init: RequestInit) => {
      sent.push((init.headers as Record<string, string>)['x-cash-background'] ?? null)
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } })
    }) as typeof globalThis.fetch
    const api = createApiClient({ fetch })
    const { result } = renderHook(() =>
      useResource('polled', (signal) => api.get('/notifications', z.object({}), signal), {
        pollMs: 10,
        keepPolling: () => sent.length < 3,
      }),
    )
    await waitFor(() => expect(sent).toHaveLength(3))
    expect(sent).toEqual([null, '1', '1'])
    result.current.reload()
    await waitFor(() => expect(sent).toHaveLength(4))
    expect(sent[3]).toBeNull()
  })
})
