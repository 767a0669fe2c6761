/**
 * `npm run screenshots`: the key screens at phone (390 px) and desktop (1280 px) width, light and a few dark,
 * into docs/screens/ as PNG. Builds first when dist/ is missing, starts a server on a free port with a fresh
 * seeded in-memory database (as the browser tests do), adds a few card purchases so lists have something to
 * show, signs the personas in through the API and photographs each screen once it has settled.
 *
 *   npm run screenshots              # every screen
 *   npm run screenshots -- home card # only those whose name starts so
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { chromium, type Browser, type Page } from '@playwright/test'
import { DEMO_PASSWORD, CARD_IDS, ACCOUNT_IDS, persona, type PersonaKey } from '../fixtures/personas'
import { startCashServer, workerPort } from '../e2e/support/cash-server'

const OUT = 'docs/screens'
const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 860 }

type Shot = {
  name: string
  who: PersonaKey | null
  path: string | ((ctx: Ctx) => string)
  size: 'phone' | 'desktop'
  dark?: boolean
  locale?: 'en-US' | 'pt-BR'
  full?: boolean
}
type Ctx = { detailPath: string }

const SHOTS: Shot[] = [
  { name: 'sign-in', who: null, path: '/app/cash/sign-in', size: 'phone' },
  { name: 'sign-in', who: null, path: '/app/cash/sign-in', size: 'desktop' },
  { name: 'home', who: 'personal', path: '/app/cash', size: 'phone', full: true },
  { name: 'home', who: 'personal', path: '/app/cash', size: 'phone', dark: true },
  { name: 'home', who: 'personal', path: '/app/cash', size: 'phone', locale: 'pt-BR' },
  { name: 'home', who: 'personal', path: '/app/cash', size: 'desktop' },
  { name: 'card', who: 'personal', path: '/app/cash/card/@personal', size: 'phone' },
  { name: 'card', who: 'personal', path: '/app/cash/card/@personal', size: 'desktop', dark: true },
  { name: 'history', who: 'personal', path: '/app/cash/transaction-history', size: 'phone' },
  { name: 'history', who: 'personal', path: '/app/cash/transaction-history', size: 'desktop' },
  { name: 'transaction', who: 'personal', path: (c) => c.detailPath, size: 'phone' },
  { name: 'pix-send', who: 'personal', path: '/app/cash/pix/send', size: 'phone' },
  { name: 'top-up', who: 'personal', path: '/app/cash/top-up', size: 'phone' },
  { name: 'withdraw', who: 'personal', path: '/app/cash/withdraw', size: 'phone', dark: true },
  { name: 'earn', who: 'personal', path: '/app/cash/earn', size: 'phone' },
  { name: 'earn-vault', who: 'personal', path: '/app/cash/earn/liquid', size: 'desktop' },
  { name: 'earn-vault', who: 'personal', path: '/app/cash/earn/liquid', size: 'phone', dark: true, locale: 'pt-BR' },
  { name: 'admin-home', who: 'admin', path: '/app/cash/admin', size: 'desktop' },
]

const API = '/app/cash/api/v1'

async function token(baseURL: string, key: PersonaKey): Promise<string> {
  const res = await fetch(`${baseURL}${API}/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: persona(key).email, password: DEMO_PASSWORD, client: 'native' }),
  })
  if (!res.ok) throw new Error(`sign-in of ${key}: ${res.status}`)
  return ((await res.json()) as { token: string }).token
}

async function call(baseURL: string, bearer: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${baseURL}${API}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${bearer}`,
      'content-type': 'application/json',
      'idempotency-key': `shots-${Date.now()}-${Math.random()}`,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`)
  return res.json()
}

/** A few everyday purchases on Paula's card, so home, the card and history show real rows. */
async function arrange(baseURL: string): Promise<Ctx> {
  const admin = await token(baseURL, 'admin')
  for (const p of [
    { amount: '62.10', merchantName: 'Mercado Azul', mcc: '5411' },
    { amount: '18.20', merchantName: 'Uber Trip', mcc: '4121' },
    { amount: '4.50', merchantName: 'Blue Bottle Coffee', mcc: '5814' },
  ])
    await call(baseURL, admin, `/sandbox/cards/${CARD_IDS.personal}/purchases`, { ...p, merchantCity: 'LISBOA' })
  const paula = await token(baseURL, 'personal')
  const history = (await call(baseURL, paula, `/accounts/${ACCOUNT_IDS.personal}/history?limit=5`)) as {
    items: { type: string; id: string }[]
  }
  const first = history.items[0]
  if (!first) throw new Error('no history to show')
  return { detailPath: `/app/cash/transaction-history/${first.type}/${first.id}` }
}

async function signIn(baseURL: string, key: PersonaKey) {
  const res = await fetch(`${baseURL}${API}/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: persona(key).email, password: DEMO_PASSWORD, client: 'web' }),
  })
  if (!res.ok) throw new Error(`web sign-in of ${key}: ${res.status}`)
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .map((c) => c.split('='))
  return cookie.map(([name, ...value]) => ({ name: name!, value: value.join('='), url: baseURL }))
}

/**
 * Waits for the page to settle: loaded and live (the server-drawn screen taken over by its code), its heading
 * shown, no loading line left, fonts ready. Not "network idle": a page that refreshes live (the vault's figures)
 * never goes quiet.
 */
async function settle(page: Page) {
  await page.waitForLoadState('load')
  await page.waitForFunction(() => !document.querySelector('#root[inert]'))
  await page.getByRole('heading', { level: 1 }).first().waitFor()
  await page
    .locator('[role="status"]:has-text("Loading"), [role="status"]:has-text("Carregando")')
    .first()
    .waitFor({ state: 'detached', timeout: 15_000 })
    .catch(() => undefined)
  await page.evaluate(() => document.fonts.ready)
}

async function shoot(
  browser: Browser,
  baseURL: string,
  shot: Shot,
  ctx: Ctx,
  cookies: Map<PersonaKey, Awaited<ReturnType<typeof signIn>>>,
) {
  const context = await browser.newContext({
    viewport: shot.size === 'phone' ? PHONE : DESKTOP,
    deviceScaleFactor: 1,
    locale: shot.locale ?? 'en-US',
    colorScheme: shot.dark ? 'dark' : 'light',
    reducedMotion: 'reduce',
  })
  try {
    if (shot.who) {
      if (!cookies.has(shot.who)) cookies.set(shot.who, await signIn(baseURL, shot.who))
      await context.addCookies(cookies.get(shot.who)!)
    }
    const page = await context.newPage()
    await page.goto(`${baseURL}${typeof shot.path === 'string' ? shot.path : shot.path(ctx)}`)
    await settle(page)
    const file =
      `${OUT}/${shot.name}-${shot.size}${shot.dark ? '-dark' : ''}` + `${shot.locale === 'pt-BR' ? '-pt-br' : ''}.png`
    await page.screenshot({ path: file, fullPage: shot.full ?? false })
    console.log(file)
  } finally {
    await context.close()
  }
}

async function main() {
  const only = process.argv.slice(2)
  if (!existsSync('dist/server')) {
    console.log('Building (dist/ is missing)…')
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' })
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--ssr'], { stdio: 'inherit' })
  }
  mkdirSync(OUT, { recursive: true })
  const server = await startCashServer(await workerPort(0))
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
    args: ['--no-sandbox', '--disable-gpu'],
  })
  try {
    const ctx = await arrange(server.baseURL)
    const cookies = new Map<PersonaKey, Awaited<ReturnType<typeof signIn>>>()
    for (const shot of SHOTS.filter((s) => only.length === 0 || only.some((o) => s.name.startsWith(o))))
      await shoot(browser, server.baseURL, shot, ctx, cookies)
  } finally {
    await browser.close()
    await server.stop()
  }
}

await main()
