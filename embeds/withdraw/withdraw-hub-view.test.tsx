import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { formatBps } from '../../domain/money'
import { BANK_SEND } from '../../domain/money-out'
import { renderView } from '../testing/render-view'
import { WithdrawHubView } from './withdraw-hub-view'

describe('WithdrawHubView', () => {
  // The Portuguese renders set the document's language; the next file in this worker expects it back.
  const lang = document.documentElement.lang
  afterEach(() => {
    document.documentElement.lang = lang
  })

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

  it('states the bank fee from the rule that charges it, in each language’s percentage', () => {
    const view = renderView(<WithdrawHubView />)
    const bank = (name: RegExp) => screen.getByRole('link', { name }).querySelector('.cash-muted')!.textContent
    expect(bank(/^Send to a bank/)).toBe(`USD by ACH, EUR by SEPA (${formatBps(BANK_SEND.feeBps)} fee).`)
    view.unmount()
    renderView(<WithdrawHubView />, 'pt-BR')
    expect(bank(/^Enviar para um banco/)).toBe(
      `USD por ACH, EUR por SEPA (taxa de ${formatBps(BANK_SEND.feeBps, 'pt-BR')}).`,
    )
  })

  it('with no provider connected, offers only the withdrawal status; each rail says it is not available yet', () => {
    renderView(<WithdrawHubView connected={[]} />)
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/app/cash/withdraw/crypto/status'])
    const off = screen.getAllByText('Not available yet').map((s) => s.closest('[aria-disabled="true"]'))
    expect(off.map((row) => row?.querySelector('strong')?.textContent)).toEqual([
      'Withdraw crypto',
      'Pay with PIX',
      'Send to a bank',
    ])
  })

  it('with no provider connected, in Portuguese: “Ainda não disponível” on each rail', () => {
    renderView(<WithdrawHubView connected={[]} />, 'pt-BR')
    expect(screen.getAllByText('Ainda não disponível')).toHaveLength(3)
    expect(screen.queryByRole('link', { name: /Pagar com PIX/ })).toBeNull()
    expect(screen.getByRole('link', { name: /Status do saque/ })).toBeTruthy()
  })

  it('with PIX alone connected, offers PIX and marks the chain and the bank', () => {
    renderView(<WithdrawHubView connected={['pix']} />)
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '/app/cash/pix/send',
      '/app/cash/withdraw/crypto/status',
    ])
  })
})
