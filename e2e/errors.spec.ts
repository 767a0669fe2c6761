import { expect, test } from './support/fixtures'
import { DEMO_PASSWORD } from '../fixtures/personas'
import { CashApp } from './support/cash-app'

test(
  'a client-side exception shows the exact failure text, ' + 'is reported through the tunnel, and Continue clears it',
  async ({ page, request }) => {
    const app = new CashApp(page)
    await app.signInAs('personal')
    // The transaction-history embed's code fails as it loads (a broken deploy, say).
    await page.route(/\/assets\/history-embed-[\w-]+\.js$/, (route) =>
      route.fulfill({ contentType: 'text/javascript', body: 'throw new TypeError("history embed failed to load")' }),
    )
    const report = page.waitForRequest((r) => r.url().includes('/app/cash/monitoring?o=1&p=1') && r.method() === 'POST')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'History' }).click()
    const host = new URL(page.url()).host
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `Application error: a client-side exception has occurred while ` +
        `loading ${host} (see the browser console for more information).`,
    )
    await report

    const admin = await request.post('/app/cash/api/v1/auth/sign-in', {
      data: { email: 'admin@demo.cash', password: DEMO_PASSWORD, client: 'native' },
    })
    const { token } = await admin.json()
    await expect
      .poll(async () => {
        const inbox = await request.get('/app/cash/api/v1/admin/error-inbox', {
          headers: { authorization: `Bearer ${token}` },
        })
        return JSON.stringify(await inbox.json())
      })
      .toContain('history embed failed to load')

    await page.getByRole('link', { name: 'Continue' }).click()
    await expect(page).toHaveURL(/\/app\/cash\/error-acknowledged$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Back on track')
    // The page arrives drawn by the server; its code clears the error state once it runs.
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('cash:error'))).toBeNull()
    await page.getByRole('link', { name: 'Go to home' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Home')
  },
)
