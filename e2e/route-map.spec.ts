import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { ALIASES, matchRoute, ROUTES, type Guard } from '../embeds/lib/route-map'
import { resolveWebview } from '../domain/webview-pages'
import { CashApp } from './support/cash-app'
import type { PersonaKey } from '../fixtures/personas'

const SAMPLES: Record<string, string> = { hash: '0x' + 'ab'.repeat(32), accountSearchParam: 'personal@demo.cash', cardId: 'card-1', userId: 'user-1', id: '42', type: 'deposit' }
const SPEC = readFileSync(new URL('../host/spec-routes.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l.startsWith('/app/cash'))
  .map((l) => l.trim().replace(/\{(\w+)\}/g, (_m, name: string) => SAMPLES[name]!))

const product = (full: string) => full.slice('/app/cash'.length) || '/'
const WHO: Record<Exclude<Guard, 'guest' | 'public'>, PersonaKey> = { 'signed-in': 'personal', personal: 'personal', corporate: 'owner', admin: 'admin' }

async function expectTitle(page: Page, title: string) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
}

/** A route of the map opens its built screen: its title, and no "not available yet" placeholder. */
async function expectBuilt(page: Page, path: string, title: string) {
  await expectTitle(page, title)
  await expect(page.getByTestId('feature-pending'), `${path} is still a placeholder`).toHaveCount(0)
}

test.describe('every path of routes.txt opens from the shell with its title', () => {
  for (const who of ['personal', 'owner', 'admin'] as const) {
    test(`routes for ${who}`, async ({ page }) => {
      test.setTimeout(120_000)
      await new CashApp(page).signInAs(who)
      const mine = SPEC.filter((full) => {
        const match = matchRoute(product(full))
        return match && match.route.guard !== 'guest' && WHO[match.route.guard as keyof typeof WHO] === who
      })
      expect(mine.length).toBeGreaterThanOrEqual(who === 'personal' ? 50 : 4)
      for (const full of mine) {
        await page.goto(full)
        await expectBuilt(page, full, matchRoute(product(full))!.route.title['en-US'])
      }
    })
  }

  test('public and guest routes, signed out', async ({ page }) => {
    for (const full of SPEC) {
      const match = matchRoute(product(full))
      if (!match || (match.route.guard !== 'public' && match.route.guard !== 'guest')) continue
      await page.goto(full)
      await expectBuilt(page, full, match.route.title['en-US'])
    }
  })

  test('the aliases land on their targets', async ({ page }) => {
    await new CashApp(page).signInAs('personal')
    for (const [from, to] of Object.entries(ALIASES)) {
      await page.goto(`/app/cash${from}`)
      await expect(page).toHaveURL(new RegExp(`/app/cash${to}$`))
      await expectTitle(page, matchRoute(to)!.route.title['en-US'])
    }
  })

  test('the standalone webview pages and the shell’s own pages open with their titles', async ({ page }) => {
    await new CashApp(page).signInAs('personal')
    for (const full of SPEC.filter((f) => f.includes('/webview/') && !f.endsWith('/webview/test'))) {
      await page.goto(full)
      const webview = resolveWebview(full.split('/webview/')[1]!)!
      await expectTitle(page, matchRoute(webview.path)!.route.title['en-US'])
    }
    await page.goto('/app/cash/webview/test')
    await expectTitle(page, 'QA harness')
    await page.goto('/app/cash/error-acknowledged')
    await expectTitle(page, 'Back on track')
  })

  test('an unknown path shows a real not-found page', async ({ page }) => {
    const res = await page.goto('/app/cash/this/does/not/exist')
    expect(res?.status()).toBe(200)
    await expectTitle(page, 'Page not found')
    await page.getByRole('link', { name: 'Go to home' }).click()
    await expect(page).toHaveURL(/\/app\/cash(\/sign-in.*)?$/)
  })

  test('role guards say plainly who a page is for', async ({ page }) => {
    const app = new CashApp(page)
    await app.signInAs('personal')
    await page.goto('/app/cash/admin/pending-holds')
    await expectTitle(page, 'Not allowed')
    await expect(page.getByText('This page is for Cash staff only. You are signed in as personal@demo.cash.')).toBeVisible()
    await page.goto('/app/cash/card/@corporate')
    await expect(page.getByText('This page is for company accounts.')).toBeVisible()
    await page.goto('/app/cash/settings')
    await page.getByRole('button', { name: 'Sign out' }).click()
    await app.signInAs('owner')
    await page.goto('/app/cash/order-card/@personal')
    await expect(page.getByText('This page is for personal accounts. You are signed in as owner@acme.demo.cash.')).toBeVisible()
  })

})

test('navigation works on a phone: the menu opens and leads somewhere', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 })
  await new CashApp(page).signInAs('personal')
  const menu = page.getByRole('button', { name: 'Menu' })
  await expect(menu).toHaveAttribute('aria-expanded', 'false')
  await menu.click()
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'History' }).click()
  await expectTitle(page, 'Transaction history')
  await expect(menu).toHaveAttribute('aria-expanded', 'false')
})

test('routes not in the spec are not quietly served', () => {
  for (const route of ROUTES) {
    const sample = route.path.replace(/:(\w+)/g, (_m, name: string) => SAMPLES[name]!)
    expect(SPEC.includes(`/app/cash${sample === '/' ? '' : sample}`), route.path).toBe(true)
  }
})
