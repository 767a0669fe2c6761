import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { amountInputOf, renderView } from '../testing/render-view'
import { type PixQuote, PixTopUpFormView } from './pix-top-up-form-view'

const quote: PixQuote = {
  brlAmount: '1234.56',
  rate: '0.18',
  grossUsdc: '222.22',
  feeUsdc: '2.22',
  creditUsdc: '220',
  lockSeconds: 600,
}
const props = {
  amount: amountInputOf('1234.56', '1234.56'),
  amountError: undefined,
  quote,
  busy: false,
  error: null,
  onSubmit: () => undefined,
}

describe('PixTopUpFormView', () => {
  it('shows the limits, the quote (rate, fee, what arrives) and creates the code on submit', () => {
    const onSubmit = vi.fn()
    renderView(<PixTopUpFormView {...props} onSubmit={onSubmit} />)
    expect(screen.getByText('From R$10.00 to R$50,000.00 a day.')).toBeTruthy()
    const dl = screen.getByTestId('pix.quote')
    expect(dl.textContent).toContain('RateR$1.00 = $0.18')
    expect(dl.textContent).toContain('Fee (1%)$2.22')
    expect(dl.textContent).toContain('You receive$220.00')
    fireEvent.click(screen.getByRole('button', { name: 'Create PIX code' }))
    expect(onSubmit).toHaveBeenCalledTimes(1)
  })

  it('a form-level refusal is announced and the button waits while creating', () => {
    renderView(<PixTopUpFormView {...props} busy error="Daily PIX limit reached." />)
    expect(screen.getByRole('alert').textContent).toBe('Daily PIX limit reached.')
    expect((screen.getByRole('button', { name: 'Creating…' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('in Portuguese: limits and quote in reais the Brazilian way, a refusal at the amount field', () => {
    renderView(
      <PixTopUpFormView
        {...props}
        amount={amountInputOf('5', '5')}
        quote={null}
        amountError="O valor mínimo é R$ 10,00."
      />,
      'pt-BR',
    )
    expect(screen.getByText('De R$ 10,00 a R$ 50.000,00 por dia.').textContent).toBe(
      'De R$\u00a010,00 a R$\u00a050.000,00 por dia.',
    )
    const field = screen.getByLabelText('Valor em reais')
    expect(field.getAttribute('aria-describedby')).toContain(screen.getByRole('alert').id)
    expect(screen.queryByTestId('pix.quote')).toBeNull()
  })

  it('in Portuguese, the quote', () => {
    renderView(<PixTopUpFormView {...props} />, 'pt-BR')
    expect(screen.getByTestId('pix.quote').textContent).toContain('CâmbioR$\u00a01,00 = US$\u00a00,18')
    expect(screen.getByTestId('pix.quote').textContent).toContain('Você recebeUS$\u00a0220,00')
  })
})
