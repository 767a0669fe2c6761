import { expect, test } from './support/fixtures'
import { ACCOUNT_IDS, CARD_IDS } from '../fixtures/personas'
import { apiAs } from './support/api'
import { CashApp } from './support/cash-app'

test('a purchase above the holder’s alert shows as a notification on home, with the unread count', async ({
  page,
  request,
}) => {
  const admin = await apiAs(request, 'admin')
  const paula = await apiAs(request, 'personal')
  const unreadBefore = ((await paula.get('/notifications')) as { unread: number }).unread
  await new CashApp(page).signInAs('personal')

  await page.goto('/app/cash/settings')
  await page.getByRole('link', { name: /Alerts/ }).click()
  await expect(page.getByRole('heading', { name: 'Alerts', level: 1 })).toBeVisible()
  await page.getByRole('link', { name: 'Change spending alerts' }).click()
  await page.getByLabel('Alert on a purchase above (USD)').fill('50')
  await page.getByRole('button', { name: 'Save alerts' }).click()
  await expect(page.getByRole('status')).toContainText('Saved')
  await page.getByRole('link', { name: 'Back to alerts' }).click()
  await expect(page.getByTestId('account.alerts.spend')).toContainText('A purchase above $50.00')

  const merchant = `Alert Shop ${Date.now()}`
  expect(
    (
      (await admin.post(`/sandbox/cards/${CARD_IDS.personal}/purchases`, {
        amount: '60',
        merchantName: merchant,
        mcc: '5812',
      })) as { approved: boolean }
    ).approved,
  ).toBe(true)
  await page.goto('/app/cash')
  const panel = page.getByRole('region', { name: 'Notifications' })
  await expect(panel.getByTestId('home.notifications.unread')).toHaveText(`${unreadBefore + 1} unread`)
  await panel.getByRole('button', { name: /Notifications/ }).click()
  const item = panel.getByRole('listitem').filter({ hasText: merchant })
  await expect(item).toContainText('Purchase above $50.00')
  await expect(item).toContainText(`$60.00 at ${merchant}`)
  await item.getByRole('button', { name: /Mark as read/ }).click()
  if (unreadBefore === 0) await expect(panel.getByTestId('home.notifications.unread')).toHaveCount(0)
  else await expect(panel.getByTestId('home.notifications.unread')).toHaveText(`${unreadBefore} unread`)

  // Leave the persona as other flows expect it.
  await page.goto('/app/cash/settings/alerts/spend-limit')
  await page.getByRole('button', { name: 'Turn off spending alerts' }).click()
  await expect(page.getByLabel('Alert on a purchase above (USD)')).toHaveValue('')
  expect(
    ((await paula.get(`/accounts/${ACCOUNT_IDS.personal}/alert-settings`)) as { purchaseAbove: string | null })
      .purchaseAbove,
  ).toBeNull()
})

test('the alert forms show field errors for bad amounts and save nothing', async ({ page, request }) => {
  const paula = await apiAs(request, 'personal')
  await new CashApp(page).useSession('personal')
  await page.goto('/app/cash/settings/alerts/spend-limit')
  await page.getByLabel('Alert on a purchase above (USD)').fill('12.345')
  await page.getByLabel('Alert when daily spend goes above (USD)').fill('0')
  await page.getByRole('button', { name: 'Save alerts' }).click()
  await expect(page.getByLabel('Alert on a purchase above (USD)')).toHaveAttribute('aria-invalid', 'true')
  // 12.345 could be twelve thousand or twelve: the field asks instead of guessing (docs/amounts.md).
  await expect(
    page.getByText('Thousands or decimals? Write 1,234 for thousands, or add a zero, like 1.2340, for decimals.'),
  ).toBeVisible()
  await expect(page.getByText('Enter an amount above zero.')).toBeVisible()

  await page.goto('/app/cash/settings/alerts/spendable-balance')
  await page.getByLabel('Alert when spendable falls below (USD)').fill('ten dollars')
  await page.getByRole('button', { name: 'Save alerts' }).click()
  await expect(page.getByText('Enter an amount in digits, like 1,234.56.')).toBeVisible()
  const saved = (await paula.get(`/accounts/${ACCOUNT_IDS.personal}/alert-settings`)) as Record<string, string | null>
  expect([saved.purchaseAbove, saved.dailySpendAbove, saved.spendableBelow]).toEqual([null, null, null])
})

test('inside a host that offers notify, home hands a new notification to the host once', async ({ page, request }) => {
  const admin = await apiAs(request, 'admin')
  const paula = await apiAs(request, 'personal')
  await paula.post('/notifications/read-all')
  await paula.put(`/accounts/${ACCOUNT_IDS.personal}/alert-settings`, { purchaseAbove: '70' })
  const merchant = `Host Shop ${Date.now()}`
  await admin.post(`/sandbox/cards/${CARD_IDS.personal}/purchases`, {
    amount: '80',
    merchantName: merchant,
    mcc: '5812',
  })
  await paula.put(`/accounts/${ACCOUNT_IDS.personal}/alert-settings`, { purchaseAbove: null })

  await page.goto('/app/cash/webview/test')
  await page.getByLabel('Page').selectOption('home')
  await page.getByRole('button', { name: 'Launch' }).click()
  const notices = page.getByTestId('qa.notices')
  await expect(notices.getByRole('listitem')).toHaveCount(1)
  await expect(notices).toContainText('Purchase above $70.00')
  await expect(notices).toContainText(`$80.00 at ${merchant}`)
  await expect(page.getByTestId('qa.log')).toContainText('← embed req notify')
  // The next polls find the same unread notification and do not hand it over again. Polls are chained (the
  // next one is asked only after the last one's answer went through), so two more mean one was judged.
  const isPoll = (url: string) => url.includes('/api/v1/notifications?')
  let polls = 0
  page.on('request', (r) => isPoll(r.url()) && polls++)
  await expect
    .poll(async () => {
      // Home polls every 5 s: the page's clock jumps there.
      await page.clock.fastForward(5_000)
      return polls
    })
    .toBeGreaterThanOrEqual(2)
  await expect(notices.getByRole('listitem')).toHaveCount(1)
  await expect(page.getByTestId('qa.log').getByText('← embed req notify')).toHaveCount(1)
  await paula.post('/notifications/read-all')
})
