import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ACCOUNT_IDS, demoSafeAddress } from '../../fixtures/personas'
import { renderView } from '../testing/render-view'
import { type Withdrawal, WithdrawalStatusView } from './withdrawal-status-view'

const withdrawal: Withdrawal = {
  id: '60000000-0000-4000-8000-000000000001',
  asset: 'USDC',
  amount: '1234.56',
  fee: '0.12',
  total: '1234.68',
  address: demoSafeAddress(ACCOUNT_IDS.borrower),
  status: 'delayed',
  txHash: null,
  failureReason: null,
  releaseAt: '2026-11-26T10:01:00.000Z',
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T10:00:00.000Z',
}

describe('WithdrawalStatusView', () => {
  it('in the security delay: the amount, the total with fee, the time left and Cancel', () => {
    const onCancel = vi.fn()
    renderView(<WithdrawalStatusView withdrawal={withdrawal} secondsLeft={42} onCancel={onCancel} />)
    const status = screen.getByTestId('withdraw.status')
    expect(status.textContent).toContain('$1,234.56')
    expect(screen.getByText('$1,234.68 with the $0.12 network fee')).toBeTruthy()
    expect(screen.getByRole('timer').textContent).toBe('Sends in 0:42. You can still cancel.')
    fireEvent.click(screen.getByRole('button', { name: 'Cancel withdrawal' }))
    expect(onCancel).toHaveBeenCalledTimes(1)
  })

  it("while confirming a cancel, the page's sheet takes Cancel's place", () => {
    renderView(
      <WithdrawalStatusView
        withdrawal={withdrawal}
        secondsLeft={42}
        onCancel={() => undefined}
        cancelSheet={<p data-testid="sheet">sheet</p>}
      />,
    )
    expect(screen.getByTestId('sheet')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Cancel withdrawal' })).toBeNull()
  })

  it('confirmed: says so with its hash, and no timer or Cancel', () => {
    const txHash = `0x${'12'.repeat(32)}`
    renderView(
      <WithdrawalStatusView
        withdrawal={{ ...withdrawal, status: 'confirmed', txHash }}
        secondsLeft={0}
        onCancel={() => undefined}
      />,
    )
    expect(screen.getByText('Confirmed on the network.')).toBeTruthy()
    expect(screen.getByText(txHash)).toBeTruthy()
    expect(screen.queryByRole('timer')).toBeNull()
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('in Portuguese', () => {
    renderView(
      <WithdrawalStatusView
        withdrawal={{ ...withdrawal, status: 'cancelled' }}
        secondsLeft={0}
        onCancel={() => undefined}
      />,
      'pt-BR',
    )
    expect(screen.getByTestId('withdraw.status').textContent).toContain(
      'US$\u00a01.234,68 com a taxa de rede de US$\u00a00,12',
    )
    expect(screen.getByText('Cancelado. O valor voltou ao seu saldo disponível.')).toBeTruthy()
  })
})
