import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createApiClient } from '../lib/api-client'
import { I18nProvider } from '../lib/i18n'
import { SessionProvider } from '../lib/session'
import { HistoryList } from './history-list'

const account = '10000000-0000-4000-8000-000000000001'
const session = {
  user: { id: '20000000-0000-4000-8000-000000000001', email: 'p@demo.cash', name: 'Paula', platformRole: 'user' },
  memberships: [],
  csrfToken: null,
}
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
let csvAnswer: () => Response
const sent: { url: string; authorization: string | undefined }[] = []
const objectUrls = vi.fn((_: Blob) => 'blob:cash-history')

beforeEach(() => {
  sent.length = 0
  objectUrls.mockClear()
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    sent.push({ url, authorization: (init.headers as Record<string, string>).authorization })
    if (url.endsWith('/auth/session')) return json(session)
    if (url.includes('/history.csv')) return csvAnswer()
    return json({ items: [], nextCursor: null })
  })
  URL.createObjectURL = objectUrls
  URL.revokeObjectURL = () => undefined
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

/** The history as a native host's webview shows it: signed in by the bearer token the host handed over. */
const renderNative = () =>
  render(
    <I18nProvider locale="en-US">
      <SessionProvider api={createApiClient({ bearerToken: () => 'native-token' })}>
        <HistoryList accountId={account} />
      </SessionProvider>
    </I18nProvider>,
  )

describe('the history’s CSV download', () => {
  it('asks with the session’s credentials, a native host’s bearer token too, and saves the file', async () => {
    csvAnswer = () => new Response('date,type\n', { status: 200, headers: { 'content-type': 'text/csv' } })
    renderNative()
    fireEvent.click(await screen.findByRole('button', { name: 'Download CSV' }))
    await vi.waitFor(() => expect(objectUrls).toHaveBeenCalledTimes(1))
    expect(sent.find((r) => r.url.includes('/history.csv'))?.authorization).toBe('Bearer native-token')
    expect(await objectUrls.mock.calls[0]![0].text()).toBe('date,type\n')
  })

  it('says why a refused export failed, and saves no error as a CSV', async () => {
    csvAnswer = () => json({ error: { code: 'unauthenticated', message: 'Sign in to continue.' } }, 401)
    renderNative()
    fireEvent.click(await screen.findByRole('button', { name: 'Download CSV' }))
    expect((await screen.findByRole('alert')).textContent).toMatch(/sign in/i)
    expect(objectUrls).not.toHaveBeenCalled()
  })
})
