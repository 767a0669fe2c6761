import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { BalancesResponse } from '../../domain/api/account.schema'
import type { HistoryResponse } from '../../domain/api/money-out.schema'
import { I18nProvider } from '../lib/i18n'
import { HomeView } from './home-view'

const balances = (over: Partial<BalancesResponse> = {}): BalancesResponse => ({
  accountId: '10000000-0000-4000-8000-000000000001',
  accountName: 'Paula Pereira',
  accountKind: 'personal',
  mode: 'direct_pay',
  safeAddress: null,
  balances: [
    { asset: 'USDC', balance: '2500', available: '2400', usdValue: '2500' },
    { asset: 'USDT', balance: '0', available: '0', usdValue: '0' },
    { asset: 'ETH', balance: '0', available: '0', usdValue: '0' },
    { asset: 'weETH', balance: '1.2', available: '1.2', usdValue: '3780' },
  ],
  spendable: '2400',
  limitedBy: 'capacity',
  dailyLimit: '10000',
  dailyLeft: '10000',
  monthlyLimit: '50000',
  monthlyLeft: '50000',
  debt: '0',
  borrowLimit: '4329',
  pendingHolds: '100',
  health: null,
  pendingModeChange: null,
  ...over,
})
const activity: HistoryResponse = {
  items: [
    {
      type: 'card',
      id: '30000000-0000-4000-8000-000000000001',
      title: { key: 'merchant', merchant: 'Café' },
      status: 'pending',
      asset: 'USDC',
      amount: '-4.5',
      createdAt: '2026-11-21T12:00:00.000Z',
      reason: null,
    },
    {
      type: 'card',
      id: '30000000-0000-4000-8000-000000000002',
      title: { key: 'merchant', merchant: 'Casino' },
      status: 'declined',
      asset: 'USDC',
      amount: '-90',
      createdAt: '2026-11-21T11:00:00.000Z',
      reason: { key: 'decline', code: 'card_frozen' },
    },
  ],
  nextCursor: null,
}

const renderIn = (locale: 'en-US' | 'pt-BR', b: BalancesResponse) =>
  render(
    <I18nProvider locale={locale}>
      <HomeView balances={b} activity={activity} />
    </I18nProvider>,
  )

describe('HomeView', () => {
  it(
    'leads with spendable, shows held assets only, ' + 'and what is on hold (the asset named on its row either way)',
    () => {
      renderIn('en-US', balances())
      expect(within(screen.getByRole('region', { name: 'Spendable' })).getByText('$2,400.00')).toBeTruthy()
      const list = within(screen.getByRole('region', { name: 'Balances' })).getAllByRole('listitem')
      expect(list.map((li) => li.textContent)).toEqual([
        'USD CoinUSDC · $2,400.00 available$2,500.00',
        'Wrapped eETHweETH1.2 weETH≈ $3,780.00',
      ])
      expect(screen.getByText('-$4.50')).toBeTruthy()
    },
  )

  it('lists recent activity from history: state, the decline’s reason, and a link to each movement', () => {
    renderIn('en-US', balances())
    const region = within(screen.getByRole('region', { name: 'Recent activity' }))
    expect(region.getByRole('link', { name: 'See all' }).getAttribute('href')).toBe('/app/cash/transaction-history')
    const items = within(region.getByRole('list')).getAllByRole('link')
    expect(items[0]?.getAttribute('href')).toBe(
      '/app/cash/transaction-history/card/30000000-0000-4000-8000-000000000001',
    )
    expect(items[0]?.textContent).toContain('Pending')
    expect(items[1]?.textContent).toContain('Declined: this card is frozen. Unfreeze it to pay.')
  })

  it('says when the daily limit is what bounds spendable', () => {
    renderIn('en-US', balances({ spendable: '50', limitedBy: 'daily', dailyLeft: '50', dailyLimit: '500' }))
    expect(screen.getByText('Limited by your daily spending limit ($50.00 left of $500.00).')).toBeTruthy()
  })

  it('shows debt and the borrow limit in Borrow mode', () => {
    renderIn('en-US', balances({ mode: 'borrow', debt: '1200', borrowLimit: '5332.5' }))
    const region = within(screen.getByRole('region', { name: 'Balances' }))
    expect(region.getByText('Borrowed').closest('li')?.textContent).toContain('$1,200.00')
    expect(region.getByText('Borrow limit').closest('li')?.textContent).toContain('$5,332.50')
  })

  it('speaks Brazilian Portuguese with Brazilian number formats', () => {
    renderIn('pt-BR', balances())
    expect(screen.getByRole('region', { name: 'Disponível para gastar' }).textContent).toContain('US$\u00a02.400,00')
  })
})
