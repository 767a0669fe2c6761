import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { amountInputOf, renderView } from '../testing/render-view'
import { PixSendFormView } from './pix-send-form-view'

const props = {
  destination: '',
  onDestination: () => undefined,
  destinationError: undefined,
  canScan: false,
  onScan: () => undefined,
  amount: amountInputOf('', null),
  amountError: undefined,
  error: null,
  busy: false,
  onSubmit: () => undefined,
}

describe('PixSendFormView', () => {
  it('without a scanner hints at pasting, and Continue submits', () => {
    const onSubmit = vi.fn()
    renderView(<PixSendFormView {...props} onSubmit={onSubmit} />)
    expect(screen.getByText(/or paste a PIX code \(Pix Copia e Cola\)/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Scan a PIX code' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(onSubmit).toHaveBeenCalledTimes(1)
  })

  it('with a host that scans, offers Scan; typing a key calls back', () => {
    const onScan = vi.fn()
    const onDestination = vi.fn()
    renderView(<PixSendFormView {...props} canScan onScan={onScan} onDestination={onDestination} />)
    fireEvent.click(screen.getByRole('button', { name: 'Scan a PIX code' }))
    fireEvent.change(screen.getByLabelText('PIX key or code'), { target: { value: 'paula@demo.cash' } })
    expect(onScan).toHaveBeenCalledTimes(1)
    expect(onDestination).toHaveBeenCalledWith('paula@demo.cash')
  })

  it('while checking, the button says so and is disabled', () => {
    renderView(<PixSendFormView {...props} busy />)
    expect((screen.getByRole('button', { name: 'Checking…' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('in Portuguese: a missing key shows at its field and a refused amount at the amount', () => {
    renderView(
      <PixSendFormView
        {...props}
        destinationError="Digite uma chave PIX ou cole um código PIX."
        amount={amountInputOf('0,00', null)}
        amountError="O valor deve ser maior que zero."
      />,
      'pt-BR',
    )
    const key = screen.getByLabelText('Chave ou código PIX')
    const amount = screen.getByLabelText('Valor em reais')
    const [keyError, amountError] = screen.getAllByRole('alert')
    expect(keyError!.textContent).toBe('Digite uma chave PIX ou cole um código PIX.')
    expect(key.getAttribute('aria-describedby')).toContain(keyError!.id)
    expect(amountError!.textContent).toBe('O valor deve ser maior que zero.')
    expect(amount.getAttribute('aria-describedby')).toContain(amountError!.id)
    expect(screen.getByRole('button', { name: 'Continuar' })).toBeTruthy()
  })
})
