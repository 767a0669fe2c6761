import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderView } from '../testing/render-view'
import { WithdrawHubView } from './withdraw-hub-view'

describe('WithdrawHubView', () => {
  it('offers every way out, each to its page', () => {
    renderView(<WithdrawHubView />)
    const links = screen.getAllByRole('link').map((a) => a.getAttribute('href'))
    expect(links).toEqual([
      '/app/cash/withdraw/crypto',
      '/app/cash/pix/send',
      '/app/cash/bank/send',
      '/app/cash/withdraw/crypto/status',
    ])
    expect(screen.getByRole('link', { name: /Withdraw crypto/ })).toBeTruthy()
  })

  it('in Portuguese', () => {
    renderView(<WithdrawHubView />, 'pt-BR')
    expect(screen.getByRole('link', { name: /Sacar cripto/ })).toBeTruthy()
    expect(screen.getByRole('link', { name: /Pagar com PIX/ })).toBeTruthy()
  })
})
