import { expect, test } from './support/fixtures'
import { apiAs } from './support/api'
import { CashApp } from './support/cash-app'
import { SAFE_DEPLOY_BLOCKS } from '../domain/safe'

/** The sandbox chain deploys a safe SAFE_DEPLOY_BLOCKS blocks after it is asked (a block every 250 ms). */
const SAFE_DEPLOY_SECONDS = Math.ceil(((SAFE_DEPLOY_BLOCKS + 1) * 250) / 1000)
import { fillKyb, fillKyc, providerDecides, signUpInBrowser } from './support/identity'

test(
  'a new sign-up opens an account, verifies their identity, creates ' +
    'a safe at the address shown before, and gets a first card',
  async ({ page, serverClock }) => {
    await signUpInBrowser(page, {
      name: 'Olga Onboard',
      email: `onboard-${Date.now()}@example.com`,
      password: 'a-long-password-1',
    })
    await page.getByRole('link', { name: 'Continue setup' }).click()
    await expect(page).toHaveURL(/\/app\/cash\/onboarding\/personal$/)
    await expect(page.getByTestId('onboarding.steps').getByRole('listitem').first()).toContainText('Next')
    await page.getByLabel('Time zone').selectOption('America/Sao_Paulo')
    await page.getByRole('button', { name: 'Open account' }).click()
    await expect(page.getByRole('heading', { name: 'Step 1 of 4 done' })).toBeVisible()

    await page.getByRole('link', { name: 'Verify your identity' }).click()
    await fillKyc(page, 'Olga Onboard')
    await expect(page.getByText(/We expect a decision by/)).toBeVisible()
    await providerDecides(serverClock)
    await expect(page.getByRole('heading', { name: 'Your identity is verified' })).toBeVisible()
    await page.getByRole('link', { name: 'Continue' }).click()

    await expect(page).toHaveURL(/\/app\/cash\/onboarding\/personal$/)
    await page.getByRole('link', { name: 'Create your safe' }).click()
    const predicted = (await page.getByTestId('safe.predicted-address').textContent())!
    expect(predicted).toMatch(/^0x[0-9a-fA-F]{40}$/)
    await page.getByRole('button', { name: 'Create safe' }).click()
    const success = page.getByTestId('safe.success')
    await expect(success).toContainText(predicted)
    // The sandbox chain reports the deployment a few blocks later.
    await serverClock.advance(SAFE_DEPLOY_SECONDS)
    await expect(success.getByRole('status')).toContainText('Deployed on Scroll.')
    await success.getByRole('link', { name: 'Continue' }).click()

    await page.getByRole('link', { name: 'Order your card' }).click()
    await page.getByRole('button', { name: 'Get my virtual card' }).click()
    await expect(page).toHaveURL(/\/app\/cash\/onboarding\/personal$/)
    await expect(page.getByRole('heading', { name: 'All set' })).toBeVisible()
    await page.goto('/app/cash/safe')
    await expect(page.getByTestId('safe.summary')).toContainText(predicted)
    await page.goto('/app/cash/card/@personal')
    await expect(page.getByRole('region', { name: /^Card ending \d{4}$/ })).toHaveCount(1)
  },
)

test(
  'a company sign-up verifies the business with one beneficial ' +
    'owner and invites a member who joins from the e-mail',
  async ({ page, browser, request, serverClock }) => {
    const founder = { name: 'Fay Founder', email: `founder-${Date.now()}@example.com`, password: 'a-long-password-1' }
    await signUpInBrowser(page, founder)
    await page.goto('/app/cash/onboarding/corporate')
    await page.getByLabel('Company name').fill('Fay Widgets Ltd')
    await page.getByRole('button', { name: 'Open account' }).click()
    await page.getByRole('link', { name: 'Verify your business' }).click()
    await fillKyb(page, { name: 'Fay Widgets Ltd', ownerName: founder.name, ownerEmail: founder.email, share: '100' })
    await expect(page.getByRole('list', { name: 'Beneficial owners' })).toContainText(founder.name)
    await providerDecides(serverClock)
    await expect(page.getByRole('heading', { name: 'Your company is verified' })).toBeVisible()
    await page.getByRole('link', { name: 'Continue' }).click()
    await expect(page.getByTestId('onboarding.steps')).toContainText('Create the company’s safe')

    await page.goto('/app/cash/people')
    const member = `teammate-${Date.now()}@example.com`
    await page.getByLabel('Their e-mail').fill(member)
    await page.getByLabel('Role', { exact: true }).selectOption('member')
    await page.getByRole('button', { name: 'Send invitation' }).click()
    await expect(page.getByRole('status')).toContainText(`Invitation sent to ${member}`)

    const mail = (await (await apiAs(request, 'admin')).get(`/sandbox/mail?to=${encodeURIComponent(member)}`)) as {
      items: { body: string }[]
    }
    const link = new URL(/(https?:\/\/\S+accept-invite\?token=[\w-]+)/.exec(mail.items[0]!.body)![1]!)
    const context = await browser.newContext()
    const guest = await context.newPage()
    await guest.goto(link.pathname + link.search)
    await expect(guest.getByText('Fay Founder invited you to join Fay Widgets Ltd as Member.')).toBeVisible()
    const form = guest.getByRole('form', { name: 'New to Cash? Create your account to accept.' })
    await form.getByLabel('Full name').fill('Tom Teammate')
    await form.getByLabel('Password').fill('a-long-password-1')
    await form.getByRole('button', { name: 'Create account' }).click()
    await guest.getByRole('button', { name: 'Join Fay Widgets Ltd' }).click()
    await expect(guest.getByRole('heading', { name: 'Home' })).toBeVisible()
    await page.reload()
    await expect(page.getByRole('listitem', { name: 'Tom Teammate' })).toContainText(member)
    await context.close()
  },
)

test('the safe page lists pending security operations with countdowns, and recovery asks for confirmation', async ({
  page,
}) => {
  await new CashApp(page).useSession('owner')
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
