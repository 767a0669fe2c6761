import { apiAs } from './support/api'
import { CashApp, freshUser } from './support/cash-app'
import { expect, test } from './support/fixtures'
import { submitKyc } from './support/identity'

test.describe
  .serial('identity reviews with the sandbox provider left to admins', () => {
    test.afterAll(async ({ request }) => {
      // Back to the default for every other test on this server: the provider decides by itself.
      await (await apiAs(request, 'admin')).put('/sandbox/settings', { identityDecisions: 'auto' })
    })

    test(
      'the sandbox page leaves applications pending; "Pending KYC" opens ' +
        'a queue, oldest first, each opening the application to decide',
      async ({ page, request, serverClock }) => {
        await new CashApp(page).useSession('admin')
        await page.goto('/app/cash/admin/sandbox')
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sandbox')
        await page.getByRole('button', { name: 'Open controls' }).click()
        const manual = page.getByLabel('Leave new applications pending for an admin')
        await manual.check()
        await expect(page.getByTestId('sandbox-outcome')).toHaveText(
          'New applications now wait for an admin’s decision.',
        )

        const tag = `${Date.now()}`
        const first = await submitKyc(request, 'queue-a', `Queue First ${tag}`)
        await submitKyc(request, 'queue-b', `Queue Second ${tag}`)
        // Far past the provider's usual 6 s: nothing decided them.
        await serverClock.advance(120)
        expect(((await first.api.get('/kyc')) as { status: string }).status).toBe('in_review')

        await page.goto('/app/cash/admin')
        await page.getByRole('link', { name: /Pending KYC/ }).click()
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Identity reviews')
        const queue = page.getByTestId('identity-reviews')
        // The heading is drawn before the queue has loaded: wait for both applications, then read their order.
        await expect(queue.getByRole('listitem').filter({ hasText: tag })).toHaveCount(2)
        const names = await queue.getByRole('listitem').filter({ hasText: tag }).allInnerTexts()
        expect(names[0]).toContain(`Queue First ${tag}`)
        expect(names[1]).toContain(`Queue Second ${tag}`)
        await expect(queue.getByRole('listitem').filter({ hasText: `Queue First ${tag}` })).toContainText(
          'In review since',
        )

        await queue.getByRole('link', { name: `KYC · Queue First ${tag}` }).click()
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('User')
        await page
          .getByRole('button', { name: /Record decision|Decide|Approve/ })
          .first()
          .click()
        await expect.poll(async () => ((await first.api.get('/kyc')) as { status: string }).status).toBe('approved')
        await page.goto('/app/cash/admin/identity-reviews')
        await expect(page.getByTestId('identity-reviews')).not.toContainText(`Queue First ${tag}`)
        await expect(page.getByTestId('identity-reviews')).toContainText(`Queue Second ${tag}`)
      },
    )

    test('the admin sandbox page decides an application for a chosen account', async ({ page, request }) => {
      await (await apiAs(request, 'admin')).put('/sandbox/settings', { identityDecisions: 'manual' })
      const tag = `${Date.now()}`
      const person = await submitKyc(request, 'decide', `Decide Me ${tag}`)
      await new CashApp(page).useSession('admin')
      await page.goto('/app/cash/admin/sandbox')
      await page.getByRole('textbox', { name: 'Account' }).fill(person.email)
      await page.getByRole('button', { name: 'Open controls' }).click()
      const controls = page.getByTestId('sandbox-controls')
      await expect(controls).toContainText(`KYC · Decide Me ${tag}`)
      await controls.getByRole('button', { name: 'Approve', exact: true }).click()
      await expect(page.getByTestId('sandbox-outcome')).toHaveText(`Decide Me ${tag} approved.`)
      await expect(controls).toContainText('No application waiting for a decision.')
      expect(((await person.api.get('/kyc')) as { status: string }).status).toBe('approved')
    })
  })

test('sandbox data is labelled: a PIX key’s made-up recipient shows a Sandbox chip', async ({ page }) => {
  await new CashApp(page).useSession('personal')
  await page.goto('/app/cash/pix/send')
  await page.getByLabel('PIX key or code').fill('anyone@example.com')
  await page.getByLabel('Amount in reais').fill('20')
  await page.getByRole('button', { name: 'Continue' }).click()
  const recipient = page.getByTestId('pix-send.recipient')
  await expect(recipient).toContainText(', SAO PAULO')
  await expect(recipient.getByText('Sandbox', { exact: true })).toBeVisible()
})

test('without a wallet extension, a sandbox wallet completes linking', async ({ page, request }) => {
  const user = await freshUser(request, 'sandbox-wallet')
  const app = new CashApp(page)
  await app.openSignIn('/app/cash/settings/wallets')
  await app.submitSignIn(user.email, user.password)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Linked wallets')
  // No window.ethereum here: the ordinary way dead-ends with the extension message.
  await page.getByRole('button', { name: 'Link a wallet' }).click()
  await expect(page.getByRole('alert')).toContainText('No wallet found in this browser')
  await page.getByRole('button', { name: 'Link a sandbox wallet' }).click()
  await page.getByLabel('Your password').fill(user.password)
  await page.getByRole('button', { name: 'Link wallet', exact: true }).click()
  await expect(page.getByRole('status')).toHaveText(/^Wallet 0x[0-9a-fA-F]{40} linked\.$/)
  await expect(page.getByTestId('wallets.item')).toHaveCount(1)
})
