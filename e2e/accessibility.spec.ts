import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { matchRoute, ROUTES, type Guard, type RouteEntry } from '../embeds/lib/route-map'
import type { PersonaKey } from '../fixtures/personas'
import { CashApp } from './support/cash-app'

/**
 * Every route of the route map, opened in the shell by the persona that may see it, checked with axe
 * (WCAG 2.0/2.1 A and AA): no serious or critical violation, and no form field without an accessible name.
 * Light for every route; dark (contrast) for a representative subset that covers each shared component.
 */

// The same sample parameters as route-map.spec.ts.
const SAMPLES: Record<string, string> = { hash: '0x' + 'ab'.repeat(32), accountSearchParam: 'personal@demo.cash', cardId: 'card-1', userId: 'user-1', id: '42', type: 'deposit' }
const WHO: Record<Guard, PersonaKey | null> = { guest: null, public: null, 'signed-in': 'personal', personal: 'personal', corporate: 'owner', admin: 'admin' }
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

const sample = (route: RouteEntry) => `/app/cash${route.path.replace(/:(\w+)/g, (_m, name: string) => SAMPLES[name]!)}`.replace(/\/$/, '')

/** Routes that show forms, lists, cards, amounts, the QR code and charts: the dark run covers each kind. */
const DARK_SUBSET = ['/', '/sign-in', '/sign-up', '/top-up', '/pix/top-up', '/pix/send', '/withdraw/crypto', '/bank/send/add/manual', '/convert', '/earn', '/card/@personal', '/transaction-history', '/settings/alerts/spend-limit', '/my-membership', '/refer', '/support/help-center', '/people', '/card/@corporate/add', '/admin']

type Finding = { route: string; scheme: string; rule: string; impact: string; help: string; nodes: string[] }

async function settle(page: Page, route: RouteEntry) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(route.title['en-US'])
  // Data loads after the heading: wait until no loading line is left (a page may keep none at all).
  await expect(page.getByText('Loading…')).toHaveCount(0, { timeout: 10_000 })
}

/** axe's serious and critical violations, and every input, select or textarea without an accessible name. */
async function audit(page: Page, path: string, scheme: string): Promise<Finding[]> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze()
  const findings: Finding[] = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ route: path, scheme, rule: v.id, impact: v.impact!, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }))
  const unnamed = await page.locator('input:not([type=hidden]), select, textarea').evaluateAll((els) =>
    els
      .filter((el) => {
        const input = el as HTMLInputElement
        if (input.labels && input.labels.length > 0 && [...input.labels].some((l) => l.textContent?.trim())) return false
        if (el.getAttribute('aria-label')?.trim()) return false
        const ids = el.getAttribute('aria-labelledby')
        if (ids && ids.split(/\s+/).some((id) => document.getElementById(id)?.textContent?.trim())) return false
        if (el.getAttribute('title')?.trim()) return false
        return true
      })
      .map((el) => `${el.tagName.toLowerCase()}[name=${el.getAttribute('name') ?? ''}]`),
  )
  if (unnamed.length) findings.push({ route: path, scheme, rule: 'field-without-name', impact: 'serious', help: 'Every form field has an accessible name', nodes: unnamed })
  return findings
}

const report = (findings: Finding[]) => findings.map((f) => `${f.scheme} ${f.route}: ${f.rule} (${f.impact}) ${f.help}\n    ${f.nodes.join('\n    ')}`).join('\n')

async function walk(page: Page, who: PersonaKey | null, scheme: 'light' | 'dark', only?: string[]) {
  await page.emulateMedia({ colorScheme: scheme })
  if (who) await new CashApp(page).signInAs(who)
  const routes = ROUTES.filter((r) => WHO[r.guard] === who && (!only || only.includes(r.path)))
  const findings: Finding[] = []
  for (const route of routes) {
    const path = sample(route) || '/app/cash'
    await page.goto(path)
    await settle(page, route)
    findings.push(...(await audit(page, path, scheme)))
  }
  return { routes, findings }
}

test.describe('accessibility: axe (WCAG 2.1 AA) finds nothing serious on any route', () => {
  for (const who of ['personal', 'owner', 'admin', null] as const) {
    test(`every route for ${who ?? 'a signed-out visitor'}, light`, async ({ page }) => {
      test.setTimeout(150_000)
      const { routes, findings } = await walk(page, who, 'light')
      expect(routes.length).toBeGreaterThan(who === 'personal' ? 50 : 2)
      expect(findings, report(findings)).toEqual([])
    })
  }

  for (const who of ['personal', 'owner', 'admin', null] as const) {
    test(`representative routes for ${who ?? 'a signed-out visitor'}, dark`, async ({ page }) => {
      test.setTimeout(90_000)
      const { routes, findings } = await walk(page, who, 'dark', DARK_SUBSET)
      expect(routes.length).toBeGreaterThan(0)
      // The page really is dark: the body's background is the dark token.
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(15, 17, 21)')
      expect(findings, report(findings)).toEqual([])
    })
  }

  test('the shell’s own pages: QA harness, not found', async ({ page }) => {
    await new CashApp(page).signInAs('personal')
    const findings: Finding[] = []
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      await page.goto('/app/cash/webview/test')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('QA harness')
      findings.push(...(await audit(page, '/webview/test', scheme)))
      await page.goto('/app/cash/no/such/page')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found')
      findings.push(...(await audit(page, '/no/such/page', scheme)))
    }
    expect(findings, report(findings)).toEqual([])
  })
})

test('the route map has a sample path for every parameter', () => {
  for (const route of ROUTES) expect(matchRoute(sample(route).slice('/app/cash'.length) || '/')?.route).toBe(route)
})
