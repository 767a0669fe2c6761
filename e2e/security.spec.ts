import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { CashApp } from './support/cash-app'

/**
 * The Content-Security-Policy in a real browser: the shell, an embed page, a webview page, the QA harness
 * (framing an embed) and a server-written page load with no CSP violation; an embed framed by a page of
 * another origin is refused by frame-ancestors.
 */
declare global {
  interface Window {
    __cspViolations?: string[]
  }
}

/** Collects CSP violations from every frame (events) and the console (reports Chromium prints). */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = []
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (load|execute|apply|frame|connect)/i.test(m.text())) console.push(m.text())
  })
  await page.addInitScript(() => {
    window.__cspViolations = []
    document.addEventListener('securitypolicyviolation', (e) =>
      window.__cspViolations!.push(`${e.violatedDirective} ${e.blockedURI}`),
    )
  })
  return async () => {
    const fromFrames: string[] = []
    for (const frame of page.frames())
      fromFrames.push(...((await frame.evaluate(() => window.__cspViolations ?? []).catch(() => [])) as string[]))
    return [...console, ...fromFrames]
  }
}

function expectStrictCsp(header: string | undefined, frameAncestors: string) {
  expect(header).toContain("script-src 'self'")
  expect(header).toContain(`frame-ancestors ${frameAncestors}`)
  expect(header).not.toContain('unsafe-inline')
}

test.describe('Content-Security-Policy in the browser', () => {
  test('the shell signed out and signed in renders with no violation', async ({ page }) => {
    const violations = await watchCsp(page)
    const res = await page.goto('/app/cash/sign-in')
    expectStrictCsp(res?.headers()['content-security-policy'], "'none'")
    expect(res?.headers()['x-frame-options']).toBe('DENY')
    await new CashApp(page).useSession('personal')
    await page.goto('/app/cash/cards')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    expect(await violations()).toEqual([])
  })

  test('a standalone webview page and an embed page render with no violation', async ({ page }) => {
    const violations = await watchCsp(page)
    const res = await page.goto('/app/cash/webview/top-up')
    expectStrictCsp(res?.headers()['content-security-policy'], "'self'")
    expect(res?.headers()['x-frame-options']).toBe('SAMEORIGIN')
    await expect(
      page.getByRole('heading', { level: 1 }).or(page.getByRole('heading', { name: 'Sign in to Cash' })),
    ).toBeVisible()
    await page.goto('/app/cash/webview/home')
    await expect(page.getByRole('heading').first()).toBeVisible()
    expect(await violations()).toEqual([])
  })

  test('the QA harness frames an embed (same origin) with no violation', async ({ page }) => {
    const violations = await watchCsp(page)
    const res = await page.goto('/app/cash/webview/test')
    expectStrictCsp(res?.headers()['content-security-policy'], "'none'")
    await page.getByLabel('Page').selectOption('pix/send')
    await page.getByRole('button', { name: 'Launch' }).click()
    await expect(page.getByTestId('qa.log')).toContainText('← embed req ready')
    const frame = page.frames().find((f) => f.url().includes('/webview/pix/send'))!
    await expect(frame.locator('#root')).not.toBeEmpty()
    expect(await violations()).toEqual([])
  })

  test('the server-written API reference keeps its inline style through the CSP hash', async ({ page }) => {
    const violations = await watchCsp(page)
    await page.goto('/app/cash/api/v1/docs')
    await expect(page.getByRole('heading', { name: 'Cash API reference' })).toBeVisible()
    // The inline style applied: the page is at most 60rem wide.
    expect(await page.locator('body').evaluate((b) => getComputedStyle(b).maxWidth)).toBe('960px')
    expect(await violations()).toEqual([])
  })

  test.describe('framing by another origin', () => {
    let server: Server
    // A port of the system's choosing: every worker runs its own Cash server on a port of its own.
    let foreignPort = 0
    test.beforeAll(async ({ baseURL }) => {
      server = createServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' })
        res.end(
          `<!doctype html><title>Foreign</title><h1>Foreign site</h1><iframe id="embed" ` +
            `title="framed" src="${baseURL}/app/cash/webview/top-up"></iframe><iframe ` +
            `id="shell" title="shell" src="${baseURL}/app/cash/sign-in"></iframe>`,
        )
      })
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      foreignPort = (server.address() as AddressInfo).port
    })
    test.afterAll(async () => {
      await new Promise((resolve) => server.close(resolve))
    })

    test('an embed or the shell framed by a foreign origin is refused and not rendered', async ({ page }) => {
      const refused: string[] = []
      page.on('console', (m) => {
        if (/frame-ancestors|Refused to display/i.test(m.text())) refused.push(m.text())
      })
      const embedLoaded = page.waitForResponse((r) => r.url().includes('/app/cash/webview/top-up'))
      await page.goto(`http://127.0.0.1:${foreignPort}/`)
      await expect(page.getByRole('heading', { name: 'Foreign site' })).toBeVisible()
      // The server answered (with its CSP), and the browser refused to show it.
      expect((await embedLoaded).headers()['content-security-policy']).toContain("frame-ancestors 'self'")
      await expect.poll(() => refused.length).toBeGreaterThanOrEqual(2)
      for (const frame of page.frames().filter((f) => f !== page.mainFrame())) {
        const rendered = await frame
          .evaluate(() => document.getElementById('root')?.childElementCount ?? 0)
          .catch(() => 0)
        expect(rendered, frame.url()).toBe(0)
      }
    })
  })
})
