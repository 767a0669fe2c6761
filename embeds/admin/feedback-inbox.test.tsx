import { fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Locale } from '../lib/i18n'
import { renderInSession } from '../testing/render-in-session'
import { FeedbackInbox } from './feedback-inbox'

const session = {
  user: {
    id: '20000000-0000-4000-8000-000000000009',
    email: 'admin@demo.cash',
    name: 'Ada Admin',
    platformRole: 'admin',
  },
  memberships: [],
  csrfToken: 'csrf',
}
const item = (id: string, rating: number, message: string, readAt: string | null) => ({
  id,
  rating,
  message,
  page: id.endsWith('1') ? '/app/cash/pix/send' : null,
  createdAt: id.endsWith('1') ? '2026-11-21T11:00:00.000Z' : '2026-11-21T10:00:00.000Z',
  readAt,
  user: { id: '20000000-0000-4000-8000-000000000001', email: 'personal@demo.cash', name: 'Paula Pereira' },
  account: { id: '10000000-0000-4000-8000-000000000001', name: 'Paula Pereira' },
})
const first = item('40000000-0000-4000-8000-000000000001', 2, 'The PIX quote expired too fast', null)
const second = item('40000000-0000-4000-8000-000000000002', 5, 'Love the card', '2026-11-21T10:30:00.000Z')
const calls: { method: string; url: string }[] = []

beforeEach(() => {
  calls.length = 0
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET'
    calls.push({ method, url })
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
    if (url.endsWith('/auth/session')) return json(session)
    if (url.includes('/admin/feedback?'))
      return json({ items: url.includes('unread=true') ? [first] : [first, second], unread: 1 })
    if (method === 'POST' && url.endsWith(`/admin/feedback/${first.id}/read`))
      return json({ item: { ...first, readAt: '2026-11-21T12:00:00.000Z' }, unread: 0 })
    return json({ error: { code: 'not_found', message: 'Not found.' } }, 404)
  })
})
afterEach(() => vi.unstubAllGlobals())

const renderInbox = (locale: Locale = 'en-US') => renderInSession(<FeedbackInbox />, locale)

describe('FeedbackInbox', () => {
  it('lists feedback newest first with rating, message, sender, account and page, and the unread count', async () => {
    renderInbox()
    expect(await screen.findByText('The PIX quote expired too fast')).toBeTruthy()
    expect(screen.getByTestId('support.inbox.unread').textContent).toBe('1 unread')
    const rows = screen.getAllByRole('listitem')
    expect(rows).toHaveLength(2)
    expect(within(rows[0]!).getByText('Rated 2 of 5')).toBeTruthy()
    expect(rows[0]!.textContent).toContain('Paula Pereira · personal@demo.cash')
    expect(rows[0]!.textContent).toContain('From page /app/cash/pix/send')
    expect(within(rows[0]!).getByText('New')).toBeTruthy()
    expect(within(rows[1]!).getByText('Love the card')).toBeTruthy()
    expect(within(rows[1]!).queryByRole('button', { name: 'Mark read' })).toBeNull()
  })

  it('marks a message read: it posts for that message, drops the button and updates the count', async () => {
    renderInbox()
    const button = await screen.findByRole('button', { name: 'Mark read' })
    fireEvent.click(button)
    expect(await screen.findByText('0 unread')).toBeTruthy()
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      `/app/cash/api/v1/admin/feedback/${first.id}/read`,
    ])
    expect(screen.queryByRole('button', { name: 'Mark read' })).toBeNull()
    expect(screen.getAllByText(/^Read /)).toHaveLength(2)
  })

  it('shows only unread messages when asked, and speaks Portuguese', async () => {
    renderInbox('pt-BR')
    fireEvent.click(await screen.findByLabelText('Só as não lidas'))
    await vi.waitFor(() => expect(calls.some((c) => c.url.includes('unread=true'))).toBe(true))
    expect(await screen.findByText('The PIX quote expired too fast')).toBeTruthy()
    expect(screen.queryByText('Love the card')).toBeNull()
    expect(screen.getByRole('button', { name: 'Marcar como lida' })).toBeTruthy()
  })
})
