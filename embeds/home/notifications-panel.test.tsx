import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { NotificationItem } from '../../domain/api/alerts.schema'
import { I18nProvider } from '../lib/i18n'
import { NotificationsList } from './notifications-panel'

const item = (over: Partial<NotificationItem>): NotificationItem => ({
  id: '40000000-0000-4000-8000-000000000001',
  accountId: '10000000-0000-4000-8000-000000000001',
  accountName: 'Paula Pereira',
  kind: 'purchase_above',
  amount: '60',
  threshold: '50',
  merchant: 'Mercado Azul',
  health: null,
  read: false,
  createdAt: '2026-11-21T12:00:00.000Z',
  ...over,
})

describe('notifications list', () => {
  it('words each alert in the reader’s language and offers repay on a health warning', () => {
    const health = item({
      id: '40000000-0000-4000-8000-000000000002',
      kind: 'health_low',
      amount: null,
      threshold: null,
      merchant: null,
      health: '1.07',
      read: true,
    })
    render(
      <I18nProvider locale="pt-BR">
        <NotificationsList
          data={{ items: [item({}), health], unread: 1 }}
          onMarkRead={vi.fn()}
          onMarkAllRead={vi.fn()}
        />
      </I18nProvider>,
    )
    const [purchase, warning] = within(screen.getByTestId('home.notifications')).getAllByRole('listitem')
    expect(purchase!.textContent).toMatch(/Compra acima de US\$\s50,00/)
    expect(purchase!.textContent).toMatch(/US\$\s60,00 em Mercado Azul/)
    expect(warning!.textContent).toContain('Fator de saúde 1,07')
    expect(within(warning!).getByRole('link', { name: 'Pagar agora' }).getAttribute('href')).toBe('/app/cash/repay')
    expect(within(warning!).queryByRole('button')).toBeNull()
  })

  it('marks one notification read from its own button', async () => {
    const onMarkRead = vi.fn(async () => {})
    render(
      <I18nProvider locale="en-US">
        <NotificationsList data={{ items: [item({})], unread: 1 }} onMarkRead={onMarkRead} onMarkAllRead={vi.fn()} />
      </I18nProvider>,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Mark as read: Purchase above $50.00' }))
    expect(onMarkRead).toHaveBeenCalledWith('40000000-0000-4000-8000-000000000001')
  })
})
