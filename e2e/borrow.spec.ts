import { expect, test } from './support/fixtures'
import { ACCOUNT_IDS, DEMO_PASSWORD } from '../fixtures/personas'
import { apiAs } from './support/api'
import { CashApp } from './support/cash-app'

test('a holder asks to switch to Borrow with their password, sees the countdown, and cancels it', async ({ page }) => {
  const app = new CashApp(page)
  await app.useSession('personal')
  await page.goto('/app/cash/settings')
  const mode = page.getByTestId('settings.mode')
  await expect(mode).toContainText('Direct Pay: purchases are paid from your USDC.')
  await mode.getByRole('button', { name: 'Switch to Borrow' }).click()
  await expect(page.getByTestId('confirm.summary')).toContainText('in 60 seconds (security delay)')
  await page.getByLabel('Password').fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Confirm', exact: true }).click()
  await expect(page.getByTestId('settings.mode.pending')).toContainText(/Switching to Borrow in 0:[0-5]\d/)
  await page.goto('/app/cash')
  await expect(page.getByTestId('home.pending-mode')).toContainText('Switching to Borrow at')
  await page.goto('/app/cash/settings')
  await page.getByRole('button', { name: 'Cancel the switch' }).click()
  await expect(page.getByTestId('settings.mode.pending')).toHaveCount(0)
  await expect(page.getByTestId('settings.mode').getByRole('button', { name: 'Switch to Borrow' })).toBeVisible()
})

test(
  'spending limits: bad input is refused at the field, ' +
    'lowering waits for the delay, raising back needs the password',
  async ({ page }) => {
    await new CashApp(page).useSession('personal')
    await page.goto('/app/cash/settings')
    const limits = page.getByTestId('settings.limits')
    await limits.getByLabel('Daily limit (USD)').fill('ten')
    await limits.getByRole('button', { name: 'Save limits' }).click()
    await expect(limits.getByRole('alert')).toHaveText('Enter an amount in digits, like 1,234.56.')
    await limits.getByLabel('Daily limit (USD)').fill('60000')
    await limits.getByRole('button', { name: 'Save limits' }).click()
    await expect(limits.getByRole('alert')).toHaveText('The daily limit cannot be above the monthly one.')
    await limits.getByLabel('Daily limit (USD)').fill('9000')
    await limits.getByRole('button', { name: 'Save limits' }).click()
    await expect(page.getByTestId('settings.limits.pending')).toContainText(
      'Lowering to $9,000.00 a day and $50,000.00 a month at',
    )
    // Back to the old limits: not lower than today's, so it applies at once after the password.
    await limits.getByLabel('Daily limit (USD)').fill('10000')
    await limits.getByRole('button', { name: 'Save limits' }).click()
    await expect(page.getByTestId('confirm.summary')).toContainText('$10,000.00 → $10,000.00')
    await page.getByLabel('Password').fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Confirm', exact: true }).click()
    await expect(page.getByTestId('settings.limits.pending')).toHaveCount(0)
    await expect(page.getByTestId('settings.limits').getByLabel('Daily limit (USD)')).toHaveValue('10000')
  },
)

test(
  'the health meter warns a borrower as collateral falls ' + 'toward the liquidation line, with one tap to repay',
  async ({ page }) => {
    const admin = await apiAs(page.request, 'admin')
    const bruno = await apiAs(page.request, 'borrower')
    // Price weETH so the health factor lands near 1.05, whatever the borrower holds now (other tests change it).
    const b = (await bruno.get(`/accounts/${ACCOUNT_IDS.borrower}/balances`)) as {
      debt: string
      balances: { asset: string; balance: string; usdValue: string }[]
    }
    const held = Object.fromEntries(b.balances.map((x) => [x.asset, x]))
    const others =
      (Number(held.USDC!.usdValue) + Number(held.USDT!.usdValue)) * 0.95 + Number(held.ETH!.usdValue) * 0.75
    const price = ((1.05 * Number(b.debt) - others) / (Number(held.weETH!.balance) * 0.75)).toFixed(2)
    try {
      await admin.put('/admin/prices/weETH', { usdPrice: price })
      await new CashApp(page).signInAs('borrower')
      const health = page.getByTestId('home.health')
      await expect(health).toHaveAttribute('data-status', 'warning')
      await expect(health).toContainText('Getting close: below 1.00')
      await expect(health.getByRole('meter', { name: 'Borrowing health' })).toBeVisible()
      await health.getByRole('link', { name: 'Repay now' }).click()
      await expect(page).toHaveURL(/\/app\/cash\/repay$/)
    } finally {
      await admin.put('/admin/prices/weETH', { usdPrice: '3150' })
    }
    await page.goto('/app/cash')
    await expect(page.getByTestId('home.health')).toHaveAttribute('data-status', 'healthy')
  },
)
