import { expect, test } from './support/fixtures'
import { ACCOUNT_IDS, CARD_IDS } from '../fixtures/personas'
import { apiAs, balanceOf } from './support/api'
import { CashApp } from './support/cash-app'

const account = ACCOUNT_IDS.personal
type Line = { state: string; type: string; net: string; networkId: string | null }

test(
  'Core cashback: 2 % pending on a cleared restaurant purchase, 4 % with ' +
    'a splashback, a refund removes it, after the window it is paid in USDC',
  async ({ page, request }) => {
    const admin = await apiAs(request, 'admin')
    const paula = await apiAs(request, 'personal')
    const run = Date.now().toString(36)
    const lines = async (networkId: string) =>
      ((await paula.get(`/accounts/${account}/cashback`)) as { lines: Line[] }).lines.filter(
        (l) => l.networkId === networkId,
      )
    const earnedOn = async (networkId: string) =>
      (await lines(networkId)).filter((l) => l.state !== 'cancelled').reduce((s, l) => s + Number(l.net), 0)
    const buyAndClear = async (merchantName: string) => {
      const p = (await admin.post(`/sandbox/cards/${CARD_IDS.personal}/purchases`, {
        amount: '100',
        merchantName,
        mcc: '5812',
      })) as { networkId: string; approved: boolean }
      expect(p.approved).toBe(true)
      await admin.post(`/sandbox/card-authorizations/${p.networkId}/clearing`, {})
      await expect.poll(() => lines(p.networkId)).not.toHaveLength(0)
      return p.networkId
    }

    await new CashApp(page).signInAs('personal')
    const plain = `Bistro Plain ${run}`
    const first = await buyAndClear(plain)
    expect(await earnedOn(first)).toBe(2)
    await page.goto('/app/cash/cashback')
    await expect(page.getByRole('heading', { name: 'Cashback', level: 1 })).toBeVisible()
    const plainLine = page.getByTestId('cashback.line').filter({ hasText: plain })
    await expect(plainLine).toHaveCount(1)
    await expect(plainLine).toContainText('$2.00')
    await expect(plainLine).toContainText('Regular')
    await expect(plainLine).toContainText('Pending · paid on')

    const now = Date.now()
    const campaign = (await admin.post('/admin/campaigns', {
      kind: 'splashback',
      name: `Restaurant splash ${run}`,
      category: 'restaurants',
      bps: 200,
      startsAt: new Date(now - 60_000).toISOString(),
      endsAt: new Date(now + 3_600_000).toISOString(),
      totalCap: '1000',
      perHolderCap: '100',
    })) as { id: string }
    try {
      const splashed = `Bistro Splash ${run}`
      const second = await buyAndClear(splashed)
      expect(await earnedOn(second)).toBe(4)
      await page.goto('/app/cash/promotion/splashback')
      await expect(
        page.getByTestId('promotion.campaign').filter({ hasText: `Restaurant splash ${run}` }),
      ).toContainText('An extra 2% cashback on restaurants.')
      await page.goto('/app/cash/cashback')
      const splashLines = page.getByTestId('cashback.line').filter({ hasText: splashed })
      await expect(splashLines).toHaveCount(2)
      await expect(splashLines.filter({ hasText: 'Promotion' })).toContainText('$2.00')
      await expect(splashLines.filter({ hasText: 'Regular' })).toContainText('$2.00')

      // A refund removes that purchase's cashback.
      await admin.post(`/sandbox/card-authorizations/${second}/refund`, {})
      await expect.poll(() => earnedOn(second)).toBe(0)
      await page.reload()
      await expect(splashLines.filter({ hasText: 'Cancelled: the purchase was refunded' })).toHaveCount(2)
    } finally {
      await admin.post(`/admin/campaigns/${campaign.id}/end`)
    }

    // After the 14-day refund window the first purchase's $2.00 is paid: USDC rises by exactly that.
    await admin.post('/sandbox/cashback/pool/fund', { amount: '2' })
    const before = Number(await balanceOf(paula, account, 'USDC'))
    const payout = (await admin.post(`/sandbox/accounts/${account}/cashback/payout`, {
      until: new Date(Date.now() + 15 * 86_400_000).toISOString(),
      networkId: first,
    })) as { paidLines: number }
    expect(payout.paidLines).toBe(1)
    expect(Number(await balanceOf(paula, account, 'USDC')) - before).toBeCloseTo(2, 6)
    await page.reload()
    await expect(plainLine).toContainText('Paid on')
  },
)
