import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderInSession } from '../testing/render-in-session'
import { AdminAccountPage } from './accounts-pages'

/** The back office's account pages word an account's kind in the admin's language. */
const session = {
  user: { id: '20000000-0000-4000-8000-000000000009', email: 'a@demo.cash', name: 'Ada', platformRole: 'admin' },
  memberships: [],
  csrfToken: 'csrf',
}
const account = (id: string, kind: string, name: string) => ({
  id,
  kind,
  name,
  safeAddress: null,
  tier: 'core',
  frozen: false,
})

beforeEach(() => {
  vi.stubGlobal('fetch', async (url: string) => {
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
    if (url.endsWith('/auth/session')) return json(session)
    if (url.includes('/admin/accounts?q='))
      return json({
        items: [
          account('10000000-0000-4000-8000-000000000001', 'personal', 'Paula'),
          account('10000000-0000-4000-8000-000000000002', 'corporate', 'Acme'),
        ],
      })
    return json({ error: { code: 'not_found', message: 'Not found.' } }, 404)
  })
})
afterEach(() => vi.unstubAllGlobals())

describe('AdminAccountPage in Portuguese', () => {
  it('words each account’s kind in the list of accounts a search names', async () => {
    renderInSession(
      <AdminAccountPage title="Conta" params={{ accountSearchParam: 'demo' }} path="/admin/account/demo" />,
      'pt-BR',
    )
    const list = (await screen.findByTestId('admin-account.results')).textContent ?? ''
    expect(list).toContain('PaulaPessoal')
    expect(list).toContain('AcmeEmpresa')
    expect(list).not.toMatch(/personal|corporate/)
  })
})
