import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'

// Issue 18, defect 14: "Add to Apple/Google Wallet" through the bridge when a native host can provision the
// card, the manual steps when it cannot. The QA harness is the native host here: it offers `addToWallet` and
// logs every bridge message with its payload.
const EMBED = 'iframe[title="Embed under test"]'

async function launchCards(page: Page, platform: 'ios' | 'android') {
  await page.goto('/app/cash/webview/test')
  await page.getByRole('combobox', { name: 'Page', exact: true }).selectOption('cards')
  await page.getByRole('combobox', { name: 'Persona', exact: true }).selectOption('personal@demo.cash')
  await page.getByRole('combobox', { name: 'Platform', exact: true }).selectOption(platform)
  await page.getByRole('button', { name: 'Launch' }).click()
  await expect(page.getByTestId('qa.log')).toContainText('← embed req ready')
  return page.frameLocator(EMBED)
}

test(
  'in an iOS host the card adds itself to Apple Wallet through the bridge, ' + 'with the card’s id, last four and name',
  async ({ page }) => {
    const embed = await launchCards(page, 'ios')
    await embed.getByRole('button', { name: 'Add to Apple Wallet' }).first().click()
    await expect(embed.getByRole('status').filter({ hasText: 'Added to Apple Wallet' })).toBeVisible()
    const request = page.getByTestId('qa.log').getByRole('listitem').filter({ hasText: '← embed req addToWallet' })
    await expect(request.locator('pre')).toContainText('"last4": "4242"')
    await expect(request.locator('pre')).toContainText('"cardId": "30000000-0000-4000-8000-000000000001"')
    await expect(request.locator('pre')).toContainText('"cardholderName"')
    // In a host the manual steps are not offered instead of the button.
    await expect(embed.getByTestId('wallet.instructions-4242')).toHaveCount(0)
  },
)

test('in an Android host the same card offers Google Wallet', async ({ page }) => {
  const embed = await launchCards(page, 'android')
  await embed.getByRole('button', { name: 'Add to Google Wallet' }).first().click()
  await expect(embed.getByRole('status').filter({ hasText: 'Added to Google Wallet' })).toBeVisible()
})
