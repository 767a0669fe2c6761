import { screen } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { stubAdminApi } from '../testing/admin-api'
import { renderInSession } from '../testing/render-in-session'
import { InvestigateTransactionPage } from './investigate-page'

/** The investigate page words a journal's kind in the admin's language; a kind it does not know shows as its code. */
const journal = (id: string, kind: string) => ({
  id,
  kind,
  title: { key: 'card', merchant: 'Café Lisboa' },
  reference: 'net-1',
  holdId: null,
  createdAt: '2026-11-27T12:00:00.000Z',
  entries: [],
})

beforeEach(() => {
  window.history.replaceState(null, '', '/app/cash/admin/investigate-transaction?q=net-1')
})
stubAdminApi((url) => {
  if (url.includes('/admin/investigate'))
    return {
      query: 'net-1',
      records: [],
      timeline: [],
      journals: [
        journal('60000000-0000-4000-8000-000000000001', 'card_spend'),
        journal('60000000-0000-4000-8000-000000000002', 'some_future_journal'),
      ],
      holds: [],
    }
  return undefined
})

describe('InvestigateTransactionPage in Portuguese', () => {
  it('words a known journal kind and shows an unknown one as its code', async () => {
    renderInSession(
      <InvestigateTransactionPage title="Investigar" params={{}} path="/admin/investigate-transaction" />,
      'pt-BR',
    )
    const [known, unknown] = await screen.findAllByTestId('investigate-journal')
    expect(known!.querySelector('caption')!.textContent).toContain('Gasto no cartão · Cartão · Café Lisboa')
    expect(known!.textContent).not.toContain('card_spend')
    expect(screen.getByRole('region', { name: /Lançamento \(Gasto no cartão\)/ })).toBeTruthy()
    expect(unknown!.querySelector('caption')!.textContent).toContain('some_future_journal')
  })
})
