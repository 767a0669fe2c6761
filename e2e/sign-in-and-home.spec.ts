import { expect, test } from './support/fixtures'
import { ACCOUNT_IDS, DEMO_PASSWORD } from '../fixtures/personas'
import { CashApp, freshUser } from './support/cash-app'
import { persona, type PersonaKey } from '../fixtures/personas'

/** This spec's subject is signing in: every persona signs in through the page here, not with a stored session. */
async function signInThroughPage(app: CashApp, key: PersonaKey) {
  await app.openSignIn()
  await app.submitSignIn(persona(key).email, DEMO_PASSWORD)
  await expect(app.page.getByRole('heading', { name: 'Home' })).toBeVisible()
}

test.describe('home shows each persona’s real balances from the ledger', () => {
  test('personal holder: Direct Pay, 2,500 USDC spendable and 1.2 weETH', async ({ page }) => {
    const app = new CashApp(page)
    await signInThroughPage(app, 'personal')
    await expect(app.section('Spendable')).toContainText('$2,500.00')
    await expect(app.section('Spendable')).toContainText('Direct Pay')
    const balances = app.section('Balances')
    await expect(balances.getByRole('listitem').filter({ hasText: 'USDC' })).toContainText('$2,500.00')
    await expect(balances.getByRole('listitem').filter({ hasText: 'weETH' })).toContainText('1.2 weETH')
    await expect(balances.getByRole('listitem').filter({ hasText: 'weETH' })).toContainText('$3,780.00')
    await expect(app.section('Recent activity')).toContainText('USDC deposit')
  })

  test('borrower: Borrow mode, debt and what the weETH collateral lets them spend', async ({ page }) => {
    const app = new CashApp(page)
    await signInThroughPage(app, 'borrower')
    // 3 weETH × $3,150 × 55 % + 150 USDC × 90 % − 1,200 debt = 4,132.50
    await expect(app.section('Spendable')).toContainText('$4,132.50')
    await expect(app.section('Spendable')).toContainText('Borrow')
    await expect(app.section('Balances').getByRole('listitem').filter({ hasText: 'Borrowed' })).toContainText(
      '$1,200.00',
    )
    await expect(app.section('Balances').getByRole('listitem').filter({ hasText: 'weETH' })).toContainText('3 weETH')
    await expect(app.section('Recent activity')).toContainText('-$1,200.00')
  })

  test('corporate owner and member both see Acme Labs’ balances', async ({ page }) => {
    const app = new CashApp(page)
    await signInThroughPage(app, 'owner')
    await expect(app.section('Balances').getByRole('listitem').filter({ hasText: 'USDC' })).toContainText('$48,000.00')
    await expect(app.section('Balances').getByRole('listitem').filter({ hasText: 'USDT' })).toContainText('$5,000.00')
    await app.signOut()
    await signInThroughPage(app, 'member')
    await expect(app.section('Spendable')).toContainText('$48,000.00')
  })

  test('a new user is led to finish setup, and an admin to the back office', async ({ page }) => {
    const app = new CashApp(page)
    await signInThroughPage(app, 'new')
    await expect(page.getByRole('heading', { name: 'Finish setting up your account' })).toBeVisible()
    await app.signOut()
    await signInThroughPage(app, 'admin')
    await expect(page.getByRole('heading', { name: 'You are signed in as staff' })).toBeVisible()
  })

  test('a deposit shows on home after reload: the numbers come from the server', async ({ page, request }) => {
    const admin = await request.post('/app/cash/api/v1/auth/sign-in', {
      data: { email: 'admin@demo.cash', password: DEMO_PASSWORD, client: 'native' },
    })
    const { token } = await admin.json()
    const app = new CashApp(page)
    await signInThroughPage(app, 'borrower')
    await expect(app.section('Balances').getByRole('listitem').filter({ hasText: 'USDT' })).toHaveCount(0)
    const deposit = await request.post('/app/cash/api/v1/sandbox/deposits', {
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': `e2e-usdt-${Date.now()}` },
      data: { accountId: ACCOUNT_IDS.borrower, asset: 'USDT', amount: '25.5' },
    })
    expect(deposit.status()).toBe(201)
    await page.reload()
    await expect(app.section('Balances').getByRole('listitem').filter({ hasText: 'USDT' })).toContainText('$25.50')
  })
})

test.describe('sign-in errors', () => {
  test('a wrong password shows a clear error at the password field', async ({ page }) => {
    const app = new CashApp(page)
    await app.openSignIn()
    await app.submitSignIn('personal@demo.cash', 'not-my-password')
    const password = page.getByLabel('Password')
    await expect(password).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByText('That e-mail and password do not match an account.')).toBeVisible()
    await expect(page).toHaveURL(/\/sign-in/)
  })

  test('a malformed e-mail is caught at its field before any request', async ({ page }) => {
    const app = new CashApp(page)
    await app.openSignIn()
    let requests = 0
    page.on('request', (r) => r.url().includes('/auth/sign-in') && requests++)
    await app.submitSignIn('not-an-email', 'whatever')
    await expect(page.getByText('Enter an e-mail address like name@example.com.')).toBeVisible()
    expect(requests).toBe(0)
  })

  test('the sixth wrong password in a row is refused for a while', async ({ page, request }) => {
    const user = await freshUser(request, 'lockout')
    const app = new CashApp(page)
    await app.openSignIn()
    for (let i = 1; i <= 5; i++) {
      await app.submitSignIn(user.email, `wrong-password-${i}`)
      await expect(page.getByText('That e-mail and password do not match an account.')).toBeVisible()
    }
    await app.submitSignIn(user.email, 'wrong-password-6')
    await expect(page.getByRole('alert').filter({ hasText: 'Too many wrong passwords' })).toContainText(
      'paused for 15 minutes',
    )
    await app.submitSignIn(user.email, user.password)
    await expect(page.getByRole('alert').filter({ hasText: 'Too many wrong passwords' })).toBeVisible()
    await expect(page).toHaveURL(/\/sign-in/)
  })
})

test.describe('signed out', () => {
  test('a product route leads to sign-in and back after', async ({ page }) => {
    await page.goto('/app/cash/settings/profile-details')
    await expect(page).toHaveURL(/\/app\/cash\/sign-in\?next=%2Fapp%2Fcash%2Fsettings%2Fprofile-details/)
    const app = new CashApp(page)
    await app.submitSignIn('personal@demo.cash', DEMO_PASSWORD)
    await expect(page).toHaveURL(/\/app\/cash\/settings\/profile-details$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile details')
  })

  test('home leads to sign-in and back to home', async ({ page }) => {
    await page.goto('/app/cash')
    await expect(page).toHaveURL(/\/app\/cash\/sign-in\?next=%2Fapp%2Fcash$/)
    await new CashApp(page).submitSignIn('owner@acme.demo.cash', DEMO_PASSWORD)
    await expect(page).toHaveURL(/\/app\/cash\/?$/)
    await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible()
  })
})
