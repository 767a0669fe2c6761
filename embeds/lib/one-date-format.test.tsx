import { render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LimitSettings } from '../account/limit-settings'
import { FeedbackInbox } from '../admin/feedback-inbox'
import { HistoryDetailPage } from '../history/history-detail'
import { HistoryList } from '../history/history-list'
import { NotificationsList } from '../home/notifications-panel'
import { MyMembershipPage } from '../rewards/membership-pages'
import { renderInSession } from '../testing/render-in-session'
import { HistoryRow } from '../ui/history-row'
import { I18nProvider, type Locale } from './i18n'

/**
 * Issue 18 defect 13: one date format across the app (docs/dates.md). The same moment reads the same on every
 * holder page ("Nov 21, 2026, 12:00 PM" / "21 de nov. de 2026, 12:00"), a month in words, the back office in
 * UTC to the second, and a page that knows the account's time zone gives its times there.
 */
const AT = '2026-11-21T12:00:00.000Z'
const account = '30000000-0000-4000-8000-000000000001'
const session = {
  user: {
    id: '20000000-0000-4000-8000-000000000001',
    email: 'personal@demo.cash',
    name: 'Paula Pereira',
    platformRole: 'admin',
  },
  memberships: [{ accountId: account, accountKind: 'personal', accountName: 'Paula Pereira', role: 'holder' }],
  csrfToken: 'csrf',
}
const movement = {
  type: 'other',
  id: '60000000-0000-4000-8000-000000000001',
  title: { key: 'borrow_interest', day: '2026-11-21', debt: '12500000' },
  status: 'settled',
  amount: '-0.01',
  asset: 'USDC',
  createdAt: AT,
  reason: null,
} as const
const at = (iso: string, n: number, title: string) => ({
  ...movement,
  id: `60000000-0000-4000-8000-00000000000${n}`,
  type: 'card',
  title: { key: 'merchant', merchant: title },
  createdAt: iso,
})
const history = [
  at(AT, 2, 'Café Lisboa'),
  at('2026-11-21T09:00:00.000Z', 3, 'Padaria'),
  at('2026-11-20T20:00:00.000Z', 4, 'Mercado Azul'),
  at('2026-11-19T08:00:00.000Z', 5, 'Livraria'),
]
const notification = {
  id: '40000000-0000-4000-8000-000000000001',
  accountId: account,
  accountName: 'Paula Pereira',
  kind: 'purchase_above',
  amount: '60',
  threshold: '50',
  merchant: 'Mercado Azul',
  health: null,
  read: true,
  createdAt: AT,
} as const
const feedback = {
  id: '40000000-0000-4000-8000-000000000001',
  rating: 4,
  message: 'Nice',
  page: null,
  createdAt: AT,
  readAt: null,
  user: { id: session.user.id, email: session.user.email, name: 'Paula Pereira' },
  account: { id: account, name: 'Paula Pereira' },
}
const benefit = {
  tier: 'core',
  name: 'Core',
  threshold: 0,
  cashbackPercent: 1.5,
  virtualCards: 3,
  physicalCards: 1,
  monthlyReward: '0',
}
const membership = {
  tier: 'core',
  tierName: 'Core',
  month: '2026-11',
  points: 10,
  next: null,
  requalifiesTo: 'core',
  requalifiesAt: '2026-12-01T00:00:00.000Z',
  thresholds: { core: 0, luxe: 2500, pinnacle: 10000 },
  benefits: [benefit],
}
const limits = {
  daily: '10000',
  monthly: '50000',
  timeZone: 'America/Sao_Paulo',
  pending: { daily: '9000', monthly: '50000', effectiveAt: AT },
}

beforeEach(() => {
  vi.stubGlobal('fetch', async (url: string) => {
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
    if (url.endsWith('/auth/session')) return json(session)
    if (url.endsWith(`/accounts/${account}/history/other/${movement.id}`))
      return json({ ...movement, timeline: [{ step: 'settled', at: AT }], details: {}, increments: [] })
    if (url.includes(`/accounts/${account}/history?`)) return json({ items: history, nextCursor: null })
    if (url.endsWith(`/accounts/${account}/membership`)) return json(membership)
    if (url.endsWith(`/accounts/${account}/limits`)) return json(limits)
    if (url.includes('/admin/feedback?')) return json({ items: [feedback], unread: 1 })
    return json({ error: { code: 'not_found', message: 'Not found.' } }, 404)
  })
})
afterEach(() => vi.unstubAllGlobals())

const EXPECTED: Record<
  Locale,
  {
    days: string[]
    time: string
    moment: string
    title: string
    month: string
    requalify: string
    stamp: string
    saoPaulo: string
  }
> = {
  'en-US': {
    days: ['Today', 'Yesterday', 'Nov 19, 2026'],
    time: '12:00 PM',
    moment: 'Nov 21, 2026, 12:00 PM',
    title: 'Borrow interest for Nov 21, 2026 on $12.50',
    month: '(November 2026, UTC)',
    requalify: 'On Dec 1, 2026 (00:00 UTC)',
    stamp: 'Nov 21, 2026, 12:00:00 PM UTC',
    saoPaulo: 'at Nov 21, 2026, 9:00 AM.',
  },
  'pt-BR': {
    days: ['Hoje', 'Ontem', '19 de nov. de 2026'],
    time: '12:00',
    moment: '21 de nov. de 2026, 12:00',
    title: 'Juros do Borrow de 21 de nov. de 2026 sobre US$ 12,50',
    month: '(novembro de 2026, UTC)',
    requalify: 'Em 1 de dez. de 2026 (00:00 UTC)',
    stamp: '21 de nov. de 2026, 12:00:00 UTC',
    saoPaulo: 'em 21 de nov. de 2026, 09:00.',
  },
}

describe.each(['en-US', 'pt-BR'] as const)('one date format across the app, %s', (locale) => {
  const want = EXPECTED[locale]

  it('a movement in the history and a notification at the same moment read the same, month in words', () => {
    render(
      <I18nProvider locale={locale}>
        <ul className="cash-rows">
          <li>
            <HistoryRow item={movement} />
          </li>
        </ul>
        <NotificationsList data={{ items: [notification], unread: 0 }} onMarkRead={vi.fn()} onMarkAllRead={vi.fn()} />
      </I18nProvider>,
    )
    const row = screen.getByRole('link')
    const shown = within(screen.getByTestId('home.notifications')).getByText(want.moment)
    expect(row.querySelector('time')!.textContent).toBe(want.moment)
    expect(shown.textContent).toBe(row.querySelector('time')!.textContent)
  })

  it(
    'the history heads each day’s movements Today, ' + 'Yesterday, then the date, and gives each row its time',
    async () => {
      renderInSession(<HistoryList accountId={account} now={() => new Date('2026-11-21T15:00:00Z')} />, locale)
      const list = await screen.findByTestId('history.list')
      expect(
        within(list)
          .getAllByRole('heading')
          .map((h) => h.textContent),
      ).toEqual(want.days)
      const today = within(list).getAllByRole('list')[0]!
      expect(within(today).getAllByRole('listitem')).toHaveLength(2)
      expect(
        within(today)
          .getByRole('link', { name: /Café Lisboa/ })
          .querySelector('time')!.textContent,
      ).toBe(want.time)
    },
  )

  it('the history detail gives a day the server wrote into a title as a date, like its timeline', async () => {
    renderInSession(<HistoryDetailPage accountId={account} type="other" id={movement.id} />, locale)
    expect((await screen.findByTestId('history.timeline')).textContent).toContain(want.moment)
    expect(screen.getByText(want.title)).toBeTruthy()
  })

  it('membership names the month of its points in words and its re-qualification day as a date', async () => {
    renderInSession(<MyMembershipPage title="Membership" />, locale)
    const tier = await screen.findByTestId('membership.tier')
    expect(tier.textContent).toContain(want.month)
    expect(screen.getByText(new RegExp(`^${locale === 'en-US' ? 'Reaching' : 'Alcançar'}`)).textContent).toContain(
      want.requalify,
    )
  })

  it('the back office stamps a moment in UTC to the second, saying so', async () => {
    renderInSession(<FeedbackInbox />, locale)
    const time = await screen.findByText(want.stamp)
    expect(time.tagName).toBe('TIME')
    expect(time.getAttribute('datetime')).toBe(AT)
  })

  it('a lowered limit applies at a time in the account’s time zone (São Paulo), not the device’s (UTC)', async () => {
    renderInSession(<LimitSettings accountId={account} canManage />, locale)
    expect((await screen.findByTestId('settings.limits.pending')).textContent).toContain(want.saoPaulo)
  })
})
