import { fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ModeSettings } from '../account/mode-settings'
import { depositedBody } from '../earn/earn-embed'
import { PixTopUp } from '../pix-top-up/pix-top-up-embed'
import { CashbackPage } from '../rewards/cashback-page'
import { BenefitsTable } from '../rewards/membership-pages'
import { renderInSession } from '../testing/render-in-session'
import { en } from './messages-en'
import { ptBR } from './messages-pt-br'
import { useI18n } from './i18n'

/** Issue 18 defect 4: amounts and percentages on a page go through the page locale's formatter, never raw. */
const account = '30000000-0000-4000-8000-000000000001'
const session = {
  user: {
    id: '20000000-0000-4000-8000-000000000001',
    email: 'personal@demo.cash',
    name: 'Paula Pereira',
    platformRole: 'user',
  },
  memberships: [],
  csrfToken: 'csrf',
}
const line = {
  id: '40000000-0000-4000-8000-000000000001',
  type: 'regular',
  state: 'pending',
  waitingForFunding: false,
  amount: '0.35',
  clawedBack: '0',
  net: '0.35',
  ratePercent: '3.5',
  purchaseAmount: '10',
  merchantName: 'Café Lisboa',
  networkId: null,
  campaignName: null,
  earnedAt: '2026-11-01T12:00:00.000Z',
  payableAt: '2026-12-01T12:00:00.000Z',
  paidAt: null,
}
const change = {
  ruleId: '50000000-0000-4000-8000-000000000001',
  name: 'Groceries',
  effectiveFrom: '2026-12-01T00:00:00.000Z',
  cut: true,
  removed: false,
  beforeBps: 150,
  afterBps: 125,
  category: null,
  merchantName: null,
}
const cashback = {
  tierRatePercent: '1.5',
  earned: '0.35',
  pending: '0.35',
  paid: '0',
  clawedBack: '0',
  earnedThisMonth: '0.35',
  monthlyCap: '50',
  pendingDays: 30,
  lines: [line],
  upcomingChanges: [change],
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
const mode = {
  mode: 'direct_pay',
  pending: null,
  lastRefused: null,
  delaySeconds: 60,
  blocker: null,
  blockerKey: null,
  debt: '0',
  pendingBorrowHolds: '0',
  aprPercent: '3.5',
}

beforeEach(() => {
  vi.stubGlobal('fetch', async (url: string) => {
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
    if (url.endsWith('/auth/session')) return json(session)
    if (url.endsWith(`/accounts/${account}/mode`)) return json(mode)
    if (url.includes(`/accounts/${account}/pix/quote?`))
      return json({
        brlAmount: '100',
        rate: '0.2',
        grossUsdc: '20',
        feeUsdc: '0.2',
        creditUsdc: '19.8',
        lockSeconds: 600,
      })
    if (url.endsWith(`/accounts/${account}/cashback`)) return json(cashback)
    if (url.endsWith(`/accounts/${account}/membership`)) return json(membership)
    return json({ error: { code: 'not_found', message: 'Not found.' } }, 404)
  })
})
afterEach(() => vi.unstubAllGlobals())

describe('figures in the page locale', () => {
  it('PIX top-up limits: English money on English pages, Portuguese on Portuguese ones', async () => {
    const en = renderInSession(<PixTopUp accountId={account} />, 'en-US')
    expect(await screen.findByText('From R$10.00 to R$50,000.00 a day.')).toBeTruthy()
    en.unmount()
    renderInSession(<PixTopUp accountId={account} />, 'pt-BR')
    expect((await screen.findByText(/^De R\$\s10,00 a R\$\s50\.000,00 por dia\.$/)).textContent).not.toContain('{')
  })

  it('the Borrow APR in the mode explanation through the percent formatter', async () => {
    const en = renderInSession(<ModeSettings accountId={account} canManage />, 'en-US')
    expect((await screen.findByText(/^Direct Pay:/)).textContent).toBeTruthy()
    en.unmount()
    mode.mode = 'borrow'
    const en2 = renderInSession(<ModeSettings accountId={account} canManage />, 'en-US')
    expect((await screen.findByText(/^Borrow: purchases/)).textContent).toContain('at 3.5% a year')
    en2.unmount()
    renderInSession(<ModeSettings accountId={account} canManage />, 'pt-BR')
    expect((await screen.findByText(/^Crédito:/)).textContent).toContain('a 3,5% ao ano')
    mode.mode = 'direct_pay'
  })

  it('cashback rates through the percent formatter: the tier rate, a rule change, a line', async () => {
    const en = renderInSession(<CashbackPage accountId={account} />, 'en-US')
    expect((await screen.findByText(/^You earn /)).textContent).toMatch(/^You earn 1\.5% on /)
    expect(screen.getByText(/^From 1\.5% to 1\.25% from /)).toBeTruthy()
    expect(screen.getByText(/^3\.5% of \$10\.00 · /)).toBeTruthy()
    en.unmount()
    renderInSession(<CashbackPage accountId={account} />, 'pt-BR')
    expect((await screen.findByText(/^Você ganha /)).textContent).toMatch(/^Você ganha 1,5% nas /)
    expect(screen.getByText(/^De 1,5% para 1,25% a partir de /)).toBeTruthy()
    expect(screen.getByText(/^3,5% de US\$\s10,00 · /)).toBeTruthy()
  })

  it('the membership benefits table gives each tier’s cashback through the percent formatter', async () => {
    const en = renderInSession(<BenefitsTable accountId={account} />, 'en-US')
    expect(await screen.findByRole('cell', { name: '1.5%' })).toBeTruthy()
    en.unmount()
    renderInSession(<BenefitsTable accountId={account} />, 'pt-BR')
    expect(await screen.findByRole('cell', { name: '1,5%' })).toBeTruthy()
  })

  it('the PIX rate names one real in the page’s money form', async () => {
    const en = renderInSession(<PixTopUp accountId={account} />, 'en-US')
    fireEvent.change(await screen.findByLabelText(/^Amount in reais/), { target: { value: '100' } })
    expect(await screen.findByText('R$1.00 = $0.20', {}, { timeout: 3_000 })).toBeTruthy()
    en.unmount()
    renderInSession(<PixTopUp accountId={account} />, 'pt-BR')
    fireEvent.change(await screen.findByLabelText(/^Valor/), { target: { value: '100' } })
    expect(await screen.findByText(/^R\$\s1,00 = US\$\s0,20$/, {}, { timeout: 3_000 })).toBeTruthy()
  })

  it(
    'leaves the figure and its sign to the formatter in both ' +
      'message files (the earn confirmation’s APY among them)',
    () => {
      const keys = [
        'earn.deposited.body',
        'settings.mode.explain.borrow',
        'cashback.explain',
        'cashback.change.rate',
        'cashback.line.detail',
        'pix.limits',
        'pix.rateValue',
        'promotion.rule.splashback',
        'admin.campaigns.rule.splashback',
      ] as const
      for (const key of keys) {
        for (const text of [en[key], ptBR[key]]) expect(text, key).not.toMatch(/%|R\$|\d/)
      }
    },
  )

  it('the earn deposit confirmation gives the APY through the percent formatter', async () => {
    // biome-ignore lint/correctness/noComponentHookFactories: a component for this test only
    function Body() {
      const { t, locale } = useI18n()
      return <p data-testid="body">{depositedBody(t, locale, '$25.00', 'Liquid USD vault', '3.5')}</p>
    }
    const en = renderInSession(<Body />, 'en-US')
    expect((await screen.findByTestId('body')).textContent).toBe(
      '$25.00 is now in the Liquid USD vault, earning 3.5% APY.',
    )
    en.unmount()
    renderInSession(<Body />, 'pt-BR')
    expect((await screen.findByTestId('body')).textContent).toContain('rendendo 3,5% ao ano.')
  })
})
