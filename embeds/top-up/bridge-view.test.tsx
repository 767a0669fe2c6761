import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { STARGATE_CHAINS, STARGATE_TOKENS } from '../../domain/money-in'
import { amountInputOf, renderView } from '../testing/render-view'
import { type BridgeQuote, BridgeView } from './bridge-view'

const quote: BridgeQuote = { asset: 'USDC', amount: '1234.56', fee: '1.23', receive: '1233.33', etaSeconds: 170 }
const props = {
  chains: STARGATE_CHAINS,
  chain: STARGATE_CHAINS[0],
  onChain: () => undefined,
  tokens: STARGATE_TOKENS,
  token: STARGATE_TOKENS[0],
  onToken: () => undefined,
  amount: amountInputOf('1234.56', '1234.56'),
  amountError: undefined,
  quote,
  sandbox: false,
  busy: false,
  error: null,
  onSubmit: () => undefined,
}

describe('BridgeView', () => {
  it('shows the quote: the fee, what arrives and about how long', () => {
    renderView(<BridgeView {...props} />)
    const dl = screen.getByTestId('bridge.quote')
    expect(dl.textContent).toContain('Bridge fee$1.23')
    expect(dl.textContent).toContain('You receive$1,233.33')
    expect(dl.textContent).toContain('Arrives in about3 min')
    expect(screen.queryByText(/Sandbox/)).toBeNull()
  })

  it('shows the refusal at the amount field and the sandbox note, and submits', () => {
    const onSubmit = vi.fn()
    renderView(<BridgeView {...props} quote={null} amountError="The minimum is $10.00." sandbox onSubmit={onSubmit} />)
    const field = screen.getByLabelText('Amount')
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByRole('alert').textContent).toBe('The minimum is $10.00.')
    expect(screen.getByText(`Sandbox: the transaction on ${STARGATE_CHAINS[0]} is simulated.`)).toBeTruthy()
    expect(screen.queryByTestId('bridge.quote')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Bridge' }))
    expect(onSubmit).toHaveBeenCalledTimes(1)
  })

  it('while sending, the button says so and is disabled; choosing a chain calls back', () => {
    const onChain = vi.fn()
    renderView(<BridgeView {...props} busy onChain={onChain} />)
    expect((screen.getByRole('button', { name: 'Starting…' }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.change(screen.getByLabelText('From chain'), { target: { value: STARGATE_CHAINS[1] } })
    expect(onChain).toHaveBeenCalledWith(STARGATE_CHAINS[1])
  })

  it('in Portuguese', () => {
    renderView(<BridgeView {...props} />, 'pt-BR')
    const dl = screen.getByTestId('bridge.quote')
    expect(dl.textContent).toContain('Você recebeUS$\u00a01.233,33')
    expect(screen.getByRole('button', { name: 'Enviar pela ponte' })).toBeTruthy()
  })
})
