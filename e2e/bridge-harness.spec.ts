import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { WEBVIEW_PAGES } from '../domain/webview-pages'
import { matchRoute } from '../embeds/lib/route-map'

type QaBridge = {
  mode: string
  transport: string
  capabilities: string[]
  drops: { dropped: number; reasons: Record<string, number> }
  call(method: string, params: unknown): Promise<unknown>
}
declare global {
  interface Window {
    __cashBridge?: QaBridge
  }
}

async function launch(page: Page, webview: string, off: string[] = []) {
  await page.goto('/app/cash/webview/test')
  await page.getByLabel('Page').selectOption(webview)
  for (const capability of off) await page.getByRole('checkbox', { name: capability }).uncheck()
  await page.getByRole('button', { name: 'Launch' }).click()
  const log = page.getByTestId('qa.log')
  await expect(log).toContainText('→ embed ack')
  await expect(log).toContainText('← embed req ready')
  const frame = page.frames().find((f) => f.url().includes(`/webview/${webview}`))!
  return { log, frame }
}

test.describe('standalone webview pages and the QA harness', () => {
  for (const [webview, { path }] of Object.entries(WEBVIEW_PAGES)) {
    test(`${webview} opens standalone and completes the handshake with the harness`, async ({ page }) => {
      const standalone = await page.goto(`/app/cash/webview/${webview}`)
      expect(standalone?.status()).toBe(200)
      // Standalone and signed out: the page is there and asks for sign-in (no host: web mode). The server draws
      // the first screen, so the heading shows before the code has connected the bridge: wait for that.
      await expect(
        page.getByRole('heading', { level: 1 }).or(page.getByRole('heading', { name: 'Sign in to Cash' })),
      ).toBeVisible()
      await expect.poll(() => page.evaluate(() => window.__cashBridge?.mode)).toBe('web')

      const { frame } = await launch(page, webview)
      const title = matchRoute(path)!.route.title['en-US']
      await expect(page.frameLocator('iframe[title="Embed under test"]').getByRole('heading', { level: 1 })).toHaveText(
        title,
      )
      expect(
        await frame.evaluate(() => ({ mode: window.__cashBridge?.mode, transport: window.__cashBridge?.transport })),
      ).toEqual({ mode: 'host', transport: 'port' })
    })
  }

  test('a capability the harness turned off fails fast with a typed error', async ({ page }) => {
    const { frame, log } = await launch(page, 'pix/send', ['scanQr'])
    const outcome = await frame.evaluate(async () => {
      const started = performance.now()
      try {
        await window.__cashBridge!.call('scanQr', { prompt: 'Scan a PIX code' })
        return { code: 'none', ms: 0 }
      } catch (e) {
        return { code: (e as { code: string }).code, name: (e as Error).name, ms: performance.now() - started }
      }
    })
    expect(outcome).toMatchObject({ code: 'UNAVAILABLE', name: 'BridgeError' })
    expect(outcome.ms).toBeLessThan(50)
    await expect(log).not.toContainText('scanQr')
  })

  test('the harness answers a confirm request and the embed gets the answer', async ({ page }) => {
    const { frame } = await launch(page, 'withdraw')
    const pending = frame.evaluate(() =>
      window.__cashBridge!.call('confirm', {
        title: 'Withdraw',
        amount: '100.00',
        asset: 'USDC',
        detail: 'Network fee $0.40',
        challenge: 'qa-challenge',
      }),
    )
    await expect(page.getByText('Confirm with biometrics: Withdraw: 100.00 USDC — Network fee $0.40')).toBeVisible()
    await page.getByRole('button', { name: 'Approve' }).click()
    // The harness answers the challenge like a native host, with the confirm secret of its native sign-in (issue 19).
    expect(await pending).toEqual({
      confirmed: true,
      method: 'biometrics',
      signature: expect.stringMatching(/^[\w-]{43}$/),
    })
    await expect(page.getByTestId('qa.log')).toContainText('← embed req confirm')
    await expect(page.getByTestId('qa.log')).toContainText('→ embed res ok')
  })

  test('the harness hands the persona’s session to the embed by bearer token', async ({ page }) => {
    await launch(page, 'top-up')
    const frame = page.frameLocator('iframe[title="Embed under test"]')
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText('Add money')
    await expect(frame.getByText('Sign in to Cash to see this page.')).toHaveCount(0)
  })

  test('an embed framed by a foreign origin is refused (frame-ancestors): no page, no bridge, no ack', async ({
    page,
    baseURL,
  }) => {
    // The same server under another origin (localhost vs 127.0.0.1) plays a hostile parent page. Before any
    // bridge check (windowWire drops a foreign origin too: bridge/fuzz.test.ts), the browser refuses to
    // render the embed at all, since embed pages allow only our own origin as an ancestor.
    const foreign = baseURL!.replace('127.0.0.1', 'localhost')
    const refused: string[] = []
    page.on('console', (m) => {
      // The hostile page here is our own shell under another origin, whose frame-src already refuses; a
      // foreign site's page meets frame-ancestors instead (e2e/security.spec.ts).
      if (/frame-ancestors|frame-src|Refused to frame/.test(m.text())) refused.push(m.text())
    })
    await page.goto(`${foreign}/app/cash/no-such-page`)
    let acked = 0
    await page.exposeFunction('__acked', () => acked++)
    await page.evaluate((src) => {
      window.addEventListener('message', (e) => {
        const hello = e.data as { kind?: string; ch?: string; id?: string }
        if (hello?.kind !== 'hello') return
        ;(window as unknown as { __acked: () => void }).__acked()
        const ack = {
          ns: 'cash-bridge',
          v: 1,
          ch: hello.ch,
          id: `ack-${hello.id}`,
          kind: 'ack',
          capabilities: ['confirm'],
          context: {
            sessionToken: 'stolen',
            user: null,
            accountKind: null,
            locale: 'en-US',
            theme: 'dark',
            safeArea: { top: 0, right: 0, bottom: 0, left: 0 },
            platform: 'ios',
            appVersion: 'evil',
          },
        }
        ;(e.source as Window).postMessage(ack, '*')
      })
      const iframe = document.createElement('iframe')
      iframe.src = src
      document.body.append(iframe)
    }, `${baseURL}/app/cash/webview/top-up`)
    await expect.poll(() => refused.length).toBeGreaterThanOrEqual(1)
    for (const frame of page.frames().filter((f) => f !== page.mainFrame())) {
      expect(await frame.evaluate(() => Boolean(window.__cashBridge)).catch(() => false)).toBe(false)
    }
    // The embed never ran, so it never said hello to the hostile parent.
    expect(acked).toBe(0)
  })
})
