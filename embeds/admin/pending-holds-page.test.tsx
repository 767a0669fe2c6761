import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { stubAdminApi } from '../testing/admin-api'
import { renderInSession } from '../testing/render-in-session'
import { PendingHoldsPage } from './pending-holds-page'

/** The pending holds page words a hold's kind in the admin's language; a kind it does not know shows as its code. */
const hold = (id: string, kind: string) => ({
  id,
  kind,
  title: { key: 'card', merchant: 'Café Lisboa' },
  reference: null,
  account: { id: '10000000-0000-4000-8000-000000000001', name: 'Paula' },
  amount: '12.5',
  asset: 'USDC',
  createdAt: '2026-11-27T12:00:00.000Z',
  expiresAt: '2026-12-04T12:00:00.000Z',
})

stubAdminApi((url) => {
  if (url.includes('/admin/holds/pending'))
    return {
      items: [
        hold('50000000-0000-4000-8000-000000000001', 'card_authorization'),
        hold('50000000-0000-4000-8000-000000000002', 'some_future_hold'),
      ],
    }
  return undefined
})

describe('PendingHoldsPage in Portuguese', () => {
  it('words a known hold kind and shows an unknown one as its code', async () => {
    renderInSession(<PendingHoldsPage title="Reservas" params={{}} path="/admin/pending-holds" />, 'pt-BR')
    const [known, unknown] = await screen.findAllByTestId('pending-hold')
    expect(known!.textContent).toContain('Compra no cartão')
    expect(known!.textContent).not.toContain('card authorization')
    expect(unknown!.textContent).toContain('some_future_hold')
  })
})
