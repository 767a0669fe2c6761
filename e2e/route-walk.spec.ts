import { readFileSync } from 'node:fs'
import type { Browser, Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { ALIASES, matchRoute, ROUTES, type Guard, type RouteEntry } from '../embeds/lib/route-map'
import { en } from '../embeds/lib/messages-en'
import { ptBR } from '../embeds/lib/messages-pt-br'
import { resolveWebview } from '../domain/webview-pages'
import type { PersonaKey } from '../fixtures/personas'
import { CashApp } from './support/cash-app'
import { useWebSession } from './support/sessions'
import { phoneFitProblems } from './support/fit'
import { axeViolations } from './support/axe'

/**
 * One walk over every route of the map, each opened once (a full load of its deep link) by the persona that
 * may see it, with every check a route gets:
 * - it opens from the shell with its title, and is built (no "not available yet" placeholder), and its
 *   Content-Security-Policy refuses nothing on it (the page arrives drawn by the server: server/http/first-screen.ts);
 * - axe (WCAG 2.0/2.1 A and AA) finds nothing serious or critical, and no form field lacks an accessible name,
 *   in light; a representative subset that covers each shared component again in dark;
 * - a holder's screen, in a browser that prefers Portuguese, shows its Portuguese title and none of the English
 *   page strings. (Back-office and support screens are checked when their rewrite lands.)
 * - every screen fits a phone (e2e/support/fit.ts): at 320 px, in English in light and in Portuguese (its
 *   strings run longer) in dark, it does not scroll sideways and cuts off no control; the dark subset again at 320 px
 *   in English. The window changes on the loaded page, so this costs no page load beyond the Portuguese one.
 * One test per embed and persona, so the workers share the walk.
 */
test.describe.configure({ mode: 'parallel' })

const SAMPLES: Record<string, string> = {
  hash: `0x${'ab'.repeat(32)}`,
  accountSearchParam: 'personal@demo.cash',
  cardId: 'card-1',
  userId: 'user-1',
  id: '42',
  type: 'deposit',
}
const SPEC = readFileSync(new URL('../host/spec-routes.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l.startsWith('/app/cash'))
  .map((l) => l.trim().replace(/\{(\w+)\}/g, (_m, name: string) => SAMPLES[name]!))

const product = (full: string) => full.slice('/app/cash'.length) || '/'
const sample = (route: RouteEntry) =>
  `/app/cash${route.path.replace(/:(\w+)/g, (_m, name: string) => SAMPLES[name]!)}`.replace(/\/$/, '')
const WHO: Record<Guard, PersonaKey | null> = {
  guest: null,
  public: null,
  'signed-in': 'personal',
  personal: 'personal',
  corporate: 'owner',
  admin: 'admin',
}

/** Routes that show forms, lists, cards, amounts, the QR code and charts: the dark run covers each kind. */
const DARK_SUBSET = [
  '/',
  '/sign-in',
  '/sign-up',
  '/top-up',
  '/pix/top-up',
  '/pix/send',
  '/withdraw/crypto',
  '/bank/send/add/manual',
  '/convert',
  '/earn',
  '/card/@personal',
  '/transaction-history',
  '/settings/alerts/spend-limit',
  '/my-membership',
  '/refer',
  '/support/help-center',
  '/people',
  '/card/@corporate/add',
  '/admin',
]

/** The holder screens read in Portuguese. */
const inPortuguese = (route: RouteEntry) =>
  (route.guard === 'signed-in' || route.guard === 'personal') && route.embed !== 'support'
const ENGLISH = Object.entries(en)
  .filter(
    ([key, text]) =>
      !key.startsWith('admin.') &&
      !key.startsWith('qa.') &&
      text !== ptBR[key as keyof typeof en] &&
      !text.includes('{') &&
      text.includes(' ') &&
      text.length >= 8,
  )
  .map(([, text]) => text)

/** The walk, one group per persona and embed. */
const GROUPS = (['personal', 'owner', 'admin', null] as const).flatMap((who) => {
  const mine = ROUTES.filter((r) => WHO[r.guard] === who)
  return [...new Set(mine.map((r) => r.embed))].map((embed) => ({
    who,
    embed,
    routes: mine.filter((r) => r.embed === embed),
  }))
})

type Finding = { route: string; scheme: string; rule: string; impact: string; help: string; nodes: string[] }
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/**
 * axe's serious and critical violations, and every input, select or textarea without an accessible name (unless
 * `hidden`).
 */
async function audit(page: Page, path: string, scheme: string): Promise<Finding[]> {
  const findings: Finding[] = (await axeViolations(page, TAGS))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      route: path,
      scheme,
      rule: v.id,
      impact: v.impact!,
      help: v.help,
      nodes: v.nodes.map((n) => n.target.join(' ')),
    }))
  const unnamed = await page.locator('input:not([type=hidden]), select, textarea').evaluateAll((els) =>
    els
      .filter((el) => {
        const input = el as HTMLInputElement
        // Not rendered, so not in the accessibility tree (a password manager's login beside a password form).
        if (el.closest('[hidden]')) return false
        if (input.labels && input.labels.length > 0 && [...input.labels].some((l) => l.textContent?.trim()))
          return false
        if (el.getAttribute('aria-label')?.trim()) return false
        const ids = el.getAttribute('aria-labelledby')
        if (ids?.split(/\s+/).some((id) => document.getElementById(id)?.textContent?.trim())) return false
        if (el.getAttribute('title')?.trim()) return false
        return true
      })
      .map((el) => `${el.tagName.toLowerCase()}[name=${el.getAttribute('name') ?? ''}]`),
  )
  if (unnamed.length)
    findings.push({
      route: path,
      scheme,
      rule: 'field-without-name',
      impact: 'serious',
      help: 'Every form field has an accessible name',
      nodes: unnamed,
    })
  return findings
}

const report = (findings: Finding[]) =>
  findings
    .map((f) => `${f.scheme} ${f.route}: ${f.rule} (${f.impact}) ${f.help}\n    ${f.nodes.join('\n    ')}`)
    .join('\n')

const DARK_BG = 'rgb(11, 12, 15)'
const LIGHT_BG = 'rgb(245, 246, 248)'
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor)

async function expectTitle(page: Page, title: string) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
}

/** Every page of the walk records what its Content-Security-Policy refused (none may be refused). */
async function recordCspViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = []
    Object.assign(window, { __cspViolations: seen })
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`),
    )
  })
}
const cspViolations = (page: Page) =>
  page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])

/**
 * Opens the route's deep link: its title, built, loaded, nothing refused by the CSP; then axe in light (and, for
 * the dark subset, axe and the 320 px phone fit in dark, into `misfits`).
 */
async function checkRoute(page: Page, route: RouteEntry, misfits: string[]): Promise<Finding[]> {
  const path = sample(route) || '/app/cash'
  await page.goto(path)
  await expectTitle(page, route.title['en-US'])
  await expect(page.getByTestId('feature-pending'), `${path} is still a placeholder`).toHaveCount(0)
  // Data loads after the heading: wait until no loading line is left (a page may keep none at all).
  await expect(page.getByText('Loading…')).toHaveCount(0)
  const refused = await cspViolations(page)
  const findings: Finding[] = refused.length
    ? [
        {
          route: path,
          scheme: 'light',
          rule: 'csp-violation',
          impact: 'serious',
          help: 'The page runs within its Content-Security-Policy',
          nodes: refused,
        },
      ]
    : []
  findings.push(...(await audit(page, path, 'light')))
  if (DARK_SUBSET.includes(route.path)) {
    // The system switches to dark: the same screen repaints with the dark tokens (light-dark()).
    expect(await background(page)).toBe(LIGHT_BG)
    await page.emulateMedia({ colorScheme: 'dark' })
    expect(await background(page)).toBe(DARK_BG)
    // Buttons ease into their dark colours (a CSS transition): axe reads contrast once they have arrived, not midway.
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)))
    findings.push(...(await audit(page, path, 'dark')))
    // While it is dark: the narrowest phone, once.
    misfits.push(...(await phoneFitProblems(page, `${route.path} (en)`, [320])))
    await page.emulateMedia({ colorScheme: 'light' })
  }
  return findings
}

/** The same route in a browser that prefers Portuguese: its Portuguese title, and no English on the page. */
async function checkPortuguese(page: Page, route: RouteEntry): Promise<string[]> {
  await openInPortuguese(page, route)
  await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(route.title['pt-BR'])
  const text = await page.locator('body').innerText()
  const problems: string[] = []
  for (const phrase of ENGLISH) if (text.includes(phrase)) problems.push(`${route.path}: "${phrase}"`)
  // Hard-coded English that is in no message file: English function words never occur in Portuguese copy.
  for (const line of text.split('\n'))
    if (/\b(the|your|The|Your|with|and)\b/.test(line)) problems.push(`${route.path}: "${line.trim()}"`)
  return problems
}

async function openInPortuguese(page: Page, route: RouteEntry) {
  await page.goto(sample(route) || '/app/cash')
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
  await expect(page.getByText(/Carregando…|Loading…/)).toHaveCount(0)
}

async function portuguesePage(browser: Browser, who: PersonaKey | null): Promise<Page> {
  const context = await browser.newContext({ locale: 'pt-BR', colorScheme: 'dark' })
  if (who) await useWebSession(context, who)
  return context.newPage()
}

test.describe(
  'every route of the map: title, built, accessible (light, ' + 'dark subset), Portuguese for holders, fits a phone',
  () => {
    for (const { who, embed, routes } of GROUPS) {
      const portuguese = routes.filter(inPortuguese).length
      test(
        `${embed} routes for ${who ?? 'a signed-out visitor'} ` +
          `(${routes.length}${portuguese ? `, ${portuguese} in pt-BR` : ''})`,
        async ({ page, browser }) => {
          // Each route is a page load, one or two axe runs, a Portuguese page load and four or five phone-fit measures.
          test.setTimeout(60_000 + routes.length * 30_000)
          await page.emulateMedia({ colorScheme: 'light' })
          await recordCspViolations(page)
          if (who) await new CashApp(page).useSession(who)
          const pt = await portuguesePage(browser, who)
          const findings: Finding[] = []
          const english: string[] = []
          const misfits: string[] = []
          for (const route of routes) {
            findings.push(...(await checkRoute(page, route, misfits)))
            misfits.push(...(await phoneFitProblems(page, `${route.path} (en)`)))
            if (inPortuguese(route)) english.push(...(await checkPortuguese(pt, route)))
            else await openInPortuguese(pt, route)
            misfits.push(...(await phoneFitProblems(pt, `${route.path} (pt-BR)`)))
          }
          await pt.context().close()
          expect(findings, report(findings)).toEqual([])
          expect(english).toEqual([])
          expect(misfits, misfits.join('\n')).toEqual([])
        },
      )
    }

    test('the groups walk every route once, by the persona that may see it', () => {
      expect(
        GROUPS.flatMap((g) => g.routes)
          .map((r) => r.path)
          .sort(),
      ).toEqual(ROUTES.map((r) => r.path).sort())
      expect(GROUPS.filter((g) => g.who === 'personal').flatMap((g) => g.routes).length).toBeGreaterThanOrEqual(50)
      for (const who of ['owner', 'admin', null])
        expect(GROUPS.filter((g) => g.who === who).flatMap((g) => g.routes).length).toBeGreaterThanOrEqual(4)
      expect(GROUPS.flatMap((g) => g.routes).filter((r) => DARK_SUBSET.includes(r.path))).toHaveLength(
        DARK_SUBSET.length,
      )
      expect(ROUTES.filter(inPortuguese).length).toBeGreaterThanOrEqual(50)
      expect(ENGLISH.length).toBeGreaterThan(100)
    })

    test('the walk opens exactly the paths of routes.txt that the shell maps', () => {
      const mapped = SPEC.filter((full) => matchRoute(product(full)))
      expect(
        ROUTES.filter((r) => !r.beyondSpec)
          .map((r) => sample(r) || '/app/cash')
          .sort(),
      ).toEqual([...new Set(mapped)].sort())
    })

    test('routes not in the spec are not quietly served', () => {
      for (const route of ROUTES) {
        const path = route.path.replace(/:(\w+)/g, (_m, name: string) => SAMPLES[name]!)
        // Beyond the spec only back-office routes, each saying why.
        if (route.beyondSpec) expect(route.guard, route.path).toBe('admin')
        else expect(SPEC.includes(`/app/cash${path === '/' ? '' : path}`), route.path).toBe(true)
      }
    })

    test('the route map has a sample path for every parameter', () => {
      for (const route of ROUTES) expect(matchRoute(sample(route).slice('/app/cash'.length) || '/')?.route).toBe(route)
    })
  },
)

test.describe('the shell’s own paths', () => {
  test('the aliases land on their targets', async ({ page }) => {
    await new CashApp(page).useSession('personal')
    for (const [from, to] of Object.entries(ALIASES)) {
      await page.goto(`/app/cash${from}`)
      await expect(page).toHaveURL(new RegExp(`/app/cash${to}$`))
      await expectTitle(page, matchRoute(to)!.route.title['en-US'])
    }
  })

  test('the standalone webview pages and the shell’s own pages open with their titles', async ({ page }) => {
    await new CashApp(page).useSession('personal')
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

  test('the shell’s own pages, QA harness and not found, are accessible in light and dark', async ({ page }) => {
    await new CashApp(page).useSession('personal')
    const findings: Finding[] = []
    // Each page once, audited in light, then in dark as the system switches (as the walk's dark subset is).
    for (const [path, title] of [
      ['/webview/test', 'QA harness'],
      ['/no/such/page', 'Page not found'],
    ] as const) {
      await page.emulateMedia({ colorScheme: 'light' })
      await page.goto(`/app/cash${path}`)
      await expectTitle(page, title)
      expect(await background(page)).toBe(LIGHT_BG)
      findings.push(...(await audit(page, path, 'light')))
      await page.emulateMedia({ colorScheme: 'dark' })
      expect(await background(page)).toBe(DARK_BG)
      await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)))
      findings.push(...(await audit(page, path, 'dark')))
    }
    expect(findings, report(findings)).toEqual([])
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
    await app.useSession('personal')
    await page.goto('/app/cash/admin/pending-holds')
    await expectTitle(page, 'Not allowed')
    await expect(
      page.getByText('This page is for Cash staff only. You are signed in as personal@demo.cash.'),
    ).toBeVisible()
    await page.goto('/app/cash/card/@corporate')
    await expect(page.getByText('This page is for company accounts.')).toBeVisible()
    await page.goto('/app/cash/settings')
    await app.signOut()
    await app.useSession('owner')
    await page.goto('/app/cash/order-card/@personal')
    await expect(
      page.getByText('This page is for personal accounts. You are signed in as owner@acme.demo.cash.'),
    ).toBeVisible()
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
})
