import { cleanup, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderInSession } from '../testing/render-in-session'
import { HistoryDetailPage } from './history-detail'

const account = '10000000-0000-4000-8000-000000000001'
const id = '60000000-0000-4000-8000-000000000001'
const session = {
  user: { id: '20000000-0000-4000-8000-000000000001', email: 'p@demo.cash', name: 'Paula', platformRole: 'user' },
  memberships: [],
  csrfToken: 'csrf',
}
const purchase = (timeline: { step: string; at: string }[]) => ({
  type: 'card',
  id,
  title: { key: 'merchant', merchant: 'Blue Bottle Coffee' },
  status: timeline.length > 1 && timeline[1]!.step === 'settled' ? 'settled' : 'pending',
  amount: '-4.5',
  asset: 'USDC',
  createdAt: '2026-11-28T19:25:00.000Z',
  reason: null,
  timeline,
  details: {},
  increments: [],
})
let detail: ReturnType<typeof purchase>

beforeEach(() => {
  vi.stubGlobal('fetch', async (url: string) => {
    const body = url.endsWith('/auth/session') ? session : detail
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
  })
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const states = async () =>
  [...(await screen.findByTestId('history.timeline')).querySelectorAll('li')].map((li) => li.dataset.state)

describe('a card purchase’s timeline', () => {
  it('draws a pending hold’s end as still to come, not as a step already done', async () => {
    detail = purchase([
      { step: 'authorized', at: '2026-11-28T19:25:00.000Z' },
      { step: 'hold_ends', at: '2026-12-05T19:25:00.000Z' },
    ])
    renderInSession(<HistoryDetailPage accountId={account} type="card" id={id} />)
    expect(await states()).toEqual(['done', 'todo'])
  })

  it('draws every step of a settled purchase done', async () => {
    detail = purchase([
      { step: 'authorized', at: '2026-11-28T19:25:00.000Z' },
      { step: 'settled', at: '2026-11-29T10:00:00.000Z' },
    ])
    renderInSession(<HistoryDetailPage accountId={account} type="card" id={id} />)
    expect(await states()).toEqual(['done', 'done'])
  })
})
