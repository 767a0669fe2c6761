import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { DEMO_PASSWORD, persona } from '../fixtures/personas'
import { CashApp } from './support/cash-app'

/** Keyboard only: Tab, Shift+Tab, typing and Enter; no clicks, no fill. */

/** What has focus: its role-ish tag, accessible text and, for a field, its label. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    if (!el) return { tag: '', text: '' }
    const input = el as HTMLInputElement
    const label = input.labels?.[0]?.textContent?.trim() ?? ''
    return {
      tag: el.tagName.toLowerCase(),
      text: (el.getAttribute('aria-label') ?? label ?? '') || (el.textContent ?? '').trim(),
    }
  })

/** Tabs forward until the focused element's name matches, as a keyboard user would (at most `max` presses). */
async function tabTo(page: Page, name: string | RegExp, { back = false, max = 40 } = {}) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
    const { text } = await focused(page)
    if (typeof name === 'string' ? text === name : name.test(text)) return
  }
  throw new Error(`Tab never reached ${String(name)}`)
}

async function expectHeadingFocused(page: Page, title: string) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
  await expect.poll(() => focused(page)).toEqual({ tag: 'h1', text: title })
}

test('skip to content is the first stop of the page and moves focus past the menu', async ({ page }) => {
  await new CashApp(page).useSession('personal')
  await page.goto('/app/cash/settings')
  await expectHeadingFocused(page, 'Settings')
  // Back from the heading, through the menu, to the first stop of the page: the skip link, shown when focused.
  await tabTo(page, 'Skip to content', { back: true })
  expect(await page.evaluate(() => document.activeElement === document.querySelector('a[href], button'))).toBe(true)
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeInViewport()
  await page.keyboard.press('Enter')
  await expect(page.locator('#cash-content')).toBeFocused()
  // The next Tab lands inside the content, not on the brand or the menu.
  await page.keyboard.press('Tab')
  expect(await page.evaluate(() => document.getElementById('cash-content')!.contains(document.activeElement))).toBe(
    true,
  )
})

test('by keyboard only: sign in, move around the shell with focus on each new heading, and pay with PIX', async ({
  page,
}) => {
  await page.goto('/app/cash/sign-in')
  await expectHeadingFocused(page, 'Sign in to Cash')

  // Sign in.
  await tabTo(page, 'E-mail')
  await page.keyboard.type(persona('personal').email)
  await page.keyboard.press('Tab')
  expect((await focused(page)).text).toBe('Password')
  await page.keyboard.type(DEMO_PASSWORD)
  await page.keyboard.press('Enter')
  await expectHeadingFocused(page, 'Home')

  // Client-side route changes in the shell: each new screen's heading takes focus (announced, and Tab starts
  // there). The menu comes before the content: back from the heading.
  await tabTo(page, 'History', { back: true })
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/app\/cash\/transaction-history$/)
  await expectHeadingFocused(page, 'Transaction history')
  await tabTo(page, 'Add money', { back: true })
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/app\/cash\/top-up$/)
  await expectHeadingFocused(page, 'Add money')

  // Top-up hub → PIX send is a link away from the shell; open the PIX payment screen.
  await page.goto('/app/cash/pix/send')
  await expectHeadingFocused(page, 'Pay with PIX')
  await tabTo(page, 'PIX key or code')
  await page.keyboard.type(
    '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano ' +
      'de Tal6008BRASILIA62070503***63041D3D',
  )
  await tabTo(page, 'Amount in reais')
  await page.keyboard.type('12')
  await page.keyboard.press('Enter')

  // Review and confirm with the password, by keyboard.
  await expect(page.getByTestId('pix-send.recipient')).toContainText('Fulano de Tal, BRASILIA')
  await tabTo(page, 'Your password')
  await page.keyboard.type(DEMO_PASSWORD)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status')).toContainText('paid to Fulano de Tal')
  // The way on is reachable by keyboard too.
  await tabTo(page, 'Go to home')
  await page.keyboard.press('Enter')
  await expectHeadingFocused(page, 'Home')
})

test('an error shown at a field is tied to it and reached by keyboard', async ({ page }) => {
  await page.goto('/app/cash/sign-in')
  await tabTo(page, 'E-mail')
  await page.keyboard.type('not-an-email')
  await page.keyboard.press('Enter')
  const email = page.getByLabel('E-mail')
  await expect(email).toHaveAttribute('aria-invalid', 'true')
  const describedBy = (await email.getAttribute('aria-describedby'))!
  await expect(page.locator(`[id="${describedBy.split(' ').pop()}"]`)).toHaveText(
    'Enter an e-mail address like name@example.com.',
  )
})
