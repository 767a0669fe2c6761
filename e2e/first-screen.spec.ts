import { WEBVIEW_PAGES } from '../domain/webview-pages'
import { expect, test } from './support/fixtures'
import { useWebSession } from './support/sessions'

/**
 * A webview page arrives with its first screen drawn in the HTML (server/http/first-screen.ts), so a phone paints
 * it before any code arrives; the code then takes that markup over: no second drawing (a mismatch logs an error),
 * no second request for the session or for the data the screen was drawn with, and the page answers taps.
 */
test('each webview page arrives drawn, with its session and data, and the browser takes it over as it is', async ({
  page,
  context,
}) => {
  await useWebSession(context, 'personal')
  const errors: string[] = []
  page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())))
  page.on('pageerror', (e) => void errors.push(String(e)))
  const asked: string[] = []
  const drawn = new Map<string, string>()
  page.on('request', (r) => void (r.url().includes('/api/v1/') && asked.push(new URL(r.url()).pathname)))
  for (const webview of Object.keys(WEBVIEW_PAGES)) {
    const res = await context.request.get(`/app/cash/webview/${webview}`)
    expect(res.headers()['cache-control']).toBe('private, no-store')
    const html = await res.text()
    // Drawn: the root holds the signed-in screen's heading, the session and the code's addresses ride along.
    expect(html, webview).toMatch(/<div id="root" data-ssr="" inert="">.*<h1[^>]*>[^<]+<\/h1>/s)
    expect(html).toContain('id="cash-boot"')
    expect(html).not.toMatch(/<script type="module"/)
    drawn.set(webview, html)
    asked.length = 0
    await page.goto(`/app/cash/webview/${webview}`)
    await expect(page.locator('#root')).not.toHaveAttribute('inert')
    expect(
      asked.filter((p) => p.endsWith('/auth/session')),
      webview,
    ).toEqual([])
  }
  // The rewards screen was drawn with its data: the browser does not ask for it again.
  expect(asked.filter((p) => p.includes('/promotions/membership-rewards'))).toEqual([])
  expect(drawn.get('promotion/membership-rewards')).toMatch(
    /<script type="application\/json" id="cash-data">\{"membership-rewards:/,
  )
  expect(errors).toEqual([])
})

test('a drawn page answers the holder once its code has taken it over', async ({ page, context }) => {
  await useWebSession(context, 'personal')
  await page.goto('/app/cash/webview/pix/send')
  await expect(page.locator('#root')).not.toHaveAttribute('inert')
  await page.getByLabel(/PIX key or code/).fill('not a key')
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByText(/Enter a PIX key/).first()).toBeVisible()
})

test(
  'the web shell arrives drawn too: home with its balances ' +
    'for a signed-in holder, the sign-in form for anyone else',
  async ({ page, context, browser }) => {
    await useWebSession(context, 'personal')
    const errors: string[] = []
    page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())))
    const home = await (await context.request.get('/app/cash')).text()
    expect(home).toMatch(/<div id="root" data-ssr="" inert="">.*<h1[^>]*>Home<\/h1>.*Spendable/s)
    expect(home).toMatch(/id="cash-data">\{.*"home:/)
    await page.goto('/app/cash')
    await expect(page.locator('#root')).not.toHaveAttribute('inert')
    await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible()
    const guest = await browser.newContext()
    const signIn = await (await guest.request.get('/app/cash/sign-in')).text()
    expect(signIn).toMatch(
      /<div id="root" data-ssr="" inert=""( data-ssr-signed-out="")?>.*<h1[^>]*>Sign in to Cash<\/h1>/s,
    )
    await guest.close()
    expect(errors).toEqual([])
  },
)

test('inside a native host, a page drawn signed out stays hidden until the page has heard from its host', async ({
  context,
}) => {
  // What the server cannot know: the host signs the page in over the bridge. Here the host is an Android
  // bridge that never answers, so the page ends up standalone and signed out, and shows that.
  const page = await context.newPage()
  await page.addInitScript(() => {
    Object.assign(window, {
      cashBridge: {
        postMessage: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      },
    })
    document.addEventListener('DOMContentLoaded', () =>
      Object.assign(window, { __firstVisibility: getComputedStyle(document.getElementById('root')!).visibility }),
    )
  })
  await page.goto('/app/cash/webview/withdraw')
  expect(await page.evaluate(() => (window as unknown as { __firstVisibility: string }).__firstVisibility)).toBe(
    'hidden',
  )
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible()
})
