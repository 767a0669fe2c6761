import { fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { formatBps } from '../../domain/money'
import { BANK_RECEIVE, PIX_TOP_UP } from '../../domain/money-in'
import { ApiError } from '../lib/api-client'
import { renderView } from '../testing/render-view'
import { type Incoming, TopUpHubView } from './top-up-hub-view'

const incoming: Incoming = {
  deposits: [
    {
      txHash: `0x${'ab'.repeat(32)}`,
      asset: 'USDC',
      amount: '1234.56',
      from: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      confirmations: 3,
      requiredConfirmations: 12,
      status: 'pending',
      createdAt: '2026-11-26T10:00:00.000Z',
    },
  ],
  bridges: [
    {
      bridge: 'stargate',
      sourceChain: 'Arbitrum',
      sourceToken: 'USDC',
      sourceTxHash: `0x${'cd'.repeat(32)}`,
      destinationTxHash: null,
      asset: 'USDC',
      receive: '499.5',
      fee: '0.5',
      status: 'in_flight',
      failureReason: null,
      etaAt: '2026-11-26T10:05:00.000Z',
      createdAt: '2026-11-26T10:00:00.000Z',
      updatedAt: '2026-11-26T10:01:00.000Z',
    },
  ],
}

describe('TopUpHubView', () => {
  // The Portuguese renders set the document's language; the next file in this worker expects it back.
  let lang = ''
  beforeEach(() => {
    lang = document.documentElement.lang
  })
  afterEach(() => {
    document.documentElement.lang = lang
  })

  it('lists every way in and what is arriving, amounts formatted, with confirmations counted', () => {
    renderView(<TopUpHubView incoming={{ status: 'ready', data: incoming }} />)
    expect(screen.getByRole('link', { name: /Deposit crypto/ }).getAttribute('href')).toBe(
      '/app/cash/top-up/share-address',
    )
    const list = screen.getByTestId('top-up.incoming')
    const [deposit, bridge] = within(list).getAllByRole('listitem')
    expect(deposit!.textContent).toContain('$1,234.56')
    expect(deposit!.textContent).toContain('3 of 12 confirmations')
    expect(within(bridge!).getByRole('link').textContent).toBe('$499.50 · Arbitrum')
    expect(bridge!.textContent).toContain('In flight')
  })

  it('says nothing is on the way when both lists are empty', () => {
    renderView(<TopUpHubView incoming={{ status: 'ready', data: { deposits: [], bridges: [] } }} />)
    expect(screen.getByText('Nothing on the way right now.')).toBeTruthy()
    expect(screen.queryByTestId('top-up.incoming')).toBeNull()
  })

  it('shows a failed load with a retry that asks again', () => {
    const reload = vi.fn()
    renderView(
      <TopUpHubView incoming={{ status: 'error', error: new ApiError(503, 'unavailable', 'Try later.'), reload }} />,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('in Portuguese: reais-style amounts and the confirmations in Portuguese', () => {
    renderView(<TopUpHubView incoming={{ status: 'ready', data: incoming }} />, 'pt-BR')
    const [deposit] = within(screen.getByTestId('top-up.incoming')).getAllByRole('listitem')
    expect(deposit!.textContent).toContain('US$\u00a01.234,56')
    expect(deposit!.textContent).toContain('3 de 12 confirmações')
    expect(screen.getByRole('heading', { name: 'A caminho' })).toBeTruthy()
  })

  it('states the PIX and bank fees from the rules that charge them, as each language writes a percentage', () => {
    const line = (name: RegExp) => screen.getByRole('link', { name }).querySelector('.cash-muted')!.textContent
    const view = renderView(<TopUpHubView incoming={{ status: 'ready', data: incoming }} />)
    expect(line(/^PIX/)).toBe(`Pay a PIX code in reais; it arrives as USDC (${formatBps(PIX_TOP_UP.feeBps)} fee).`)
    expect(line(/^Bank transfer/)).toContain(`(${formatBps(BANK_RECEIVE.feeBps)} fee)`)
    expect(line(/^PIX/)).not.toMatch(/\d\s%/)
    view.unmount()
    renderView(<TopUpHubView incoming={{ status: 'ready', data: incoming }} />, 'pt-BR')
    expect(line(/^PIX/)).toContain(`(taxa de ${formatBps(PIX_TOP_UP.feeBps, 'pt-BR')})`)
    expect(line(/^Transferência/)).toContain(`(taxa de ${formatBps(BANK_RECEIVE.feeBps, 'pt-BR')})`)
  })
})
