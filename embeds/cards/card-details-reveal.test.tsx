import { act, fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderInSession } from '../testing/render-in-session'
import { CardDetailsReveal } from './card-details-reveal'

const cardId = '30000000-0000-4000-8000-000000000001'
const session = {
  user: {
    id: '20000000-0000-4000-8000-000000000001',
    email: 'personal@demo.cash',
    name: 'Paula Pereira',
    platformRole: 'user',
  },
  memberships: [],
  csrfToken: 'csrf',
}
const details = {
  number: '4895371234594242',
  cvv: '123',
  expiry: '11/30',
  nameOnCard: 'PAULA PEREIRA',
  hideAfterSeconds: 60,
}
const sent: { url: string; body: unknown }[] = []

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  sent.length = 0
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    sent.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined })
    const body = url.endsWith('/auth/session')
      ? session
      : url.endsWith(`/cards/${cardId}/reveal`)
        ? details
        : { error: { code: 'not_found', message: 'Not found.' } }
    return new Response(JSON.stringify(body), {
      status: url.endsWith('/auth/session') || url.endsWith('/reveal') ? 200 : 404,
      headers: { 'content-type': 'application/json' },
    })
  })
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('CardDetailsReveal', () => {
  it('asks for the password, shows the number and CVV, then hides them after 60 seconds', async () => {
    renderInSession(<CardDetailsReveal cardId={cardId} last4="4242" />)
    fireEvent.click(screen.getByRole('button', { name: 'Show details' }))
    fireEvent.change(screen.getByLabelText('Your password'), { target: { value: 'cash-demo-2026' } })
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and show' }))
    expect(await screen.findByText('4895 3712 3459 4242')).toBeTruthy()
    expect(screen.getByText('123')).toBeTruthy()
    expect(sent.find((r) => r.url.endsWith('/reveal'))?.body).toEqual({
      confirmation: { method: 'password', password: 'cash-demo-2026' },
    })
    for (let i = 0; i < 59; i++) await act(() => vi.advanceTimersByTimeAsync(1000))
    expect(screen.getByText('Hidden again in 1 s')).toBeTruthy()
    await act(() => vi.advanceTimersByTimeAsync(1000))
    expect(screen.queryByText('4895 3712 3459 4242')).toBeNull()
    expect(screen.getByRole('button', { name: 'Show details' })).toBeTruthy()
  })
})
