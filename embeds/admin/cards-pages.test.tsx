import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { stubAdminApi } from '../testing/admin-api'
import { renderInSession } from '../testing/render-in-session'
import { AdminCardPage } from './cards-pages'

/** The back office's card page words a frozen card's reason and its purchases' states in the admin's language. */
const cardId = '30000000-0000-4000-8000-000000000001'
const detail = {
  card: {
    id: cardId,
    accountId: '10000000-0000-4000-8000-000000000001',
    cardholderUserId: '20000000-0000-4000-8000-000000000001',
    kind: 'virtual',
    status: 'frozen',
    statusReason: 'Frozen by you.',
    statusReasonKey: { key: 'by_you', status: 'frozen' },
    last4: '4242',
    expiry: '11/30',
    nameOnCard: 'PAULA PEREIRA',
    limits: { perPurchase: null, daily: null, monthly: null },
    shipping: null,
    orderFee: '0',
  },
  cardholder: { id: '20000000-0000-4000-8000-000000000001', email: 'p@demo.cash', name: 'Paula' },
  account: { id: '10000000-0000-4000-8000-000000000001', name: 'Paula', kind: 'personal', frozen: false },
  authorizations: [
    {
      id: '50000000-0000-4000-8000-000000000001',
      networkId: 'n1',
      amount: '12.5',
      merchantName: 'Café Lisboa',
      status: 'declined',
      declineReason: 'card_frozen',
      createdAt: '2026-11-27T12:00:00.000Z',
    },
  ],
}

stubAdminApi((url) => {
  if (url.includes(`/admin/cards/${cardId}`)) return detail
  return undefined
})

describe('AdminCardPage in Portuguese', () => {
  it('words the status reason, a purchase’s state and its decline, not the stored codes', async () => {
    renderInSession(<AdminCardPage title="Card" params={{ cardId }} path={`/admin/card/${cardId}`} />, 'pt-BR')
    expect((await screen.findByTestId('admin-card.status')).textContent).toBe('Congelado · Congelado por você.')
    const purchases = (await screen.findByTestId('admin-card.authorizations')).textContent ?? ''
    expect(purchases).toContain('Café Lisboa')
    expect(purchases.match(/Recusad/g)).toHaveLength(1) // the state is not said twice
    expect(purchases).not.toContain('declined')
    expect(purchases).not.toContain('card_frozen')
  })
})
