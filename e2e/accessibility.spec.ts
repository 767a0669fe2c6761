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
  const results = await new AxeBuilder({ page }).withTags(TAGS).options({ resultTypes: ['violations'] }).analyze()
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

const DARK_BG = 'rgb(15, 17, 21)'
const LIGHT_BG = 'rgb(246, 247, 249)'
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor)

/** Opens each route the persona may see, audits it in light, and the representative ones again in dark. */
async function walk(page: Page, who: PersonaKey | null, routes: RouteEntry[]) {
  await page.emulateMedia({ colorScheme: 'light' })
  if (who) await new CashApp(page).signInAs(who)
  const findings: Finding[] = []
  let dark = 0
  for (const route of routes) {
    const path = sample(route) || '/app/cash'
    // A client-side route change in the shell (as a tap on a link does): faster than a reload.
    if (page.url().includes('/app/cash')) await page.evaluate((to) => (history.pushState(null, '', to), dispatchEvent(new PopStateEvent('popstate'))), path)
    else await page.goto(path)
    await settle(page, route)
    findings.push(...(await audit(page, path, 'light')))
    if (DARK_SUBSET.includes(route.path)) {
      // The system switches to dark: the same screen repaints with the dark tokens (light-dark()).
      expect(await background(page)).toBe(LIGHT_BG)
      await page.emulateMedia({ colorScheme: 'dark' })
      expect(await background(page)).toBe(DARK_BG)
      findings.push(...(await audit(page, path, 'dark')))
      await page.emulateMedia({ colorScheme: 'light' })
      dark++
    }
  }
  return { routes, findings, dark }
}

test.describe('accessibility: axe (WCAG 2.1 AA) finds nothing serious on any route', () => {
  // The personal persona sees most routes: three parts, each with its own time budget.
  const GROUPS = (['personal', 'owner', 'admin', null] as const).flatMap((who) => {
    const mine = ROUTES.filter((r) => WHO[r.guard] === who)
    const parts = who === 'personal' ? 3 : 1
    const size = Math.ceil(mine.length / parts)
    return Array.from({ length: parts }, (_, i) => ({ who, part: parts > 1 ? ` (${i + 1}/${parts})` : '', routes: mine.slice(i * size, (i + 1) * size) }))
  })

  test('the groups cover every route once', () => {
    expect(GROUPS.flatMap((g) => g.routes).map((r) => r.path).sort()).toEqual(ROUTES.map((r) => r.path).sort())
  })

  for (const { who, part, routes } of GROUPS) {
    test(`every route for ${who ?? 'a signed-out visitor'}${part}, light, and the representative ones dark`, async ({ page }) => {
      test.setTimeout(150_000)
      const { findings, dark } = await walk(page, who, routes)
      expect(routes.length).toBeGreaterThan(2)
      expect(dark).toBeGreaterThan(0)
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
