import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { pixPayment as payment } from '../testing/pix-payment'
import { renderView } from '../testing/render-view'
import { PixSendDoneView } from './pix-send-done-view'

const paid = { ...payment, status: 'completed' as const, endToEndId: 'E12345678202611261000abcdef012345' }

describe('PixSendDoneView', () => {
  it('says it is paid: reais to whom, the USDC taken, the end-to-end id and the way home', () => {
    renderView(<PixSendDoneView payment={paid} />)
    const done = screen.getByRole('status')
    expect(done.textContent).toContain('R$1,234.56 paid to Maria Souza; $224.44 taken from your account.')
    expect(done.textContent).toContain(paid.endToEndId)
    expect(screen.getByRole('link', { name: 'Go to home' }).getAttribute('href')).toBe('/app/cash')
  })

  it('in Portuguese', () => {
    renderView(<PixSendDoneView payment={paid} />, 'pt-BR')
    expect(screen.getByRole('heading', { name: 'Pago' })).toBeTruthy()
    expect(screen.getByRole('status').textContent).toContain(
      'R$\u00a01.234,56 pagos a Maria Souza; US$\u00a0224,44 debitados da sua conta.',
    )
  })
})
