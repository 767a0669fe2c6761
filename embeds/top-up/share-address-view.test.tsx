import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ACCOUNT_IDS, demoSafeAddress } from '../../fixtures/personas'
import { renderView } from '../testing/render-view'
import { type DepositAddress, ShareAddressView } from './share-address-view'

const depositAddress: DepositAddress = {
  address: demoSafeAddress(ACCOUNT_IDS.personal),
  network: 'Scroll',
  chainId: 534352,
  tokens: [
    { asset: 'USDC', contract: '0x06eFdBFf2a14a7c8E15944D1F4A48F9F95F663A4' },
    { asset: 'ETH', contract: null },
  ],
  requiredConfirmations: 12,
}

describe('ShareAddressView', () => {
  it('shows the safe address, its network, tokens, confirmations and the warning', () => {
    renderView(<ShareAddressView info={depositAddress} onShare={() => undefined} />)
    expect(screen.getByTestId('top-up.address').textContent).toBe(depositAddress.address)
    expect(screen.getByText('Network: Scroll (chain id 534352)')).toBeTruthy()
    expect(screen.getByText('Accepted tokens: USDC, ETH')).toBeTruthy()
    expect(screen.getByText('Deposits are credited after 12 confirmations.')).toBeTruthy()
    expect(screen.getByRole('note').textContent).toContain('Send only on Scroll.')
  })

  it('Share calls back', () => {
    const onShare = vi.fn()
    renderView(<ShareAddressView info={depositAddress} onShare={onShare} />)
    fireEvent.click(screen.getByRole('button', { name: 'Share' }))
    expect(onShare).toHaveBeenCalledTimes(1)
  })

  it('in Portuguese', () => {
    renderView(<ShareAddressView info={depositAddress} onShare={() => undefined} />, 'pt-BR')
    expect(screen.getByText('Rede: Scroll (chain id 534352)')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Compartilhar' })).toBeTruthy()
    expect(screen.getByRole('note').textContent).toContain('Envie apenas pela Scroll.')
  })
})
