import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ACCOUNT_IDS, demoSafeAddress } from '../../fixtures/personas'
import { amountInputOf, renderView } from '../testing/render-view'
import { SendFromWalletView } from './send-from-wallet-view'
import type { DepositAddress } from './share-address-view'

const info: DepositAddress = {
  address: demoSafeAddress(ACCOUNT_IDS.personal),
  network: 'Scroll',
  chainId: 534352,
  tokens: [
    { asset: 'USDC', contract: '0x06eFdBFf2a14a7c8E15944D1F4A48F9F95F663A4' },
    { asset: 'ETH', contract: null },
  ],
  requiredConfirmations: 12,
}

describe('SendFromWalletView', () => {
  it('without an amount shows the fee and no payment request', () => {
    renderView(
      <SendFromWalletView info={info} asset="USDC" onAsset={() => undefined} amount={amountInputOf('', null)} />,
    )
    expect(screen.getByText(/Network fee, paid by your wallet: about 0\.000003 ETH/)).toBeTruthy()
    expect(screen.queryByRole('region', { name: 'Payment request for your wallet' })).toBeNull()
  })

  it('with an amount draws the request to the safe, the amount formatted, and an EIP-681 link', () => {
    renderView(
      <SendFromWalletView info={info} asset="USDC" onAsset={() => undefined} amount={amountInputOf('250', '250')} />,
    )
    const request = screen.getByRole('region', { name: 'Payment request for your wallet' })
    expect(request.textContent).toContain('Scan with your wallet to send $250.00 on Scroll to:')
    expect(request.textContent).toContain(info.address)
    expect(screen.getByRole('link', { name: 'Open in wallet' }).getAttribute('href')).toMatch(/^ethereum:/)
  })

  it('choosing another asset calls back with it', () => {
    const onAsset = vi.fn()
    renderView(<SendFromWalletView info={info} asset="USDC" onAsset={onAsset} amount={amountInputOf('', null)} />)
    fireEvent.change(screen.getByLabelText('Asset'), { target: { value: 'ETH' } })
    expect(onAsset).toHaveBeenCalledWith('ETH')
  })

  it('in Portuguese: the amount the Brazilian way', () => {
    renderView(
      <SendFromWalletView
        info={info}
        asset="USDC"
        onAsset={() => undefined}
        amount={amountInputOf('1.234,56', '1234.56')}
      />,
      'pt-BR',
    )
    const request = screen.getByRole('region', { name: 'Pedido de pagamento para sua carteira' })
    expect(request.textContent).toContain('Leia com sua carteira para enviar US$\u00a01.234,56 pela Scroll para:')
  })

  it('in Portuguese: a text that is not an amount shows why at the amount field, and no request', () => {
    renderView(
      <SendFromWalletView
        info={info}
        asset="USDC"
        onAsset={() => undefined}
        amount={amountInputOf('doze', null, 'Digite um valor.')}
      />,
      'pt-BR',
    )
    const field = screen.getByLabelText('Valor')
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(field.getAttribute('aria-describedby')).toContain(screen.getByRole('alert').id)
    expect(screen.getByRole('alert').textContent).toBe('Digite um valor.')
    expect(screen.queryByRole('region')).toBeNull()
  })
})
