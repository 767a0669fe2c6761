import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderInSession } from '../testing/render-in-session'
import { PlaidLinkPage } from './plaid-link-page'

const session = {
  user: { id: '20000000-0000-4000-8000-000000000001', email: 'p@demo.cash', name: 'Paula', platformRole: 'user' },
  memberships: [],
  csrfToken: 'csrf',
}
const banks = {
  items: [
    { id: 'ins_1', name: 'First Platypus Bank' },
    { id: 'ins_2', name: 'Tartan Bank' },
  ],
}

beforeEach(() => {
  vi.stubGlobal('fetch', async (url: string) => {
    const body = url.endsWith('/auth/session') ? session : banks
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
  })
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('choosing the bank to link', () => {
  it('lists each bank as a row of one list, not filled buttons edge to edge, and a row opens its sign-in', async () => {
    renderInSession(<PlaidLinkPage accountId="10000000-0000-4000-8000-000000000001" />)
    const row = await screen.findByRole('button', { name: 'Tartan Bank' })
    const list = row.closest('ul')!
    expect(list.classList.contains('cash-link-list')).toBe(true)
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['First Platypus Bank', 'Tartan Bank'])
    expect(row.classList.contains('cash-button')).toBe(false)
    await userEvent.click(row)
    expect(screen.getByRole('heading', { name: 'Sign in to Tartan Bank' })).toBeTruthy()
  })
})
