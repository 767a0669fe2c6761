import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ACCOUNT_IDS, demoSafeAddress } from '../../fixtures/personas'
import { amountInputOf, renderView } from '../testing/render-view'
import { CryptoWithdrawView, type WithdrawalQuote } from './crypto-withdraw-view'

const to = demoSafeAddress(ACCOUNT_IDS.borrower)
const quote: WithdrawalQuote = {
  asset: 'USDC',
  amount: '1234.56',
  fee: '0.12',
  total: '1234.68',
  feeUsd: '0.12',
  address: to,
  network: 'Scroll',
  delaySeconds: 60,
  arrivalSeconds: 90,
}
const props = {
  asset: 'USDC' as const,
  onAsset: () => undefined,
  amount: amountInputOf('1234.56', '1234.56'),
  amountError: undefined,
  address: to,
  onAddress: () => undefined,
  addressError: undefined,
  quote,
  onReview: () => undefined,
}

describe('CryptoWithdrawView', () => {
  it('shows the quote (fee, total, arrival) and Review asks for the review', () => {
    const onReview = vi.fn()
    renderView(<CryptoWithdrawView {...props} onReview={onReview} />)
    const dl = screen.getByTestId('withdraw.quote')
    expect(dl.textContent).toContain('Network fee$0.12')
    expect(dl.textContent).toContain('Total taken from your account$1,234.68')
    expect(dl.textContent).toContain('Arrives in about90 s')
    fireEvent.click(screen.getByRole('button', { name: 'Review' }))
    expect(onReview).toHaveBeenCalledTimes(1)
  })

  it('without a quote, Review is disabled and a refused address shows at its field', () => {
    renderView(
      <CryptoWithdrawView
        {...props}
        quote={null}
        address="0x123"
        addressError="An address is 0x followed by 40 hexadecimal characters."
      />,
    )
    expect((screen.getByRole('button', { name: 'Review' }) as HTMLButtonElement).disabled).toBe(true)
    const field = screen.getByLabelText('Destination address')
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(field.getAttribute('aria-describedby')).toContain(screen.getByRole('alert').id)
    expect(screen.getByLabelText('Amount').getAttribute('aria-invalid')).toBeNull()
  })

  it('typing an address and choosing an asset call back', () => {
    const onAddress = vi.fn()
    const onAsset = vi.fn()
    renderView(<CryptoWithdrawView {...props} address="" onAddress={onAddress} onAsset={onAsset} />)
    fireEvent.change(screen.getByLabelText('Destination address'), { target: { value: to } })
    fireEvent.change(screen.getByLabelText('Asset'), { target: { value: 'weETH' } })
    expect(onAddress).toHaveBeenCalledWith(to)
    expect(onAsset).toHaveBeenCalledWith('weETH')
  })

  it('in Portuguese: the amounts the Brazilian way and an amount refusal at the amount field', () => {
    renderView(
      <CryptoWithdrawView {...props} amountError="Saldo insuficiente." amount={amountInputOf('1.234,56', '1234.56')} />,
      'pt-BR',
    )
    expect(screen.getByTestId('withdraw.quote').textContent).toContain('Total debitado da sua contaUS$\u00a01.234,68')
    expect(screen.getByLabelText('Valor').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByRole('alert').textContent).toBe('Saldo insuficiente.')
    expect(screen.getByRole('button', { name: 'Revisar' })).toBeTruthy()
  })
})
