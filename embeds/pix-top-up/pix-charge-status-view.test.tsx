import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderView } from '../testing/render-view'
import { type PixCharge, PixChargeStatusView } from './pix-charge-status-view'

const charge: PixCharge = {
  id: '80000000-0000-4000-8000-000000000001',
  txid: 'cashpix0001',
  brlAmount: '1234.56',
  creditUsdc: '220',
  feeUsdc: '2.22',
  rate: '0.18',
  brCode: '00020126580014br.gov.bcb.pix0136cashpix0001520400005303986540712345.565802BR6304ABCD',
  status: 'pending',
  expiresAt: '2026-11-26T10:10:00.000Z',
  paidAt: null,
}

describe('PixChargeStatusView', () => {
  it('pending: what to pay, what arrives, the code and how long it is valid', () => {
    renderView(<PixChargeStatusView charge={charge} secondsLeft={540} onRestart={() => undefined} />)
    expect(screen.getByText('Pay R$1,234.56 with PIX from your bank; $220.00 arrives in Cash.')).toBeTruthy()
    expect(screen.getByTestId('pix.br-code').textContent).toBe(charge.brCode)
    expect(screen.getByRole('timer').textContent).toBe('Rate and code valid for 9:00')
  })

  it('paid: the credit and the way home', () => {
    renderView(
      <PixChargeStatusView
        charge={{ ...charge, status: 'paid', paidAt: '2026-11-26T10:02:00.000Z' }}
        secondsLeft={400}
        onRestart={() => undefined}
      />,
    )
    expect(screen.getByRole('status').textContent).toContain('$220.00 was credited to your account.')
    expect(screen.queryByTestId('pix.br-code')).toBeNull()
  })

  it('expired at zero, before the server says so, and a new code calls back', () => {
    const onRestart = vi.fn()
    renderView(<PixChargeStatusView charge={charge} secondsLeft={0} onRestart={onRestart} />)
    expect(screen.getByRole('heading', { name: 'This code expired' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Create a new code' }))
    expect(onRestart).toHaveBeenCalledTimes(1)
  })

  it('in Portuguese', () => {
    renderView(<PixChargeStatusView charge={charge} secondsLeft={540} onRestart={() => undefined} />, 'pt-BR')
    expect(screen.getByRole('region', { name: 'Código PIX para pagar' }).textContent).toContain(
      'Pague R$\u00a01.234,56 com PIX no seu banco; US$\u00a0220,00 chegam no Cash.',
    )
    expect(screen.getByRole('timer').textContent).toBe('Câmbio e código válidos por 9:00')
  })
})
