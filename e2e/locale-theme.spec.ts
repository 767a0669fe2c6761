import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { CashApp } from './support/cash-app'

/** Language and theme come from the native host's init (the bridge) or, without one, the browser and system. */

const LIGHT_BG = 'rgb(245, 246, 248)'
const DARK_BG = 'rgb(11, 12, 15)'

async function launch(page: Page, webview: string, settings: { locale?: string; theme?: string }) {
  await page.goto('/app/cash/webview/test')
  await page.getByLabel('Page').selectOption(webview)
  if (settings.locale) await page.getByLabel('Locale').selectOption(settings.locale)
  if (settings.theme) await page.getByLabel('Theme').selectOption(settings.theme)
  await page.getByRole('button', { name: 'Launch' }).click()
  await expect(page.getByTestId('qa.log')).toContainText('← embed req ready')
  const frame = page.frames().find((f) => f.url().includes(`/webview/${webview}`))!
  return { embed: page.frameLocator('iframe[title="Embed under test"]'), frame }
}

test.describe('themes from the host', () => {
  test('the host’s light and dark themes paint the page differently, and dark passes axe contrast', async ({
    page,
  }) => {
    // The system says dark; the host's init says light, and wins.
    await page.emulateMedia({ colorScheme: 'dark' })
    const light = await launch(page, 'pix/topup', { theme: 'light' })
    await expect(light.embed.getByRole('heading', { level: 1 })).toHaveText('Add money with PIX')
    expect(await light.frame.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(LIGHT_BG)

    await page.emulateMedia({ colorScheme: 'light' })
    const dark = await launch(page, 'pix/topup', { theme: 'dark' })
    await expect(dark.embed.getByRole('heading', { level: 1 })).toHaveText('Add money with PIX')
    expect(await dark.frame.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(DARK_BG)
    expect(await dark.frame.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')

    // axe must have looked at the embed's text (a frame still settling gives it nothing to pass): ask again until it
    // has.
    let results: Awaited<ReturnType<AxeBuilder['analyze']>> | undefined
    await expect
      .poll(async () => {
        results = await new AxeBuilder({ page })
          .include('iframe[title="Embed under test"]')
          .withTags(['wcag2aa'])
          .withRules(['color-contrast'])
          .analyze()
        return results.passes.some((p) => p.id === 'color-contrast')
      })
      .toBe(true)
    expect(results!.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])

    // The host switches theme while the page is open (the themeChanged event).
    await page.getByRole('button', { name: 'Switch theme' }).click()
    await expect.poll(() => dark.frame.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(LIGHT_BG)
  })

  test('without a host, the page follows the system’s scheme', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await page.goto('/app/cash/sign-in')
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(LIGHT_BG)
    await page.emulateMedia({ colorScheme: 'dark' })
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(DARK_BG)
  })

  test('a segmented control’s current view is raised above its track in light and in dark', async ({ page }) => {
    await new CashApp(page).useSession('personal')
    await page.goto('/app/cash/my-membership')
    const current = page.locator('.cash-segmented [aria-current="page"]')
    await expect(current).toBeVisible()
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme })
      const [view, track] = await current.evaluate((el) => [
        getComputedStyle(el).backgroundColor,
        getComputedStyle(el.closest('.cash-segmented')!).backgroundColor,
      ])
      expect(view, colorScheme).not.toBe(track)
    }
  })
})

test.describe('language from the host or the browser', () => {
  test('the host’s locale wins over the browser’s', async ({ page }) => {
    const { embed } = await launch(page, 'pix/send', { locale: 'pt-BR' })
    await expect(embed.getByRole('heading', { level: 1 })).toHaveText('Pagar com PIX')
    const english = await launch(page, 'pix/send', { locale: 'en-US' })
    await expect(english.embed.getByRole('heading', { level: 1 })).toHaveText('Pay with PIX')
  })

  test.describe('a browser that prefers Portuguese', () => {
    test.use({ locale: 'pt-BR' })

    test('the web shell and its standalone pages speak Portuguese', async ({ page }) => {
      await page.goto('/app/cash/sign-in')
      await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Entrar no Cash')
      await expect(page.getByRole('link', { name: 'Pular para o conteúdo' })).toBeAttached()
      // Standalone (no host): the browser's language too.
      await page.goto('/app/cash/webview/pix/send')
      await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR')
      await expect(
        page
          .getByText('Entre no Cash para ver esta página.')
          .or(page.getByRole('heading', { name: 'Entrar no Cash' }))
          .first(),
      ).toBeVisible()
    })
  })

  test('an English browser reads English: the server’s message as the catalogue has it', async ({ page }) => {
    await new CashApp(page).signInAs('personal')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US')
    await page.goto('/app/cash/pix/top-up')
    await page.getByLabel('Amount in reais').fill('5')
    await expect(page.getByText('The smallest PIX top-up is R$ 10,00.')).toBeVisible()
  })
})
