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

const PAULA = '10000000-0000-4000-8000-000000000001'
const detail = {
  account: {
    ...account(PAULA, 'personal', 'Paula Pereira'),
    mode: 'direct_pay',
    timeZone: 'America/Sao_Paulo',
    frozenAt: null,
    frozenReason: null,
    kybStatus: 'not_started',
    kybReason: null,
    kybReasonKey: null,
  },
  balances: {
    accountId: PAULA,
    accountName: 'Paula Pereira',
    accountKind: 'personal',
    mode: 'direct_pay',
    safeAddress: null,
    balances: [{ asset: 'USDC', balance: '2500', available: '2415.2', usdValue: '2500' }],
    spendable: '2415.2',
    limitedBy: 'capacity',
    dailyLimit: '10000',
    dailyLeft: '9915.2',
    monthlyLimit: '50000',
    monthlyLeft: '49915.2',
    debt: '0',
    borrowLimit: '4329',
    pendingHolds: '84.8',
    health: null,
    pendingModeChange: null,
  },
  members: [{ userId: '20000000-0000-4000-8000-000000000001', email: 'p@demo.cash', name: 'Paula', role: 'holder' }],
  cards: [],
  activity: { items: [] },
  openApplications: [],
}

stubAdminApi((url) => {
  if (url.endsWith(`/admin/accounts/${PAULA}`)) return detail
  if (url.includes(`/admin/accounts?q=${PAULA}`)) return { items: [detail.account] }
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

  it('words the account’s mode, tier and members’ roles, not their codes, and sets balances as figures', async () => {
    renderInSession(
      <AdminAccountPage title="Conta" params={{ accountSearchParam: PAULA }} path="/admin/account" />,
      'pt-BR',
    )
    const summary = (await screen.findByTestId('admin-account.summary')).textContent ?? ''
    expect(summary).toContain('ModoDébito direto')
    expect(screen.getByTestId('admin-account.tier').textContent).toBe('Core')
    expect(screen.getByRole('link', { name: /p@demo\.cash/ }).textContent).toContain('Paula · Titular')
    expect(document.body.textContent).not.toMatch(/direct_pay|holder|\bcore\b/)
    const cell = screen.getByRole('cell', { name: /^US\$\s2\.500,00$/ })
    expect(cell.className).toBe('cash-amount')
  })
})
