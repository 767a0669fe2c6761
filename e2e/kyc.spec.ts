import { expect, test } from '@playwright/test'
import { CashApp, freshUser } from './support/cash-app'
import { DECISION, file, fillKyb, fillKyc, JPEG, signInFresh } from './support/identity'


test('a new person verifies their identity with photos, follows the review and continues where they were going', async ({ page, request }) => {
  test.setTimeout(60_000)
  await signInFresh(page, request, 'kyc-ok', '/app/cash/kyc?next=/app/cash/order-card/@personal')
  await expect(page.getByRole('heading', { name: 'Verify your identity' })).toBeVisible()
  // Refusals land at the file's field, before anything is sent.
  const selfie = page.getByLabel('A selfie (your face, clearly visible)', { exact: true })
  await selfie.setInputFiles(file('selfie.png', Buffer.from('GIF89a not really a png'), 'image/png'))
  await expect(page.getByTestId('kyc.selfie').getByRole('alert')).toHaveText('This file is not a JPEG or PNG image.')
  await selfie.setInputFiles(file('huge.jpg', Buffer.concat([JPEG, Buffer.alloc(5 * 1024 * 1024)]), 'image/jpeg'))
  await expect(page.getByTestId('kyc.selfie').getByRole('alert')).toHaveText('This file is larger than 5 MB. Choose a smaller photo or scan.')
  await expect(page.getByTestId('kyc.selfie')).toContainText('huge.jpg (5 MB)')
  await page.getByLabel('Date of birth').fill('2020-01-01')
  await page.getByRole('button', { name: 'Submit for verification' }).click()
  await expect(page.getByText('You must be 18 or older.')).toBeVisible()

  await fillKyc(page, 'Test User')
  await expect(page.getByRole('heading', { name: /Submitted|In review/ })).toBeVisible()
  await expect(page.getByText(/We expect a decision by/)).toBeVisible()
  await expect(page.getByRole('heading', { name: 'In review' })).toBeVisible(DECISION)
  await expect(page.getByRole('heading', { name: 'Your identity is verified' })).toBeVisible(DECISION)
  await expect(page.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/app/cash/order-card/@personal')
})

test('Rita Reject sees why she was rejected and submits again', async ({ page, request }) => {
  test.setTimeout(60_000)
  await signInFresh(page, request, 'kyc-rita', '/app/cash/kyc')
  await fillKyc(page, 'Rita Reject')
  await expect(page.getByRole('heading', { name: 'We could not verify your identity' })).toBeVisible(DECISION)
  await expect(page.getByText('Reason: The document is expired')).toBeVisible()
  await page.getByRole('button', { name: 'Submit again' }).click()
  await fillKyc(page, 'Rita Renewed')
  await expect(page.getByRole('heading', { name: 'Your identity is verified' })).toBeVisible(DECISION)
})

test('a company owner verifies the business with a beneficial owner and company documents', async ({ page, request }) => {
  test.setTimeout(60_000)
  const user = await freshUser(request, 'kyb-owner')
  const signIn = await request.post('/app/cash/api/v1/auth/sign-in', { data: { email: user.email, password: user.password, client: 'native' } })
  const { token } = (await signIn.json()) as { token: string }
  const opened = await request.post('/app/cash/api/v1/accounts', { headers: { authorization: `Bearer ${token}` }, data: { kind: 'corporate', name: 'Test Widgets Ltd' } })
  expect(opened.status()).toBe(201)
  const app = new CashApp(page)
  await app.openSignIn('/app/cash/kyb')
  await app.submitSignIn(user.email, user.password)
  await expect(page.getByRole('heading', { name: 'Verify your business' })).toBeVisible()
  await fillKyb(page, { name: 'Test Widgets Ltd', ownerName: 'Test User', ownerEmail: user.email, share: '20' })
  const owner = page.getByTestId('kyb.owner.0')
  await expect(owner.getByText('A beneficial owner holds 25 % or more.')).toBeVisible()
  await owner.getByLabel('Ownership (%)').fill('100')
  await page.getByRole('button', { name: 'Submit for verification' }).click()
  await expect(page.getByRole('list', { name: 'Beneficial owners' })).toContainText('Test User')
  await expect(page.getByRole('heading', { name: 'Your company is verified' })).toBeVisible(DECISION)
})
