import { expect, test } from '@playwright/test'
import { apiAs } from './support/api'
import { CashApp, freshUser } from './support/cash-app'

test('a new sign-up opens an account, passes KYC, creates a safe at the address shown before, and gets a first card', async ({ page, request }) => {
  const user = await freshUser(page.request, 'onboard')
  const app = new CashApp(page)
  await app.openSignIn()
  await app.submitSignIn(user.email, user.password)
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible()
  await page.goto('/app/cash/onboarding/personal')
  const steps = page.getByTestId('onboarding.steps')
  await expect(steps.getByRole('listitem').first()).toContainText('Next')
  await page.getByLabel('Time zone').selectOption('America/Sao_Paulo')
  await page.getByRole('button', { name: 'Open account' }).click()
  await expect(page.getByRole('link', { name: 'Verify your identity' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Step 1 of 4 done' })).toBeVisible()

  // The identity provider approves (the KYC screens are their own spec).
  const me = (await (await page.request.get('/app/cash/api/v1/auth/session')).json()) as { user: { id: string } }
  await (await apiAs(request, 'admin')).post(`/sandbox/users/${me.user.id}/kyc`, { status: 'approved' })
  await page.reload()
  await page.getByRole('link', { name: 'Create your safe' }).click()
  await expect(page).toHaveURL(/\/app\/cash\/safe-creation\?next=/)
  const predicted = (await page.getByTestId('safe.predicted-address').textContent())!
  expect(predicted).toMatch(/^0x[0-9a-fA-F]{40}$/)
  await page.getByRole('button', { name: 'Create safe' }).click()
  const success = page.getByTestId('safe.success')
  await expect(success).toContainText(predicted)
  await expect(success.getByRole('status')).toContainText('Deployed on Scroll.', { timeout: 15_000 })
  await success.getByRole('link', { name: 'Continue' }).click()

  await expect(page).toHaveURL(/\/app\/cash\/onboarding\/personal$/)
  await page.getByRole('link', { name: 'Order your card' }).click()
  await page.getByRole('button', { name: 'Get my virtual card' }).click()
  await expect(page).toHaveURL(/\/app\/cash\/onboarding\/personal$/)
  await expect(page.getByRole('heading', { name: 'All set' })).toBeVisible()
  await page.goto('/app/cash/safe')
  await expect(page.getByTestId('safe.summary')).toContainText(predicted)
})

test('the safe page lists pending security operations with countdowns, and recovery asks for confirmation', async ({ page }) => {
  await new CashApp(page).signInAs('owner')
  await page.goto('/app/cash/safe')
  await expect(page.getByTestId('safe.summary')).toContainText('Olivia Okafor')
  await expect(page.getByTestId('safe.operations')).toBeVisible()
  const recovery = page.getByTestId('safe.recovery')
  await recovery.getByLabel('Incoming owner’s address').fill('0x52908400098527886E0F7030069857D2E4169EE7')
  await recovery.getByRole('button', { name: 'Start a recovery' }).click()
  await page.getByLabel('Password').fill('cash-demo-2026')
  await page.getByRole('button', { name: 'Confirm', exact: true }).click()
  await expect(page.getByTestId('safe.recovery.open')).toContainText('0 of 2 approvals')
  await page.getByRole('button', { name: 'Cancel the recovery' }).click()
  await page.getByLabel('Password').fill('cash-demo-2026')
  await page.getByRole('button', { name: 'Confirm', exact: true }).click()
  await expect(page.getByTestId('safe.recovery.open')).toHaveCount(0)
})
