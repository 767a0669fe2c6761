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

describe('a refusal with a message this page has no words for (a page older than the server)', () => {
  const answering = (body: unknown) =>
    createApiClient({
      fetch: (async () =>
        new Response(JSON.stringify(body), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        })) as typeof globalThis.fetch,
    })
  const refusal = {
    error: {
      code: 'invalid_request',
      message: 'Some form details are missing or not valid.',
      fields: { name: 'Write the name on one line.', email: 'Enter a valid e-mail address.' },
      messageKey: { key: 'details_invalid', where: 'form' },
      fieldKeys: { name: { key: 'a_message_added_after_this_page' }, email: { key: 'email_format' } },
    },
  }

  it('still names the field: the server’s words for the new message, its own for the others', async () => {
    // A Portuguese page (and the language put back after: the dom tests share one document).
    const before = document.documentElement.lang
    document.documentElement.lang = 'pt-BR'
    const thrown = await answering(refusal)
      .post('/auth/sign-up', z.object({}), {})
      .catch((error: unknown) => error)
      .finally(() => {
        document.documentElement.lang = before
      })
    expect(thrown).toMatchObject({
      status: 400,
      code: 'invalid_request',
      fields: { name: 'Write the name on one line.', email: 'Digite um e-mail como nome@exemplo.com.' },
    })
    expect((thrown as Error).message).not.toMatch(/our side/)
  })

  it('says the answer was unreadable only when it is not a refusal at all', async () => {
    const thrown = await answering({ oops: true })
      .get('/anything', z.object({}))
      .catch((error: unknown) => error)
    expect(thrown).toMatchObject({ status: 400, code: 'internal' })
  })
})
