import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderView } from '../testing/render-view'
import { type BridgeTransfer, OnTheWayNotFound, OnTheWayView } from './on-the-way-view'

const transfer: BridgeTransfer = {
  bridge: 'stargate',
  sourceChain: 'Arbitrum',
  sourceToken: 'USDC',
  sourceTxHash: `0x${'cd'.repeat(32)}`,
  destinationTxHash: null,
  asset: 'USDC',
  receive: '1234.56',
  fee: '0.5',
  status: 'in_flight',
  failureReason: null,
  etaAt: '2026-11-26T10:05:00.000Z',
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T10:01:00.000Z',
}

describe('OnTheWayView', () => {
  it('in flight: what arrives, the route, the time left, and no destination hash yet', () => {
    renderView(<OnTheWayView transfer={transfer} secondsLeft={125} />)
    expect(screen.getByText('$1,234.56')).toBeTruthy()
    expect(screen.getByText('USDC from Arbitrum via Stargate')).toBeTruthy()
    expect(screen.getByText('About 2:05 left.')).toBeTruthy()
    expect(screen.getByText('Not yet')).toBeTruthy()
  })

  it('at zero says any moment; delivered says so and shows the Scroll hash', () => {
    const { unmount } = renderView(<OnTheWayView transfer={transfer} secondsLeft={0} />)
    expect(screen.getByText('Arriving any moment.')).toBeTruthy()
    unmount()
    const hash = `0x${'ef'.repeat(32)}`
    renderView(
      <OnTheWayView transfer={{ ...transfer, status: 'delivered', destinationTxHash: hash }} secondsLeft={0} />,
    )
    expect(screen.getByText('Delivered and credited to your account.')).toBeTruthy()
    expect(screen.getByText(hash)).toBeTruthy()
    expect(screen.queryByText('Arriving any moment.')).toBeNull()
  })

  it('failed: the reason and that nothing was taken', () => {
    renderView(
      <OnTheWayView
        transfer={{
          ...transfer,
          status: 'failed',
          failureReason: { key: 'note', text: 'The source transaction reverted.' },
        }}
        secondsLeft={0}
      />,
    )
    expect(
      screen.getByText(
        'This transfer failed: The source transaction reverted. Nothing was taken from your Cash account.',
      ),
    ).toBeTruthy()
  })

  it('in Portuguese, and the not-found card links back to top up', () => {
    renderView(
      <>
        <OnTheWayView transfer={transfer} secondsLeft={125} />
        <OnTheWayNotFound />
      </>,
      'pt-BR',
    )
    expect(screen.getByText('US$\u00a01.234,56', { normalizer: (text) => text })).toBeTruthy()
    expect(screen.getByText('USDC da Arbitrum via Stargate')).toBeTruthy()
    expect(screen.getByText('Faltam cerca de 2:05.')).toBeTruthy()
    expect(screen.getByTestId('on-the-way.not-found').textContent).toContain('Transferência não encontrada')
    expect(screen.getByRole('link', { name: 'Adicionar dinheiro' }).getAttribute('href')).toBe('/app/cash/top-up')
  })
})
