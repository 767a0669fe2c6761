import { cleanup, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderInSession } from '../testing/render-in-session'
import { CardTile, type Card } from './card-tile'

/**
 * The walk's defect 7: a physical card read "Active" while it was only ordered, five days from arriving. Its badge
 * now follows the card to the holder's hand: "Arriving <date>" on the way, "Not activated" once delivered,
 * "Active" once activated; a virtual card is active at once.
 */
const userId = '20000000-0000-4000-8000-000000000001'
const session = {
  user: { id: userId, email: 'personal@demo.cash', name: 'Paula Pereira', platformRole: 'user' },
  memberships: [],
  csrfToken: 'csrf',
}

beforeEach(() => {
  vi.stubGlobal('fetch', async (url: string) => {
    const body = url.endsWith('/auth/session') ? session : { items: [], nextCursor: null }
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
  })
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const ETA = '2026-12-01T12:00:00.000Z'
function physical(status: 'ordered' | 'shipped' | 'delivered' | 'activated'): Card {
  const at = (reached: boolean) => (reached ? '2026-11-27T12:00:00.000Z' : null)
  return {
    id: '30000000-0000-4000-8000-000000000009',
    accountId: '10000000-0000-4000-8000-000000000001',
    cardholderUserId: userId,
    kind: 'physical',
    status: 'active',
    statusReason: null,
    statusReasonKey: null,
    last4: '7788',
    expiry: '11/30',
    nameOnCard: 'PAULA PEREIRA',
    limits: { perPurchase: null, daily: null, monthly: null },
    shipping: {
      status,
      eta: ETA,
      city: 'São Paulo',
      country: 'BR',
      shippedAt: at(status !== 'ordered'),
      deliveredAt: at(status === 'delivered' || status === 'activated'),
      activatedAt: at(status === 'activated'),
    },
    orderFee: '0',
  }
}

const badge = (card: Card, locale: 'en-US' | 'pt-BR' = 'en-US') => {
  renderInSession(
    <CardTile card={card} accountId={card.accountId} userId={userId} corporate={false} onChange={() => {}} />,
    locale,
  )
  const text = screen.getByTestId(`cards.status-${card.last4}`).textContent
  cleanup()
  return text
}

describe('a physical card’s status badge', () => {
  it('says when it arrives while ordered or shipped, never "Active"', () => {
    expect(badge(physical('ordered'))).toBe('Arriving Dec 1, 2026')
    expect(badge(physical('shipped'))).toBe('Arriving Dec 1, 2026')
    expect(badge(physical('ordered'), 'pt-BR')).toBe('Chega em 1 de dez. de 2026')
  })

  it('says "Not activated" once delivered, and "Active" only once activated', () => {
    expect(badge(physical('delivered'))).toBe('Not activated')
    expect(badge(physical('activated'))).toBe('Active')
  })

  it('a virtual card, or a frozen physical one, shows its own status', () => {
    expect(badge({ ...physical('ordered'), kind: 'virtual', shipping: null })).toBe('Active')
    expect(badge({ ...physical('shipped'), status: 'frozen' })).toBe('Frozen')
  })
})

describe('why a card is frozen', () => {
  const reasonShown = (card: Card, locale: 'en-US' | 'pt-BR') => {
    renderInSession(
      <CardTile card={card} accountId={card.accountId} userId={userId} corporate={false} onChange={() => {}} />,
      locale,
    )
    const text = screen.getByTestId(`cards.status-reason-${card.last4}`).textContent
    cleanup()
    return text
  }

  it('is worded in the page’s language from its key, the company’s name as written', () => {
    const card: Card = {
      ...physical('activated'),
      status: 'frozen',
      statusReason: 'Frozen: the cardholder left Acme Labs Ltd',
      statusReasonKey: { key: 'left_company', company: 'Acme Labs Ltd' },
    }
    expect(reasonShown(card, 'pt-BR')).toBe('Congelado: o titular saiu da empresa Acme Labs Ltd')
    expect(reasonShown(card, 'en-US')).toBe('Frozen: the cardholder left Acme Labs Ltd')
    const byYou: Card = {
      ...card,
      statusReason: 'Frozen by you.',
      statusReasonKey: { key: 'by_you', status: 'frozen' },
    }
    expect(reasonShown(byYou, 'pt-BR')).toBe('Congelado por você.')
  })
})

describe('a card whose holder left the company', () => {
  it('offers its manager Cancel alone: no Unfreeze the server would refuse', () => {
    const frozen = (statusReasonKey: Card['statusReasonKey']): Card => ({
      ...physical('activated'),
      kind: 'virtual',
      shipping: null,
      cardholderUserId: '20000000-0000-4000-8000-000000000099',
      status: 'frozen',
      statusReasonKey,
    })
    const buttons = (card: Card) => {
      renderInSession(
        <CardTile card={card} accountId={card.accountId} userId={userId} corporate onChange={() => {}} />,
        'en-US',
      )
      const names = screen.getAllByRole('button').map((b) => b.textContent)
      cleanup()
      return names
    }
    expect(buttons(frozen({ key: 'by_you', status: 'frozen' }))).toContain('Unfreeze card')
    const left = buttons(frozen({ key: 'left_company', company: 'Acme Labs Ltd' }))
    expect(left).toEqual(['Cancel card'])
  })
})
