import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { stubAdminApi } from '../testing/admin-api'
import { renderInSession } from '../testing/render-in-session'
import { AdminAccountPage } from './accounts-pages'

/** The back office's account pages word an account's kind in the admin's language. */
const account = (id: string, kind: string, name: string) => ({
  id,
  kind,
  name,
  safeAddress: null,
  tier: 'core',
  frozen: false,
})

stubAdminApi((url) => {
  if (url.includes('/admin/accounts?q='))
    return {
      items: [
        account('10000000-0000-4000-8000-000000000001', 'personal', 'Paula'),
        account('10000000-0000-4000-8000-000000000002', 'corporate', 'Acme'),
      ],
    }
  return undefined
})

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
