import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { CashApp } from './support/cash-app'

// Issue 9: the back office's campaigns and cashback-rules pages, seen from the holder's side.
// The shared server keeps running for other specs: the campaign is opt-in and starts tomorrow (so it changes
// no one's cashback) and is ended at the end; the rule names a merchant only this run uses.

const local = (ms: number) => new Date(ms).toISOString().slice(0, 16)
const DAY = 86_400_000

async function holderPage(page: Page): Promise<Page> {
  // A context of its own (it gets the worker server's baseURL like every context of the test).
  const context = await page.context().browser()!.newContext()
  const holder = await context.newPage()
  await new CashApp(holder).useSession('personal')
  return holder
}

test(
  'admin creates a splashback campaign in the page, the holder sees ' +
    'it; a rule change is announced on cashback; the campaign is ended',
  async ({ page }) => {
    const run = Date.now().toString(36)
    const name = `Hotel splash ${run}`
    await new CashApp(page).useSession('admin')
    await page.goto('/app/cash/admin/campaigns')
    await expect(page.getByRole('heading', { name: 'Campaigns', level: 1 })).toBeVisible()
    await expect(
      page.getByRole('navigation', { name: 'Back office sections' }).getByRole('link', { name: 'Campaigns' }),
    ).toHaveAttribute('aria-current', 'page')

    // The shared schema's field errors show at each field before anything is sent.
    const form = page.getByTestId('admin.campaign-form')
    await form.getByRole('button', { name: 'Create campaign' }).click()
    await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true')
    await expect(form.getByText('Give the campaign a name.')).toBeVisible()

    const start = Date.now() + DAY
    await form.getByLabel('Kind').selectOption('splashback')
    await form.getByLabel('Name').fill(name)
    await form.getByLabel('Starts (UTC)').fill(local(start))
    await form.getByLabel('Ends (UTC)').fill(local(start + 7 * DAY))
    await form.getByLabel('Merchant category').selectOption('hotel')
    await form.getByLabel('Extra cashback (basis points)').fill('150')
    await form.getByLabel('Holders must opt in').check()
    await form.getByLabel('Total cap (USDC)').fill('1000')
    await form.getByLabel('Cap per holder (USDC)').fill('25')
    // A payout date before the window ends is refused at its field.
    await form.getByLabel('Payout date (UTC, optional)').fill(local(start + 2 * DAY))
    await form.getByRole('button', { name: 'Create campaign' }).click()
    await expect(form.getByText('The payout date cannot be before the window ends.')).toBeVisible()
    await form.getByLabel('Payout date (UTC, optional)').fill('')
    await form.getByRole('button', { name: 'Create campaign' }).click()
    const item = page.getByTestId('admin.campaign').filter({ hasText: name })
    await expect(item).toContainText('Scheduled')
    await expect(item).toContainText('+1.5% cashback on hotels')
    await expect(item).toContainText('caps: $1,000.00 in total, $25.00 per holder')
    await expect(page.getByTestId('audit-trail')).toContainText('campaign.create')

    try {
      // The holder sees it on promotion/splashback with its rules and its payout date.
      const holder = await holderPage(page)
      await holder.goto('/app/cash/promotion/splashback')
      const card = holder.getByTestId('promotion.campaign').filter({ hasText: name })
      await expect(card).toContainText('An extra 1.5% cashback on hotels.')
      await expect(card).toContainText('Upcoming')
      await expect(card.getByTestId('promotion.payout')).toContainText('Paid in USDC on')

      // A rule for a merchant only this run uses; a cut needs 30 days' notice: the server's field error shows.
      const rule = `Inn ${run} boost`
      await page.goto('/app/cash/admin/cashback-rules')
      const ruleForm = page.getByTestId('admin.rule-form')
      await ruleForm.getByLabel('Name').fill(rule)
      await ruleForm.getByLabel('Merchant (optional)').fill(`Inn ${run}`)
      await ruleForm.getByLabel('Extra cashback (basis points)').fill('50')
      await ruleForm.getByRole('button', { name: 'Create rule' }).click()
      const ruleItem = page.getByTestId('admin.rule').filter({ hasText: rule })
      await expect(ruleItem.getByTestId('admin.rule.version')).toHaveCount(1)
      await expect(ruleItem).toContainText('admin@demo.cash')
      await ruleItem.getByRole('button', { name: `Change ${rule}` }).click()
      const change = page.getByTestId('admin.rule-form')
      await expect(change.getByRole('heading', { name: `Change ${rule} (new version)` })).toBeVisible()
      await change.getByLabel('Extra cashback (basis points)').fill('20')
      await change.getByLabel('Takes effect (UTC)').fill(local(Date.now() + 5 * DAY))
      await change.getByRole('button', { name: 'Save as a new version' }).click()
      await expect(
        change.getByText('This change lowers or removes cashback, so holders must see it first'),
      ).toBeVisible()
      await expect(change.getByLabel('Takes effect (UTC)')).toHaveAttribute('aria-invalid', 'true')
      await change.getByLabel('Takes effect (UTC)').fill(local(Date.now() + 31 * DAY))
      await change.getByRole('button', { name: 'Save as a new version' }).click()
      await expect(ruleItem.getByTestId('admin.rule.version')).toHaveCount(2)
      await expect(ruleItem).toContainText('announced')
      await expect(page.getByTestId('audit-trail')).toContainText('cashback_rule.change')

      // The holder sees the announcement on cashback before it applies.
      await holder.goto('/app/cash/cashback')
      await expect(holder.getByTestId('cashback.upcoming')).toContainText(rule)
      await expect(holder.getByTestId('cashback.upcoming').locator('li').filter({ hasText: rule })).toContainText('0.5')
      await holder.context().close()
    } finally {
      // End the campaign in the page, with its confirmation.
      await page.goto('/app/cash/admin/campaigns')
      const mine = page.getByTestId('admin.campaign').filter({ hasText: name })
      await mine.getByRole('button', { name: `End ${name}` }).click()
      await expect(mine.getByText(`End “${name}” now?`)).toBeVisible()
      await mine.getByRole('button', { name: 'End the campaign now' }).click()
      await expect(mine).toHaveAttribute('data-status', 'ended')
      await expect(mine).toContainText('Ended')
      await expect(page.getByTestId('audit-trail')).toContainText('campaign.end')
    }
  },
)
