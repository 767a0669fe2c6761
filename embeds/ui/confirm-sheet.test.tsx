import { cleanup, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderInSession } from '../testing/render-in-session'
import { ConfirmSheet } from './confirm-sheet'

const session = {
  user: { id: '20000000-0000-4000-8000-000000000001', email: 'p@demo.cash', name: 'Paula', platformRole: 'user' },
  memberships: [],
  csrfToken: 'csrf',
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    async () => new Response(JSON.stringify(session), { headers: { 'content-type': 'application/json' } }),
  )
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('the confirm sheet', () => {
  it('sets amounts as figures and only an address in the monospace face', () => {
    const address = '0xFe8e7eA5826351f1d9A42fc398a2B5748071414e'
    renderInSession(
      <ConfirmSheet
        title="Withdraw"
        asset="USDC"
        total="10.5"
        detail="10.50 USDC"
        lines={[
          { label: 'To', value: address, code: true },
          { label: 'Amount', value: '$10.00' },
          { label: 'Total', value: '$10.50' },
        ]}
        onBack={() => undefined}
        onSend={async () => undefined}
      />,
    )
    expect(screen.getByText(address).className).toBe('cash-mono')
    for (const amount of ['$10.00', '$10.50']) expect(screen.getByText(amount).className).toBe('cash-value')
  })
})
