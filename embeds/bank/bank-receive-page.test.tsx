import { cleanup, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderInSession } from '../testing/render-in-session'
import { BankReceivePage } from './bank-receive-page'

/** What arrived by bank shows its amount as money in the page's language, not as the API's digits. */
const session = {
  user: { id: '20000000-0000-4000-8000-000000000001', email: 'p@demo.cash', name: 'Paula', platformRole: 'user' },
  memberships: [],
  csrfToken: 'csrf',
}
const details = {
  beneficiary: 'Paula Pereira',
  usd: { bankName: 'Lead Bank', routingNumber: '101019644', accountNumber: '123456789', rails: ['ach', 'wire'] },
  eur: { bankName: 'Banking Circle', iban: 'LU280019400644750000', bic: 'BCIRLULL', rails: ['sepa'] },
  feeBps: 50,
  fxFeeBps: 30,
  thirdPartyCapUsd: '4000',
}
const transfer = {
  id: '40000000-0000-4000-8000-000000000001',
  rail: 'sepa',
  currency: 'EUR',
  amount: '1234.5',
  senderName: 'Hans Müller',
  creditUsdc: '1330',
  feeUsdc: '6.65',
  status: 'credited',
  returnReason: null,
  createdAt: '2026-11-27T12:00:00.000Z',
}

beforeEach(() => {
  vi.stubGlobal('fetch', async (url: string) => {
    const body = url.endsWith('/auth/session')
      ? session
      : url.endsWith('/bank-details')
        ? details
        : { items: [transfer] }
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
  })
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('money received by bank', () => {
  it('shows the amount sent in the reader’s number format', async () => {
    renderInSession(<BankReceivePage accountId="10000000-0000-4000-8000-000000000001" />, 'pt-BR')
    expect((await screen.findByTestId(`bank.incoming-${transfer.id}`)).textContent).toMatch(/^€\s1\.234,50 · /)
    cleanup()
    renderInSession(<BankReceivePage accountId="10000000-0000-4000-8000-000000000001" />, 'en-US')
    expect((await screen.findByTestId(`bank.incoming-${transfer.id}`)).textContent).toMatch(/^€1,234\.50 · /)
  })
})
