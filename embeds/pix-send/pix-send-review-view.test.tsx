import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderView } from '../testing/render-view'
import { pixPayment as payment } from '../testing/pix-payment'
import { PixSendReviewView } from './pix-send-review-view'

describe('PixSendReviewView', () => {
  it('shows who gets paid, the key, the amount in reais and how long the rate holds, then the sheet', () => {
    renderView(<PixSendReviewView payment={payment} secondsLeft={599} confirm={<p data-testid="sheet" />} />)
    const recipient = screen.getByTestId('pix-send.recipient')
    expect(recipient.textContent).toContain('Maria Souza, São Paulo')
    expect(recipient.textContent).toContain('maria@exemplo.com.br')
    expect(recipient.textContent).toContain('R$1,234.56')
    expect(screen.getByRole('timer').textContent).toBe('Rate locked for 9:59')
    expect(screen.getByTestId('sheet')).toBeTruthy()
    expect(screen.queryByText('Sandbox')).toBeNull()
  })

  it('marks a recipient made up by the sandbox, and a code without a key shows no key', () => {
    renderView(
      <PixSendReviewView
        payment={{ ...payment, recipientSandbox: true, key: null, source: 'code' }}
        secondsLeft={60}
        confirm={null}
      />,
    )
    expect(screen.getByText('Sandbox')).toBeTruthy()
    expect(screen.queryByText('maria@exemplo.com.br')).toBeNull()
  })

  it('in Portuguese: R$ 1.234,56 with its no-break space', () => {
    renderView(<PixSendReviewView payment={payment} secondsLeft={599} confirm={null} />, 'pt-BR')
    expect(screen.getByRole('region', { name: 'Destinatário' }).textContent).toContain('R$\u00a01.234,56')
    expect(screen.getByRole('timer').textContent).toBe('Câmbio garantido por 9:59')
  })
})
