import type { Page } from '@playwright/test'
import { ACCOUNT_IDS, DEMO_PASSWORD, PERSONAS } from '../fixtures/personas'
import { apiAs } from './support/api'
import { expect, test } from './support/fixtures'
import { JPEG, PNG } from './support/identity'

const EMBED = 'iframe[title="Embed under test"]'

/**
 * Opens the harness, launches `webview` (on `screen`, when given) as `email` and waits for the embed's handshake (and
 * the sandbox controls when signed in).
 */
async function launch(page: Page, webview: string, email = 'personal@demo.cash', screen?: string) {
  await page.goto('/app/cash/webview/test')
  return launchHere(page, webview, email, screen)
}

/**
 * Launches `webview` in the harness already open, as the Launch button does for a tester trying page after page:
 * the harness clears its log and frames the new page; the sandbox controls stay when the persona does. The
 * handshake is waited for once the frame shows the new launch (its address changes), so the last launch's log can
 * never answer for it.
 */
async function launchHere(page: Page, webview: string, email = 'personal@demo.cash', screen?: string) {
  const before = await page
    .locator(EMBED)
    .getAttribute('src')
    .catch(() => null)
  await page.getByRole('combobox', { name: 'Page', exact: true }).selectOption(webview)
  if (screen) await page.getByRole('combobox', { name: 'Screen', exact: true }).selectOption(screen)
  await page.getByRole('combobox', { name: 'Persona', exact: true }).selectOption(email)
  await page.getByRole('button', { name: 'Launch' }).click()
  if (before) await expect(page.locator(EMBED)).not.toHaveAttribute('src', before)
  await expect(page.getByTestId('qa.log')).toContainText('← embed req ready')
  if (email) await expect(page.getByTestId('sandbox-controls')).toBeVisible()
  return { embed: page.frameLocator(EMBED), controls: page.getByTestId('sandbox-controls') }
}

/** The embed's history row for `title` (merchant, "USDC deposit", …). */
const row = (embed: ReturnType<Page['frameLocator']>, title: string | RegExp) =>
  embed.getByRole('listitem').filter({ hasText: title })

/** Counts full page loads of the embed, so a test can prove it showed a change without reloading. */
async function countEmbedLoads(page: Page) {
  let loads = 0
  page.on('framenavigated', (f) => (f !== page.mainFrame() && f.url().includes('/webview/') ? loads++ : 0))
  return () => loads
}

test.describe('the QA harness', () => {
  test('at 1280 px: controls, the embed whole at phone width, and the bridge log with payloads beside it', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    await launch(page, 'history')
    const controls = (await page.getByTestId('qa.controls').boundingBox())!
    const frame = (await page.locator(EMBED).boundingBox())!
    const log = (await page.getByTestId('qa.log').boundingBox())!
    // The frame is a whole phone: 390 × 844 inside a 1 px border, on the page, not squeezed or cut.
    expect(frame.width).toBe(392)
    expect(frame.height).toBe(846)
    expect(frame.x + frame.width).toBeLessThanOrEqual(1280)
    expect(
      await page
        .frames()
        .find((f) => f.url().includes('/webview/history'))!
        .evaluate(() => window.innerWidth),
    ).toBe(390)
    // Three columns side by side: controls | phone | log.
    expect(controls.x + controls.width).toBeLessThanOrEqual(frame.x)
    expect(log.x).toBeGreaterThanOrEqual(frame.x + frame.width)
    expect(log.y).toBeLessThan(frame.y + frame.height)
    expect(log.width).toBeGreaterThanOrEqual(240)
    // Newest first, each message with its payload as formatted JSON, scrolling inside its own box.
    const lines = page.getByTestId('qa.log').getByRole('listitem')
    await expect(lines.filter({ hasText: '← embed req ready' }).locator('pre')).toContainText('"method": "ready"')
    await expect(lines.last()).toContainText('← embed hello')
    const heads = await lines.locator('code').allInnerTexts()
    expect(heads.indexOf('→ embed res ok')).toBeLessThan(heads.indexOf('← embed req ready'))
    expect(heads.indexOf('← embed req ready')).toBeLessThan(heads.indexOf('→ embed ack'))
    expect(await page.getByTestId('qa.log').evaluate((el) => getComputedStyle(el).overflowY)).toBe('auto')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280)
  })

  test('at 390 px the columns stack, and nothing scrolls sideways', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await launch(page, 'home')
    // Where each sits on the page, read in one go: the page may scroll to the embed between separate reads of
    // positions relative to the window (a test once read the controls before such a scroll and the embed after).
    const [controls, frame, log] = await page.evaluate(
      (selectors) =>
        selectors.map((selector) => {
          const box = document.querySelector(selector)!.getBoundingClientRect()
          return { top: box.top + window.scrollY, bottom: box.bottom + window.scrollY }
        }),
      ['[data-testid="qa.controls"]', EMBED, '[data-testid="qa.log"]'],
    )
    expect(frame!.top).toBeGreaterThanOrEqual(controls!.bottom)
    expect(log!.top).toBeGreaterThanOrEqual(frame!.bottom)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  })

  test('offers every persona of the fixtures', async ({ page }) => {
    await page.goto('/app/cash/webview/test')
    await expect(page.getByRole('combobox', { name: 'Persona', exact: true })).toBeVisible()
    const offered = await page
      .getByRole('combobox', { name: 'Persona', exact: true })
      .locator('option')
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))
    expect(offered).toEqual(['', ...PERSONAS.map((p) => p.email)])
    await expect(page.getByRole('combobox', { name: 'Persona', exact: true })).toContainText('ops@demo.cash')
  })

  test('every page in the list opens on a valid screen, not an error or "not found"', async ({ page }) => {
    test.setTimeout(300_000)
    await page.goto('/app/cash/webview/test')
    await expect(page.getByRole('combobox', { name: 'Page', exact: true })).toBeVisible()
    const pages = await page
      .getByRole('combobox', { name: 'Page', exact: true })
      .locator('option')
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))
    expect(pages).toEqual(expect.arrayContaining(['history', 'support', 'admin', 'home']))
    for (const webview of pages) {
      // Each page as the persona it is for: the back office as an admin, sign-in signed out, onboarding as the new
      // sign-up.
      const email =
        webview === 'admin'
          ? 'admin@demo.cash'
          : webview === 'auth'
            ? ''
            : webview === 'onboarding'
              ? 'new@demo.cash'
              : 'personal@demo.cash'
      await launchHere(page, webview, email)
      const embed = page.frameLocator(EMBED)
      await expect(embed.getByRole('heading', { level: 1 }), webview).toBeVisible()
      await expect(embed.getByRole('heading', { level: 1 }), webview).not.toHaveText(
        /not found|something went wrong|not allowed|transaction$/i,
      )
      await expect(embed.getByText(/not found|could not be loaded|no such/i), webview).toHaveCount(0)
      await expect(embed.locator('.cash-alert'), webview).toHaveCount(0)
    }
  })
})

test.describe(
  'sandbox controls in the harness act on the embed’s account, ' + 'and the embed shows it without a reload',
  () => {
    test(
      'a card purchase appears, then clears, then is refunded; ' + 'another is reversed; a network timeout is declined',
      async ({ page }) => {
        const { embed, controls } = await launch(page, 'history')
        const loads = await countEmbedLoads(page)
        await expect(embed.getByRole('heading', { level: 1 })).toHaveText('Transaction history')
        const purchase = controls.getByRole('form', { name: 'Card purchase' })
        const buy = async (merchant: string, amount: string, button = 'Buy') => {
          await purchase.getByLabel('Merchant').fill(merchant)
          await purchase.getByLabel('Amount (USD)').fill(amount)
          await purchase.getByLabel('Category').selectOption({ label: 'Groceries' })
          await purchase.getByRole('button', { name: button, exact: true }).click()
        }
        await buy('Harness Market', '23.40')
        await expect(page.getByTestId('sandbox-outcome')).toHaveText('Purchase at Harness Market approved.')
        await expect(row(embed, 'Harness Market')).toContainText('Pending')
        await expect(row(embed, 'Harness Market')).toContainText('$23.40')

        const auth = (merchant: string) =>
          controls.getByTestId('sandbox-authorizations').getByRole('listitem').filter({ hasText: merchant })
        await auth('Harness Market').getByRole('button', { name: 'Clear' }).click()
        await expect(row(embed, 'Harness Market')).toContainText('Settled')
        await auth('Harness Market').getByRole('button', { name: 'Refund' }).click()
        await expect(row(embed, 'Harness Market')).toContainText('Refunded')

        await buy('Harness Kiosk', '4.10')
        await expect(row(embed, 'Harness Kiosk')).toContainText('Pending')
        await auth('Harness Kiosk').getByRole('button', { name: 'Reverse' }).click()
        await expect(row(embed, 'Harness Kiosk')).toContainText('Reversed')

        await buy('Harness Slow Shop', '7.70', 'Network timeout')
        await expect(page.getByTestId('sandbox-outcome')).toContainText('Purchase at Harness Slow Shop declined')
        await expect(row(embed, 'Harness Slow Shop')).toContainText('Declined')
        expect(loads()).toBe(0)
      },
    )

    test('money arrives: a chain deposit, an incoming bank transfer and a PIX charge paid', async ({
      page,
      request,
    }) => {
      const paula = await apiAs(request, 'personal')
      await paula.post(`/accounts/${ACCOUNT_IDS.personal}/pix/charges`, { brlAmount: '61.00' })
      const { embed, controls } = await launch(page, 'history')
      const loads = await countEmbedLoads(page)
      await expect(embed.getByRole('heading', { level: 1 })).toHaveText('Transaction history')

      const chain = controls.getByRole('form', { name: 'Chain deposit' })
      await chain.getByLabel('Asset').selectOption('USDC')
      await chain.getByLabel('Amount', { exact: true }).fill('137.25')
      await chain.getByRole('button', { name: 'Send deposit' }).click()
      await expect(row(embed, 'USDC deposit').filter({ hasText: '$137.25' })).toBeVisible()

      const bank = controls.getByRole('form', { name: 'Incoming bank transfer' })
      await bank.getByLabel('Amount (USD)').fill('250')
      await bank.getByLabel('Sender').fill('Harness Payroll')
      await bank.getByRole('button', { name: 'Receive transfer' }).click()
      await expect(row(embed, 'ACH from Harness Payroll')).toBeVisible()

      await controls.getByRole('listitem').filter({ hasText: 'R$61.00' }).getByRole('button', { name: 'Pay' }).click()
      await expect(row(embed, /PIX top-up/).filter({ hasText: '61' })).toBeVisible()
      expect(loads()).toBe(0)
    })

    test('a bad amount is refused at its field and sends nothing', async ({ page }) => {
      const { controls } = await launch(page, 'home')
      const bank = controls.getByRole('form', { name: 'Incoming bank transfer' })
      // The controls read amounts as every amount field does (issue 18, defect 5): "1,234.5" is good English now, and
      // the other language's decimal comma is what an English page refuses, saying how it writes decimals.
      await bank.getByLabel('Amount (USD)').fill('12,50')
      await bank.getByRole('button', { name: 'Receive transfer' }).click()
      await expect(bank.getByText('Use a point for decimals and a comma for thousands, like 1,234.56.')).toBeVisible()
      await expect(bank.getByLabel('Amount (USD)')).toHaveAttribute('aria-invalid', 'true')
      await expect(page.getByTestId('sandbox-outcome')).toHaveText('')
    })

    test('what a tester typed in the controls stays when the embed is launched again, and is sent as typed', async ({
      page,
    }) => {
      const { embed, controls } = await launch(page, 'home')
      const bank = controls.getByRole('form', { name: 'Incoming bank transfer' })
      await bank.getByLabel('Amount (USD)').fill('12,50')
      await bank.getByLabel('Sender').fill('Relaunch Payroll')
      // Framed again (a new address) for the same persona: the controls and what was typed in them stay.
      await launchHere(page, 'history')
      await expect(embed.getByRole('heading', { level: 1 })).toHaveText('Transaction history')
      await expect(bank.getByLabel('Amount (USD)')).toHaveValue('12,50')
      await expect(bank.getByLabel('Sender')).toHaveValue('Relaunch Payroll')
      await bank.getByRole('button', { name: 'Receive transfer' }).click()
      await expect(bank.getByText('Use a point for decimals and a comma for thousands, like 1,234.56.')).toBeVisible()
      await expect(page.getByTestId('sandbox-outcome')).toHaveText('')
      await bank.getByLabel('Amount (USD)').fill('12.50')
      await bank.getByRole('button', { name: 'Receive transfer' }).click()
      await expect(page.getByTestId('sandbox-outcome')).toHaveText('A bank transfer of $12.50 arrived.')
      await expect(row(embed, 'ACH from Relaunch Payroll')).toBeVisible()
      // Another persona's controls act on another account: they start afresh.
      await launchHere(page, 'history', 'borrower@demo.cash')
      await expect(page.getByText('Acting on the account of borrower@demo.cash.')).toBeVisible()
      await expect(bank.getByLabel('Amount (USD)')).toHaveValue('250')
      await expect(bank.getByLabel('Sender')).toHaveValue('Sandbox Sender')
    })

    test('time: the clock moves forward and a withdrawal past its security delay shows sent', async ({
      page,
      request,
      cashServer,
    }) => {
      const paula = await apiAs(request, 'personal')
      const w = (await paula.post(`/accounts/${ACCOUNT_IDS.personal}/withdrawals`, {
        asset: 'USDC',
        amount: '3.21',
        address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
        confirmation: { method: 'password', password: DEMO_PASSWORD },
      })) as { status: string }
      expect(w.status).toBe('delayed')
      const { embed, controls } = await launch(page, 'history')
      await expect(row(embed, /USDC withdrawal to 0x5aAe/).first()).toContainText('Pending')
      await controls.getByLabel('Minutes to move forward').fill('2')
      await controls.getByRole('button', { name: 'Advance the clock' }).click()
      // The fixtures' page clocks follow the server's (what the button moved).
      cashServer.offsetMs += 120_000
      await expect(page.getByTestId('sandbox-outcome')).toContainText('The clock is now')
      // Past the delay it is broadcast; a minute later its confirmations are in.
      await controls.getByLabel('Minutes to move forward').fill('1')
      await controls.getByRole('button', { name: 'Advance the clock' }).click()
      cashServer.offsetMs += 60_000
      await expect(row(embed, /USDC withdrawal to 0x5aAe/).first()).toContainText('Settled')
      await controls.getByRole('button', { name: 'Run due jobs now' }).click()
      await expect(page.getByTestId('sandbox-outcome')).toHaveText('Every job due now ran.')
    })
  },
)

test.describe('identity decisions in the harness', () => {
  test(
    'an application left pending opens on its screen, is approved from ' +
      'the controls, and the page shows it verified without a reload',
    async ({ page, request }) => {
      const admin = await apiAs(request, 'admin')
      await admin.put('/sandbox/settings', { identityDecisions: 'manual' })
      try {
        const nina = await apiAs(request, 'new')
        const doc = async (kind: string, bytes: Buffer) =>
          (
            (await nina.post('/identity/documents', {
              kind,
              fileName: `${kind}.bin`,
              content: bytes.toString('base64'),
            })) as { id: string }
          ).id
        const address = {
          line1: 'Rua Augusta 100',
          city: 'São Paulo',
          region: 'SP',
          postalCode: '01304-000',
          country: 'BR',
        }
        await nina.post('/kyc', {
          legalName: 'Nina Novak',
          birthDate: '1994-02-11',
          address,
          nationality: 'BR',
          idDocument: { type: 'id_card', front: await doc('id_front', JPEG), back: await doc('id_back', PNG) },
          selfie: await doc('selfie', PNG),
        })

        const { embed, controls } = await launch(page, 'onboarding', 'new@demo.cash', '/kyc')
        const loads = await countEmbedLoads(page)
        await expect(embed.getByRole('heading', { level: 1 })).toHaveText('Verify your identity')
        await expect(embed.getByTestId('identity.status')).toContainText('In review')
        await expect(controls).toContainText('KYC · Nina Novak')
        await controls.getByRole('button', { name: 'Approve', exact: true }).click()
        await expect(page.getByTestId('sandbox-outcome')).toHaveText('Nina Novak approved.')
        await expect(embed.getByRole('heading', { name: 'Your identity is verified' })).toBeVisible()
        expect(loads()).toBe(0)
      } finally {
        await admin.put('/sandbox/settings', { identityDecisions: 'auto' })
      }
    },
  )
})
